import QuietPlacesStoreKit

/// A transaction as the simulated account keeps it: what was bought, when, whether the app
/// finished it and whether it was refunded.
public struct AccountTransaction: Sendable, Codable, Equatable, Hashable {
  /// The transaction's ID, unique in the account.
  public var id: TransactionID
  /// The bundle it belongs to; another bundle's only for a `foreign` transaction.
  public var bundleID: String
  /// The full product ID.
  public var productID: String
  /// `Consumable` or `Non-Consumable`.
  public var type: ProductType
  /// When it was bought, in seconds of the simulated clock.
  public var purchaseDate: Int64
  /// The storefront it was bought in.
  public var storefront: Storefront
  /// Whether the app called `finish` for it (since its last change).
  public var finished: Bool
  /// When it was refunded, if it was.
  public var revocationDate: Int64?
  /// Why it was refunded (0 other), if it was.
  public var revocationReason: Int?
  /// The price charged, as the configuration's decimal (`2.99`), when the store recorded it.
  public var price: String?
  /// The ISO 4217 currency of ``price`` (the storefront's), when the store recorded it.
  public var currency: String?

  /// Makes an account transaction.
  public init(
    id: TransactionID, bundleID: String, productID: String, type: ProductType,
    purchaseDate: Int64, storefront: Storefront, finished: Bool = false, revocationDate: Int64? = nil,
    revocationReason: Int? = nil
  ) {
    self.id = id
    self.bundleID = bundleID
    self.productID = productID
    self.type = type
    self.purchaseDate = purchaseDate
    self.storefront = storefront
    self.finished = finished
    self.revocationDate = revocationDate
    self.revocationReason = revocationReason
  }

  /// Whether it was refunded.
  public var isRevoked: Bool { revocationDate != nil }

  /// The payload the store signs, with Apple's field names, signed at `signedDate`.
  public func payload(signedDate: Int64) -> Transaction {
    Transaction(
      transactionId: id, originalTransactionId: id, bundleId: bundleID, productId: productID,
      purchaseDate: purchaseDate, type: type.rawValue, signedDate: signedDate, revocationDate: revocationDate,
      revocationReason: revocationReason, storefront: storefront.rawValue)
  }
}
