/// Why a StoreKit configuration file was not loaded; says the file, product and key.
public enum StoreKitConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file could not be read at all.
  case unreadable(path: String, reason: String)
  /// The bytes are not JSON.
  case notJSON(path: String, detail: String)
  /// The file's `version.major` is outside 1 to 5.
  case unsupportedVersion(path: String, major: Int)
  /// A required key is absent; `context` is where (`product '…'`, `settings`), nil at top level.
  case missingKey(path: String, context: String?, key: String)
  /// A key holds the wrong kind of value; `found` is the value as shown, `expected` what would be right.
  case invalidValue(path: String, context: String?, key: String, found: String, expected: String)
  /// Two products share a product ID.
  case duplicateProduct(path: String, productID: String)
  /// A product has two localizations for one locale.
  case duplicateLocalization(path: String, productID: String, locale: String)

  /// The message, one line: `QuietPlaces.storekit: product '…': key 'displayPrice' is missing`.
  public var description: String {
    let text: String
    switch self {
    case .unreadable(let path, let reason): text = "\(path): cannot be read: \(reason)"
    case .notJSON(let path, let detail): text = "\(path): not JSON: \(detail)"
    case .unsupportedVersion(let path, let major):
      text = "\(path): unsupported version \(major); this reads versions 1 to 5"
    case .missingKey(let path, let context, let key):
      text = Self.join(path, context, "key '\(key)' is missing")
    case .invalidValue(let path, let context, let key, let found, let expected):
      text = Self.join(path, context, "key '\(key)' is \(found), expected \(expected)")
    case .duplicateProduct(let path, let productID):
      text = "\(path): product '\(productID)' appears more than once"
    case .duplicateLocalization(let path, let productID, let locale):
      text = "\(path): product '\(productID)': locale '\(locale)' appears more than once"
    }
    return text.replacing("\n", with: "\\n").replacing("\r", with: "\\r")
  }

  private static func join(_ path: String, _ context: String?, _ problem: String) -> String {
    [path, context, problem].compactMap { $0 }.joined(separator: ": ")
  }
}
