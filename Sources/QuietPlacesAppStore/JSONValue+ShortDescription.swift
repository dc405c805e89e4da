import FoundationEssentials

/// A JSON value as a StoreKit configuration file holds it, numbers kept as their exact text.
///
/// Number text (for example `_lastSynchronizedDate`'s 17 significant digits) and every key,
/// known or not, are kept, so a loaded file holds everything needed to write it back byte for byte.
enum StoreKitJSON: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(String)
  case string(String)
  case array([StoreKitJSON])
  case object([String: StoreKitJSON])

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

extension StoreKitJSON: Codable {
  /// Decodes any JSON value.
  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode(Decimal.self) {
      self = .number("\(value)")
    } else if let value = try? container.decode([StoreKitJSON].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: StoreKitJSON].self))
    }
  }

  /// Encodes the value; numbers go through `Decimal`.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .number(let text): try container.encode(Decimal(string: text) ?? 0)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }
}
