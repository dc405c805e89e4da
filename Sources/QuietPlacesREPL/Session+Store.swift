import QuietPlacesAppStore
import QuietPlacesGame
import QuietPlacesStore
import QuietPlacesStoreKit
import Synchronization

extension Session {
  /// `buy PRODUCT`: the purchase flow through the app side; the delivery lines follow from the journal.
  func purchase(_ product: ProductID) async throws(CommandError) -> [String] {
    let app = try requireApp("buy")
    let outcome: PurchaseOutcome
    do {
      outcome = try await app.purchase(product)
    } catch {
      return []
    }
    switch outcome {
    case .purchased(let item):
      return ["Bought \(item.displayName) for \(item.displayPrice)."]
    case .cancelled(let item):
      return ["The purchase sheet for \(item.displayName) was cancelled; nothing granted, nothing charged."]
    case .pending(let item):
      return ["\(item.displayName) waits for approval (Ask to Buy); nothing granted yet."]
    case .failed(let item, let error):
      return [
        "The purchase of \(item.displayName) did not complete (\(Self.describe(error))); nothing granted."
      ]
    case .unavailable(let id):
      throw .usage(
        command: "buy \(id.rawValue)",
        expected:
          "a product the App Store returned; \(Text.productName(id)) is unavailable, so it has no price and cannot be bought"
      )
    case .alreadyOwned(let id):
      return ["You already own \(Text.productName(id)); nothing bought, nothing charged."]
    case .storeUnreachable(let id):
      throw .usage(
        command: "buy \(id.rawValue)",
        expected: "the App Store to be reachable; it is not (offline), so nothing can be bought or priced")
    }
  }

  static func describe(_ error: StoreError) -> String {
    switch error {
    case .networkError: "the App Store cannot be reached"
    case .productUnavailable: "the product is unavailable"
    case .purchaseFailed: "the App Store reported a failed purchase; nothing was charged"
    case .purchaseInterrupted:
      "interrupted: the purchase needs action outside the app; once resolved it arrives through updates"
    }
  }

  /// `restore`: sync then reconcile; with a delayed restore, it waits for `store continue`.
  func restore() async throws(CommandError) -> [String] {
    let app = try requireApp("restore")
    guard restoreInFlight == nil else {
      throw .usage(command: "restore", expected: "no restore in flight; one waits for store continue")
    }
    let progress = RestoreProgress()
    restoreInFlight = progress
    Task {
      let outcome = await app.restore()
      progress.finish(outcome)
    }
    return await awaitRestore(progress)
  }

  /// Waits until the restore finishes or stops to wait for `store continue`.
  func awaitRestore(_ progress: RestoreProgress) async -> [String] {
    while true {
      if let outcome = progress.outcome {
        restoreInFlight = nil
        // What the restore delivered reads before its summary.
        let delivered = await app?.drainJournal().map { Text.storeEvent($0, rules: rules) } ?? []
        remember(delivered)
        return delivered + Self.describe(outcome)
      }
      if await store.snapshot().restoreWaiting {
        return ["Restore read current entitlements and waits (store continue lets it finish)."]
      }
      await Task.yield()
    }
  }

  static func describe(_ outcome: RestoreOutcome) -> [String] {
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

  /// `delete-app`: the app closes without saving and its save is deleted; the store's account stays.
  func deleteApp() async -> [String] {
    if let app {
      await app.terminate()
      self.app = nil
    }
    restoreInFlight = nil
    storage.delete()
    return [
      "The app and its save are deleted (game, Postmarks, ledger, entitlements); the App Store account stays. launch starts a new game and restores what the account owns."
    ]
  }
}

/// A restore running in the background, and its outcome once it has one.
final class RestoreProgress: Sendable {
  private let state = Mutex<RestoreOutcome?>(nil)

  /// The outcome, once the restore has finished.
  var outcome: RestoreOutcome? { state.withLock { $0 } }

  /// Records the outcome.
  func finish(_ outcome: RestoreOutcome) { state.withLock { $0 = outcome } }
}
