import QuietPlacesStore
import Synchronization

/// A restore running in the background, and its outcome once it has one.
final class RestoreProgress: Sendable {
  private struct State {
    var outcome: RestoreOutcome?
    /// Callers of `outcome()` waiting, by ticket.
    var waiters: [Int: CheckedContinuation<RestoreOutcome?, Never>] = [:]
    var nextTicket = 0
  }

  private let state = Mutex(State())

  /// The outcome once the restore has finished (at once if it has), or `nil` once the calling
  /// task is cancelled.
  func outcome() async -> RestoreOutcome? {
    let ticket = state.withLock { state in
      defer { state.nextTicket += 1 }
      return state.nextTicket
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        state.withLock { state in
          if let outcome = state.outcome {
            continuation.resume(returning: outcome)
          } else if Task.isCancelled {
            continuation.resume(returning: nil)
          } else {
            state.waiters[ticket] = continuation
          }
        }
      }
    } onCancel: {
      state.withLock { $0.waiters.removeValue(forKey: ticket) }?.resume(returning: nil)
    }
  }

  /// Records the outcome and hands it to every caller waiting for it.
  func finish(_ outcome: RestoreOutcome) {
    let waiters = state.withLock { state in
      state.outcome = outcome
      defer { state.waiters = [:] }
      return state.waiters.values
    }
    for waiter in waiters { waiter.resume(returning: outcome) }
  }
}
