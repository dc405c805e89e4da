import QuietPlacesAppStore

/// A storefront as commands take it (`store storefront CODE`, `new --storefront CODE`): any code the
/// App Store's catalogue knows, in any letter case.
enum StorefrontArgument {
  /// Every code (the 175 App Store storefronts), for Tab completion.
  static var codes: [String] { Storefront.allCases.map(\.rawValue) }

  /// How usage writes a storefront.
  static let form = "CODE"

  /// Locales Tab offers after `store locale` (any CLDR locale is accepted).
  static let localeExamples = ["de", "en_GB", "en_US", "es_CO", "fr", "ja", "ko", "zh_CN"]

  /// What an error says would be right.
  static let expectation =
    "an App Store storefront; write its ISO 3166-1 alpha-3 code, such as GBR, USA, JPN or DEU"

  /// The storefront typed, or the error that lists the right ones.
  static func parse(_ text: String) throws(CommandError) -> Storefront {
    guard let storefront = Storefront(argument: text) else {
      throw .badArgument(argument: text, expected: expectation)
    }
    return storefront
  }
}
