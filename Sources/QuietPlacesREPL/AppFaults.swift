import QuietPlacesStore
import Synchronization

/// Faults a tester arms to walk the app's recovery paths: a failing disk and crashes.
///
/// The app knows nothing of them: a failing disk is a ``FaultySaveStorage`` under the app, and the
/// crashes answer the app's ``CrashHook``. Shared between the session that arms them and the running
/// app that meets them; a `Mutex` guards the flags.
final class AppFaults: Sendable {
  /// How writing the save fails.
  enum SaveFailure: String, Sendable {
    /// Writes succeed.
    case off
    /// The next write fails, then writes succeed again.
    case once
    /// Every write fails until turned off.
    case on
  }

  private struct State {
    var saveFailure = SaveFailure.off
    var armed: Set<AppCrash.Point> = []
  }

  private let state = Mutex(State())

  /// How writing the save fails now.
  var saveFailure: SaveFailure {
    get { state.withLock { $0.saveFailure } }
    set { state.withLock { $0.saveFailure = newValue } }
  }

  /// Arms a crash the next time the app reaches `point`.
  func armCrash(at point: AppCrash.Point) {
    _ = state.withLock { $0.armed.insert(point) }
  }

  /// Which crashes are armed.
  var armedCrashes: (beforeSave: Bool, beforeFinish: Bool) {
    state.withLock { ($0.armed.contains(.beforeSave), $0.armed.contains(.beforeFinish)) }
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
