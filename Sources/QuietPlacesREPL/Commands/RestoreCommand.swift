import QuietPlacesStore
import Synchronization

/// `restore`: `AppStore.sync()`, then reconciliation of permanent purchases.
struct RestoreCommand: REPLCommand {
  static let name = "restore"
  static let usage = ["restore"]
  static let summary = "restore purchases: sync with the App Store, then reconcile the permanent ones"
  static let topic = HelpTopic.store

  init(parsing arguments: [String]) throws(CommandError) { try Self.expectNoArguments(arguments) }

  /// Sync then reconcile; with a delayed restore, it waits for `store continue`.
  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    let app = try session.requireApp(Self.name)
    guard session.restoreInFlight == nil else {
      throw .usage(command: Self.name, expected: "no restore in flight; one waits for store continue")
    }
    let progress = Progress()
    session.restoreInFlight = progress
    Task {
      let outcome = await app.restore()
      progress.finish(outcome)
    }
    return await Self.awaitRestore(progress, in: session)
  }

  /// Waits until the restore finishes or stops to wait for `store continue`, whichever comes first.
  static func awaitRestore(_ progress: Progress, in session: Session) async -> [OutputLine] {
    let store = session.store
    let finished = await withTaskGroup(of: RestoreOutcome?.self) { group in
      group.addTask { await progress.outcome() }
      group.addTask {
        await store.restoreWaits()
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first
    }
    guard let outcome = finished else {
      return [.info("Restore read current entitlements and waits (store continue lets it finish).")]
    }
    session.restoreInFlight = nil
    // What the restore delivered reads before its summary.
    let delivered = await session.deliveredLines()
    session.remember(delivered)
    return delivered + .info(describe(outcome))
  }

  private static func describe(_ outcome: RestoreOutcome) -> [String] {
    switch outcome {
    case .restored(let owned):
      let list = owned.isEmpty ? "nothing" : Text.list(owned.map(Text.permanentName))
      return ["Restore finished: owned \(list)."]
    case .storeUnreachable(let owned):
      let list = owned.isEmpty ? "nothing" : Text.list(owned.map(Text.permanentName))
      return ["Restore could not reach the App Store; ownership kept: \(list)."]
    case .crashed:
      // The crash itself is reported with the app's other store lines.
      return []
    }
  }

  /// A restore running in the background, and its outcome once it has one.
  final class Progress: Sendable {
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
}
