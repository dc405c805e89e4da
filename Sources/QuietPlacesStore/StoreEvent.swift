import QuietPlacesGame
import QuietPlacesJWS
import QuietPlacesStoreKit

/// Where a transaction came from on its way into the delivery pipeline.
public enum DeliverySource: String, Sendable, Equatable {
  /// The result of a purchase in the app.
  case purchase
  /// `Transaction.updates`.
  case updates
  /// `Transaction.unfinished` at launch.
  case unfinished
  /// Current entitlements, read at launch or on restore.
  case entitlements
}

/// What the app side did with a transaction or with ownership; the REPL prints these.
public enum StoreEvent: Sendable, Equatable {
  /// Delivered, saved and finished: Postmarks added or a permanent purchase unlocked.
  case delivered(id: TransactionID, product: ProductID, source: DeliverySource)
  /// Already in the ledger: finished without delivering again.
  case alreadyDelivered(id: TransactionID, product: ProductID, source: DeliverySource)
  /// Already in the ledger, of a permanent purchase the app did not own: owned again, saved, then
  /// finished (the ledger is not changed).
  case ownedAgain(id: TransactionID, product: ProductID, source: DeliverySource)
  /// The signature did not verify: not delivered, not finished.
  case rejectedUnverified(id: TransactionID?, productID: String?, reason: JWSError, source: DeliverySource)
  /// Not this app's bundle or not one of its products: not delivered, not finished.
  case rejectedUnrecognised(id: TransactionID, productID: String, bundleID: String, source: DeliverySource)
  /// A revoked non-consumable: removed (if it was owned), saved, finished.
  case revoked(id: TransactionID, product: ProductID, removed: Bool, source: DeliverySource)
  /// A revoked consumable: recorded and finished; Postmarks are not taken back. `before` is what
  /// the ledger held of it: delivered, nothing (a purchase whose save failed, refunded before its
  /// delivery), or its refund already (the revocation sent again).
  case revokedConsumable(
    id: TransactionID, product: ProductID, before: LedgerStanding, source: DeliverySource)
  /// The save failed: the change was rolled back and the transaction stays unfinished until the next launch.
  case saveFailed(id: TransactionID, product: ProductID, source: DeliverySource)
  /// A refund's removal could not be saved: the change was rolled back, the benefit stays until the
  /// next launch removes it, and the revocation stays unfinished until then.
  case revocationNotSaved(id: TransactionID, product: ProductID, source: DeliverySource)
  /// The transaction waits for the next launch after a failed save; not delivered now.
  case heldForLaunch(id: TransactionID, product: ProductID, source: DeliverySource)
  /// An entitlement the read found was refunded while the read was in flight: not granted back.
  case revokedDuringRead(id: TransactionID, product: ProductID)
  /// Reconciliation with current entitlements granted or removed ownership.
  case reconciled(granted: [PermanentPurchase], removed: [PermanentPurchase])
  /// Reconciliation could not save; ownership is as it was.
  case reconciliationNotSaved
}

/// What the ledger held of a transaction when its revocation arrived.
public enum LedgerStanding: Sendable, Equatable {
  /// Delivered, and not refunded.
  case delivered
  /// Not in the ledger: never delivered on this device.
  case absent
  /// Its refund was recorded already: this revocation came again.
  case refunded
}
