/// The App Store storefronts the local test configuration covers.
public enum Storefront: String, Sendable, Codable, CaseIterable, Hashable {
  /// The United Kingdom: pounds, British English.
  case gbr = "GBR"
  /// The United States: dollars, American English.
  case usa = "USA"

  /// The storefront a user named (`GBR`, `usa`, …), in any letter case.
  public init?(argument: String) {
    self.init(rawValue: argument.uppercased())
  }

  /// The localization StoreKit testing uses for this storefront.
  public var locale: String {
    switch self {
    case .gbr: "en_GB"
    case .usa: "en_US"
    }
  }

  /// The currency symbol that starts every `displayPrice` in this storefront.
  public var currencySymbol: String {
    switch self {
    case .gbr: "£"
    case .usa: "$"
    }
  }

  /// The price as StoreKit testing shows it: the currency symbol and the configured decimal, `£0.99`.
  public func displayPrice(_ decimal: String) -> String {
    currencySymbol + decimal
  }
}
