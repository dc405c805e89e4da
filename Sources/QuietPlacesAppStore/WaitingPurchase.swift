/// A purchase that waits for someone outside the app: a parent's approval (Ask to Buy) or the user
/// resolving an interruption.
///
/// Its transaction ID is reserved when it starts, so `approve 5` or `resolve 5` names it and the
/// transaction it becomes keeps that ID. A declined request leaves its ID unused.
public struct WaitingPurchase: Sendable, Codable, Equatable, Hashable {
  /// The reserved transaction ID.
  public var id: UInt64
  /// The full product ID.
  public var productID: String
  /// When the purchase was started, in seconds of the simulated clock.
  public var requestDate: Int64
  /// The storefront it was started in.
  public var storefront: Storefront
  /// The price the buyer confirmed, as the configuration's decimal (`0.99`), in the storefront's
  /// currency; the transaction it becomes is charged this, whatever `store price` set meanwhile.
  /// Absent in accounts written before it was kept: those are charged the price at completion.
  public var price: String?

  /// Makes a waiting purchase.
  public init(id: UInt64, productID: String, requestDate: Int64, storefront: Storefront, price: String? = nil)
  {
    self.id = id
    self.productID = productID
    self.requestDate = requestDate
    self.storefront = storefront
    self.price = price
  }
}

extension WaitingPurchase {
  /// What its transaction is charged: the confirmed price in `current`'s currency, or `current`
  /// when none was kept.
  func charged(_ current: (amount: String, currency: String)) -> (amount: String, currency: String) {
    (price ?? current.amount, current.currency)
  }
}
