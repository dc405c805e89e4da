/// An App Store storefront: its ISO 3166-1 alpha-3 code (`GBR`, `JPN`, …).
///
/// Which codes exist, and each one's currency, is in ``PriceFormats`` (every storefront Xcode
/// offers); a storefront is written in saves and account files as its code.
public struct Storefront: Sendable, Codable, Hashable, Comparable, CustomStringConvertible, CaseIterable {
  /// Every App Store storefront of ``PriceFormats/standard``, by code.
  public static var allCases: [Storefront] {
    PriceFormats.standard.storefronts.map { Storefront(validCode: $0.code) }
  }

  /// The upper-case alpha-3 code.
  public let code: String

  /// The United Kingdom.
  public static let gbr = Storefront(validCode: "GBR")
  /// The United States.
  public static let usa = Storefront(validCode: "USA")

  private init(validCode: String) { code = validCode }

  /// The storefront a user or a file named (`GBR`, `jpn`, …), if it is one of `formats`' storefronts.
  public init?(argument: String, in formats: PriceFormats = .standard) {
    guard let info = formats.storefront(argument) else { return nil }
    code = info.code
  }

  /// The code, `GBR`.
  public var rawValue: String { code }
  /// The code, `GBR`.
  public var description: String { code }

  public static func < (lhs: Storefront, rhs: Storefront) -> Bool { lhs.code < rhs.code }

  /// Decodes a code as saved (any three letters are kept, so a save names what it was written with).
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard text.utf8.count == 3, text.utf8.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "'\(text)' is not a storefront code like GBR")
      )
    }
    code = text
  }

  /// Encodes the code.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(code)
  }
}
