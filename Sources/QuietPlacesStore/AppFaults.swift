import Synchronization

/// Faults a tester arms in the app to walk the recovery paths: a failing disk and crashes.
///
/// Shared between the session that arms them and the running app that meets them; a `Mutex`
/// guards the flags.
public final class AppFaults: Sendable {
  /// How writing the save fails.
  public enum SaveFailure: String, Sendable {
    /// Writes succeed.
    case off
    /// The next write fails, then writes succeed again.
    case once
    /// Every write fails until turned off.
    case on
  }

  private struct State {
    var saveFailure = SaveFailure.off
    var crashBeforeSave = false
    var crashBeforeFinish = false
  }

  private let state = Mutex(State())

  public init() {}

  /// How writing the save fails now.
  public var saveFailure: SaveFailure {
    get { state.withLock { $0.saveFailure } }
    set { state.withLock { $0.saveFailure = newValue } }
  }

  /// Arms a crash after the next verified transaction arrives, before it is delivered and saved.
  public func armCrashBeforeSave() { state.withLock { $0.crashBeforeSave = true } }

  /// Arms a crash after the next delivery is saved, before `finish()`.
  public func armCrashBeforeFinish() { state.withLock { $0.crashBeforeFinish = true } }

  /// Which crashes are armed.
  public var armedCrashes: (beforeSave: Bool, beforeFinish: Bool) {
    state.withLock { ($0.crashBeforeSave, $0.crashBeforeFinish) }
  }

  /// Whether this write should fail; a `once` failure is used up.
  func takeSaveFailure() -> Bool {
    state.withLock { state in
      switch state.saveFailure {
      case .off: return false
      case .on: return true
      case .once:
        state.saveFailure = .off
        return true
      }
    }
  }

  /// Whether to crash before saving a delivery; the fault is used up.
  func takeCrashBeforeSave() -> Bool {
    state.withLock { state in
      defer { state.crashBeforeSave = false }
      return state.crashBeforeSave
    }
  }

  /// Whether to crash before finishing; the fault is used up.
  func takeCrashBeforeFinish() -> Bool {
    state.withLock { state in
      defer { state.crashBeforeFinish = false }
      return state.crashBeforeFinish
    }
  }
}
