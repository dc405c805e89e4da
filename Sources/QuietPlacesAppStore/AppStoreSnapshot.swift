import QuietPlacesStoreKit

/// What the simulated store holds at one moment, for the REPL's `transactions` command.
public struct AppStoreSnapshot: Sendable, Equatable {
  /// Every transaction of the account, in ID order.
  public var transactions: [AccountTransaction]
  /// Purchases waiting for approval (Ask to Buy), oldest first.
  public var pendingApprovals: [WaitingPurchase]
  /// Interrupted purchases waiting for `resolve`, oldest first.
  public var interruptedPurchases: [WaitingPurchase]
  /// The transaction IDs of the updates not yet acknowledged, oldest first (forged ones included).
  public var queuedUpdates: [TransactionID]
  /// The test controls.
  public var settings: AppStoreSettings
  /// Whether an app observes `updates` now.
  public var listenerAttached: Bool
  /// Whether a delayed restore's sync waits for `continueRestore`.
  public var restoreWaiting: Bool
  /// The ID the next transaction will get.
  public var nextTransactionID: TransactionID
  /// The simulated clock, in seconds.
  public var clock: Int64
  /// Whether the device's StoreKit cache is in step with the account.
  public var deviceInStep: Bool
  /// How many updates wait for the device to sync.
  public var heldUpdates: Int

  /// Makes a snapshot.
  public init(
    transactions: [AccountTransaction], pendingApprovals: [WaitingPurchase],
    interruptedPurchases: [WaitingPurchase], queuedUpdates: [TransactionID], settings: AppStoreSettings,
    listenerAttached: Bool, restoreWaiting: Bool, nextTransactionID: TransactionID, clock: Int64,
    deviceInStep: Bool = true, heldUpdates: Int = 0
  ) {
    self.transactions = transactions
    self.pendingApprovals = pendingApprovals
    self.interruptedPurchases = interruptedPurchases
    self.queuedUpdates = queuedUpdates
    self.settings = settings
    self.listenerAttached = listenerAttached
    self.restoreWaiting = restoreWaiting
    self.nextTransactionID = nextTransactionID
    self.clock = clock
    self.deviceInStep = deviceInStep
    self.heldUpdates = heldUpdates
  }
}
