import FoundationEssentials

/// A JSON value as a StoreKit configuration file holds it, numbers kept as their exact text.
///
/// Keeping number text (for example `_lastSynchronizedDate`'s 17 significant digits) and
/// every key, known or not, is what lets a file be written back byte for byte.
enum StoreKitJSON: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(String)
  case string(String)
  case array([StoreKitJSON])
  case object([String: StoreKitJSON])

  /// The value written as Xcode writes `.storekit` files, with the final newline.
  ///
  /// Xcode's layout: two-space indents, `" : "` between key and value, keys sorted
  /// case-insensitively (so `_storefront` precedes `_storeKitErrors`), an empty array or
  /// object as its brackets on their own lines with a blank line between, `/` escaped.
  func xcodeText() -> String {
    var output = ""
    write(into: &output, indent: 0)
    output += "\n"
    return output
  }

  /// Xcode's key order: case-insensitive, ties broken by the exact text.
  static func xcodeKeyOrder(_ lhs: String, _ rhs: String) -> Bool {
    let left = lhs.lowercased()
    let right = rhs.lowercased()
    return left != right ? left < right : lhs < rhs
  }

  private func write(into output: inout String, indent: Int) {
    let inner = String(repeating: " ", count: indent + 2)
    let closing = String(repeating: " ", count: indent)
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let text): output += text
    case .string(let text): Self.writeString(text, into: &output)
    case .array(let elements):
      guard !elements.isEmpty else {
        output += "[\n\n" + closing + "]"
        return
      }
      output += "[\n"
      for (index, element) in elements.enumerated() {
        output += inner
        element.write(into: &output, indent: indent + 2)
        output += index == elements.count - 1 ? "\n" : ",\n"
      }
      output += closing + "]"
    case .object(let members):
      guard !members.isEmpty else {
        output += "{\n\n" + closing + "}"
        return
      }
      output += "{\n"
      let keys = members.keys.sorted(by: Self.xcodeKeyOrder)
      for (index, key) in keys.enumerated() {
        output += inner
        Self.writeString(key, into: &output)
        output += " : "
        members[key]!.write(into: &output, indent: indent + 2)
        output += index == keys.count - 1 ? "\n" : ",\n"
      }
      output += closing + "}"
    }
  }

  private static func writeString(_ text: String, into output: inout String) {
    output += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "/": output += "\\/"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }

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
