import QuietPlacesStoreKit

/// One entry of the queue of updates not yet acknowledged: an account transaction by ID, or a
/// forged token that is not part of the account.
struct QueuedUpdate: Sendable, Codable, Equatable, Hashable {
  /// The transaction the update carries.
  var transactionID: TransactionID
  /// The forged token itself, for a `forge`d update; nil for an account transaction.
  var forgedJWS: String?
  /// Whether it waits for the device to sync: it happened while the device could not see the
  /// account (offline, or a new device before its first sync). Nil or false: it reached the device.
  var held: Bool?

  /// An update that carries an account transaction, signed when it is yielded.
  static func transaction(_ id: TransactionID) -> Self { Self(transactionID: id, forgedJWS: nil, held: nil) }

  /// An update that carries a forged token; it is yielded once and then dropped.
  static func forged(_ id: TransactionID, jws: String) -> Self {
    Self(transactionID: id, forgedJWS: jws, held: nil)
  }
}
