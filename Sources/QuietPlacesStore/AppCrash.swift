import QuietPlacesStoreKit

/// The app died at one of the two instants exact-once delivery must survive; whatever it had not
/// saved is gone.
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

/// Asked at each ``AppCrash/Point`` of a delivery: `true` makes the app die there.
///
/// What ships never crashes on purpose (``AppModel/neverCrashes``); a tester injects one to walk
/// the recovery paths.
public typealias CrashHook = @Sendable (AppCrash.Point) -> Bool
