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

  /// Waits until the restore finishes or stops to wait for `store continue`.
  static func awaitRestore(_ progress: Progress, in session: Session) async -> [OutputLine] {
    while true {
      if let outcome = progress.outcome {
        session.restoreInFlight = nil
        // What the restore delivered reads before its summary.
        let delivered = await session.deliveredLines()
        session.remember(delivered)
        return delivered + .info(describe(outcome))
      }
      if await session.store.snapshot().restoreWaiting {
        return [.info("Restore read current entitlements and waits (store continue lets it finish).")]
      }
      await Task.yield()
    }
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
    private let state = Mutex<RestoreOutcome?>(nil)

    /// The outcome, once the restore has finished.
    var outcome: RestoreOutcome? { state.withLock { $0 } }

    /// Records the outcome.
    func finish(_ outcome: RestoreOutcome) { state.withLock { $0 = outcome } }
  }
}
