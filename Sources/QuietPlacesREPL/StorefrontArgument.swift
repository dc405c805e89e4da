import QuietPlacesAppStore

/// A storefront as commands take it (`store storefront CODE`, `new --storefront CODE`): any code the
/// App Store's catalogue knows, in any letter case.
enum StorefrontArgument {
  /// Every code, for Tab completion.
  static var codes: [String] { Storefront.allCases.map(\.rawValue) }

  /// The codes as usage writes them.
  static var form: String { codes.joined(separator: "|") }

  /// What an error says would be right.
  static var expectation: String {
    let all = codes
    let listed = all.count > 1 ? all.dropLast().joined(separator: ", ") + " or " + all.last! : all.joined()
    return "a storefront; write \(listed)"
  }

  /// The storefront typed, or the error that lists the right ones.
  static func parse(_ text: String) throws(CommandError) -> Storefront {
    guard let storefront = Storefront(argument: text) else {
      throw .badArgument(argument: text, expected: expectation)
    }
    return storefront
  }
}
