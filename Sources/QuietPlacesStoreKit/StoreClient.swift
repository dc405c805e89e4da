/// The store seen from the app, shaped like StoreKit 2: `Product.products(for:)`, `product.purchase()`,
/// `Transaction.updates`, `Transaction.unfinished`, `Transaction.currentEntitlements`, `AppStore.sync()`
/// and `transaction.finish()`.
///
/// The simulated App Store implements it on Linux; a StoreKit 2 adapter could implement it on Apple
/// platforms. Transactions come signed; the app verifies them itself.
public protocol StoreClient: Sendable {
  /// The products the store returns for these full IDs; missing ones are unavailable.
  func products(for identifiers: [String]) async throws(StoreError) -> [Product]
  /// Shows the purchase sheet for a product the store returned.
  func purchase(_ product: Product) async throws(StoreError) -> PurchaseResult
  /// A stream of transactions that arrive outside a purchase call: approvals, resolutions,
  /// purchases on other devices, refunds. One app observes it from launch to close; it stops by
  /// cancelling the task that iterates, which ends the stream (the store sees it in `onTermination`).
  func updates() async -> AsyncStream<SignedTransaction>
  /// Transactions not yet finished.
  func unfinished() async -> [SignedTransaction]
  /// The latest verified, unrevoked transaction of each owned non-consumable.
  func currentEntitlements() async -> [SignedTransaction]
  /// Brings the device's transactions up to date with the account (restore).
  func sync() async throws(StoreError)
  /// Marks a transaction as handled; it leaves `unfinished`.
  func finish(_ id: TransactionID) async
}
