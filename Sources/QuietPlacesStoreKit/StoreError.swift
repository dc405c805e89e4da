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
  /// The simulated App Store could not write its account file (the tool's disk, not Apple's
  /// answer); nothing was charged.
  case accountNotSaved(reason: String)
  /// An error a StoreKit test configuration simulates for one API (Xcode's StoreKit error
  /// settings): the API's name (`Purchase`) and the error's (`networkError`, or `the default error`).
  case simulated(api: String, error: String)
}
