/// What a purchase sheet ended in.
public enum PurchaseResult: Sendable, Equatable {
  /// Paid: the transaction still has to be verified, delivered and finished.
  case success(SignedTransaction)
  /// The user cancelled the sheet.
  case userCancelled
  /// Waiting for approval (Ask to Buy); an approved purchase arrives through `updates`.
  case pending
}

/// Errors the store reports, shaped like StoreKit's.
public enum StoreError: Error, Sendable, Equatable {
  /// The store cannot be reached.
  case networkError
  /// The product is not available in this storefront.
  case productUnavailable(String)
  /// The purchase failed; nothing was charged.
  case purchaseFailed
  /// The purchase was interrupted (the user must act outside the app); it arrives through `updates` once resolved.
  case purchaseInterrupted
}

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
  /// purchases on other devices, refunds. One app observes it from launch to close.
  func updates() async -> AsyncStream<SignedTransaction>
  /// Transactions not yet finished.
  func unfinished() async -> [SignedTransaction]
  /// The latest verified, unrevoked transaction of each owned non-consumable.
  func currentEntitlements() async -> [SignedTransaction]
  /// Brings the device's transactions up to date with the account (restore).
  func sync() async throws(StoreError)
  /// Marks a transaction as handled; it leaves `unfinished`.
  func finish(_ id: TransactionID) async
  /// Stops the current `updates` stream (the app closes).
  func stopUpdates() async
}
