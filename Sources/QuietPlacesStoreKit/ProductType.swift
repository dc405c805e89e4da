/// StoreKit's in-app product types sold here: consumables and non-consumables.
public enum ProductType: String, Sendable, Codable, Hashable {
  case consumable = "Consumable"
  case nonConsumable = "Non-Consumable"
}
