import QuietPlacesStore
import Synchronization

/// Faults a tester arms to walk the app's recovery paths: a failing disk and crashes.
///
/// The app knows nothing of them: a failing disk is a ``FaultySaveStorage`` under the app, and the
/// crashes answer the app's ``CrashHook``. Shared between the device that arms them and the running
/// app that meets them; a `Mutex` guards the flags.
public final class AppFaults: Sendable {
  /// How writing the save fails, in the order a tester reaches for them.
  public enum SaveFailure: String, Sendable, Codable, CaseIterable {
    /// The next write fails, then writes succeed again.
    case once
    /// Every write fails until turned off.
    case on
    /// Writes succeed.
    case off
  }

  /// Everything armed at one instant, as a snapshot keeps it.
  public struct Setting: Sendable, Equatable {
    /// How writing the save fails.
    public var saveFailure: SaveFailure
    /// A crash after the next verified transaction arrives, before it is saved.
    public var crashBeforeSave: Bool
    /// A crash after the next delivery is saved, before `finish()`.
    public var crashBeforeFinish: Bool

    /// Nothing armed.
    public static let none = Setting(saveFailure: .off, crashBeforeSave: false, crashBeforeFinish: false)

    public init(saveFailure: SaveFailure, crashBeforeSave: Bool, crashBeforeFinish: Bool) {
      self.saveFailure = saveFailure
      self.crashBeforeSave = crashBeforeSave
      self.crashBeforeFinish = crashBeforeFinish
    }
  }

  private struct State {
    var saveFailure = SaveFailure.off
    var armed: Set<AppCrash.Point> = []
  }

  private let state = Mutex(State())

  /// Nothing armed.
  init() {}

  /// How writing the save fails now.
  var saveFailure: SaveFailure {
    get { state.withLock { $0.saveFailure } }
    set { state.withLock { $0.saveFailure = newValue } }
  }

  /// Arms a crash the next time the app reaches `point`.
  func armCrash(at point: AppCrash.Point) {
    _ = state.withLock { $0.armed.insert(point) }
  }

  /// Everything armed now; setting it replaces what was armed.
  var setting: Setting {
    get {
      state.withLock {
        Setting(
          saveFailure: $0.saveFailure, crashBeforeSave: $0.armed.contains(.beforeSave),
          crashBeforeFinish: $0.armed.contains(.beforeFinish))
      }
    }
    set {
      state.withLock { state in
        state.saveFailure = newValue.saveFailure
        state.armed = []
        if newValue.crashBeforeSave { state.armed.insert(.beforeSave) }
        if newValue.crashBeforeFinish { state.armed.insert(.beforeFinish) }
      }
    }
  }

  /// The app's crash hook: it dies at an armed point, and the fault is used up.
  var crashHook: CrashHook {
    { [self] point in takeCrash(at: point) }
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

  private func takeCrash(at point: AppCrash.Point) -> Bool {
    state.withLock { $0.armed.remove(point) != nil }
  }
}
