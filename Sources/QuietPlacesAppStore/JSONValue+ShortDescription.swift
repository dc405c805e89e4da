import QuietPlacesUtilities

extension JSONValue {
  /// The value as an error message shows it: strings in single quotes, one line, short.
  var shortDescription: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(let text): return text.count > 24 ? String(text.prefix(24)) + "…" : text
    case .string(let text):
      let oneLine = text.replacing("\n", with: "\\n").replacing("\r", with: "\\r")
      return "'" + (oneLine.count > 40 ? String(oneLine.prefix(40)) + "…" : oneLine) + "'"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}
