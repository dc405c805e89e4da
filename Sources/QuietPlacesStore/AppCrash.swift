import QuietPlacesStoreKit

/// The app died at an armed fault; whatever it had not saved is gone.
public struct AppCrash: Error, Sendable, Equatable {
  /// Where it died.
  public enum Point: String, Sendable {
    /// After a verified transaction arrived, before delivering and saving it.
    case beforeSave = "before saving a delivery"
    /// After saving a delivery, before `finish()`.
    case beforeFinish = "before finishing a saved delivery"
  }

  /// Where it died.
  public var point: Point
  /// The transaction being handled.
  public var transaction: TransactionID
}
