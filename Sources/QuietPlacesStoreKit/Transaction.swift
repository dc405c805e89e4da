/// A transaction's identifier: unique and increasing in one store account.
public typealias TransactionID = UInt64

/// A decoded, signed transaction, with the fields of Apple's `JWSTransactionDecodedPayload`.
///
/// Dates are seconds since 1970 on the simulated clock, as StoreKit's are milliseconds.
public struct Transaction: Sendable, Codable, Equatable, Hashable {
  /// The transaction's identifier.
  public var transactionId: TransactionID
  /// The identifier of the original purchase (itself, for these products).
  public var originalTransactionId: TransactionID
  /// The bundle the transaction belongs to.
  public var bundleId: String
  /// The full product ID.
  public var productId: String
  /// When it was bought, in seconds since 1970.
  public var purchaseDate: Int64
  /// `Consumable` or `Non-Consumable`.
  public var type: String
  /// Always 1 here.
  public var quantity: Int
  /// `PURCHASED` (no family sharing).
  public var inAppOwnershipType: String
  /// `Xcode` for the local test store.
  public var environment: String
  /// When the store signed this copy.
  public var signedDate: Int64
  /// When the purchase was refunded or revoked, if it was.
  public var revocationDate: Int64?
  /// Why it was revoked (0 other, 1 app issue), if it was.
  public var revocationReason: Int?
  /// The storefront (ISO 3166-1 alpha-3) the purchase was made in.
  public var storefront: String

  public init(
    transactionId: TransactionID, originalTransactionId: TransactionID, bundleId: String, productId: String,
    purchaseDate: Int64, type: String, quantity: Int = 1, inAppOwnershipType: String = "PURCHASED",
    environment: String = "Xcode", signedDate: Int64, revocationDate: Int64? = nil,
    revocationReason: Int? = nil,
    storefront: String
  ) {
    self.transactionId = transactionId
    self.originalTransactionId = originalTransactionId
    self.bundleId = bundleId
    self.productId = productId
    self.purchaseDate = purchaseDate
    self.type = type
    self.quantity = quantity
    self.inAppOwnershipType = inAppOwnershipType
    self.environment = environment
    self.signedDate = signedDate
    self.revocationDate = revocationDate
    self.revocationReason = revocationReason
    self.storefront = storefront
  }
}
