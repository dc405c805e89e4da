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
