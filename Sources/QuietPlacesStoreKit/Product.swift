/// A product as the store returned it: what the app may show, never a price of its own.
public struct Product: Sendable, Equatable, Hashable {
  /// The full product ID.
  public var id: String
  /// Consumable or non-consumable.
  public var type: ProductType
  /// The localised name.
  public var displayName: String
  /// The localised description.
  public var description: String
  /// The localised price exactly as the store formats it, such as `£0.99`.
  public var displayPrice: String

  public init(id: String, type: ProductType, displayName: String, description: String, displayPrice: String) {
    self.id = id
    self.type = type
    self.displayName = displayName
    self.description = description
    self.displayPrice = displayPrice
  }
}
