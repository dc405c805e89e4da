import FoundationEssentials

extension RawRepresentable where Self: CaseIterable, RawValue == String {
  /// The case whose raw value `decoder` holds, or an error that quotes the value and lists the ones
  /// the type takes (`'charts2' is not one of the values it takes: hold, charts, signal`), so a
  /// hand-edited file says what would be right.
  public static func decodeListed(from decoder: any Decoder) throws -> Self {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let value = Self(rawValue: text) else {
      let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: "'\(shown)' is not one of the values it takes: "
          + allCases.map(\.rawValue).joined(separator: ", "))
    }
    return value
  }
}
