import QuietPlacesDevice
import QuietPlacesStore
import QuietPlacesStoreKit

/// `restore`: `AppStore.sync()`, then reconciliation of permanent purchases.
struct RestoreCommand: REPLCommand {
  static let name = "restore"
  static let usage = ["restore"]
  static let summary = "restore purchases: sync with the App Store, then reconcile the permanent ones"
  static let topic = HelpTopic.store

  init(parsing arguments: [String]) throws(CommandError) { try Self.expectNoArguments(arguments) }

  /// Sync then reconcile; with a delayed restore, it waits for `store continue`.
  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    try session.requireOpen(Self.name)
    let restoring: Device.Restoring
    do {
      restoring = try await session.device.restorePurchases()
    } catch {
      throw CommandError(error, command: Self.name)
    }
    return await Self.describe(restoring, in: session)
  }

  /// How far a restore got (`restore`, `store continue`): it waits, or what it delivered and how it
  /// ended.
  static func describe(_ restoring: Device.Restoring, in session: Session) async -> [OutputLine] {
    guard case .finished(let outcome) = restoring else {
      return [.info("Restore syncs and waits (store continue lets it read entitlements and finish).")]
    }
    session.step.restored = outcome
    // What the restore delivered reads before its summary.
    let delivered = session.storeLines(await session.device.drainJournal())
    session.remember(delivered)
    return delivered + .info(describe(outcome))
  }

  private static func describe(_ outcome: RestoreOutcome) -> [String] {
    switch outcome {
    case .restored(let owned):
      let list = owned.isEmpty ? "nothing" : Text.list(owned.map(Text.permanentName))
      return ["Restore finished: owned \(list)."]
    case .storeUnreachable(let owned, .simulated(let api, let error)):
      let list = owned.isEmpty ? "nothing" : Text.list(owned.map(Text.permanentName))
      return [
        "Restore failed with the StoreKit configuration's \(api) error (\(error)); ownership kept: \(list)."
      ]
    case .storeUnreachable(let owned, _):
      let list = owned.isEmpty ? "nothing" : Text.list(owned.map(Text.permanentName))
      return ["Restore could not reach the App Store; ownership kept: \(list)."]
    case .crashed:
      // The crash itself is reported with the app's other store lines.
      return []
    }
  }
}
