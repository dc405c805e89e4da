import QuietPlacesUtilities

/// A JSON value that keeps its text: objects keep their keys in document order, numbers and strings
/// keep their literal spelling, so writing a parsed value back gives the same characters.
///
/// It is what `state --json FIELD…` selects from and what the golden runner compares field by field;
/// neither may reorder keys or respell numbers.
public indirect enum OrderedJSON: Sendable, Equatable {
  /// `null`, `true` or `false`, as written.
  case literal(String)
  /// A number as written, such as `0.0231481481481`.
  case number(String)
  /// A string as written, quotes and escapes included.
  case string(String)
  /// An array.
  case array([OrderedJSON])
  /// An object, its members in document order.
  case object([(key: String, value: OrderedJSON)])

  /// Parses one JSON document (white space around it allowed), or returns `nil` when `text` is not
  /// exactly one.
  public init?(parsing text: String) {
    var parser = Parser(bytes: Array(text.utf8))
    guard let value = parser.value() else { return nil }
    parser.skipSpace()
    guard parser.index == parser.bytes.count else { return nil }
    self = value
  }

  /// The value as compact JSON text.
  public var text: String {
    switch self {
    case .literal(let text), .number(let text), .string(let text):
      return text
    case .array(let items):
      return "[" + items.map(\.text).joined(separator: ",") + "]"
    case .object(let members):
      return "{" + members.map { $0.key.jsonQuoted + ":" + $0.value.text }.joined(separator: ",") + "}"
    }
  }

  /// The members when this is an object.
  public var members: [(key: String, value: OrderedJSON)]? {
    if case .object(let members) = self { members } else { nil }
  }

  /// What kind of value this is, in words: `a number`, `an object`…
  public var kind: String {
    switch self {
    case .literal(let text): text == "null" ? "null" : "a true/false value"
    case .number: "a number"
    case .string: "a string"
    case .array: "a list"
    case .object: "an object"
    }
  }

  public static func == (lhs: OrderedJSON, rhs: OrderedJSON) -> Bool {
    switch (lhs, rhs) {
    case (.literal(let a), .literal(let b)), (.number(let a), .number(let b)),
      (.string(let a), .string(let b)):
      return a == b
    case (.array(let a), .array(let b)):
      return a == b
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default:
      return false
    }
  }

  /// A recursive-descent parser over UTF-8 bytes.
  private struct Parser {
    let bytes: [UInt8]
    var index = 0

    mutating func skipSpace() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    func slice(from start: Int) -> String {
      String(decoding: bytes[start..<index], as: UTF8.self)
    }

    mutating func value(depth: Int = 0) -> OrderedJSON? {
      guard depth < 512 else { return nil }
      skipSpace()
      guard index < bytes.count else { return nil }
      switch bytes[index] {
      case UInt8(ascii: "{"):
        index += 1
        var members: [(key: String, value: OrderedJSON)] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
          index += 1
          return .object(members)
        }
        while true {
          skipSpace()
          guard let key = stringContents() else { return nil }
          skipSpace()
          guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
          index += 1
          guard let item = value(depth: depth + 1) else { return nil }
          members.append((key, item))
          skipSpace()
          guard index < bytes.count else { return nil }
          if bytes[index] == UInt8(ascii: ",") {
            index += 1
          } else if bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
          } else {
            return nil
          }
        }
      case UInt8(ascii: "["):
        index += 1
        var items: [OrderedJSON] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
          index += 1
          return .array(items)
        }
        while true {
          guard let item = value(depth: depth + 1) else { return nil }
          items.append(item)
          skipSpace()
          guard index < bytes.count else { return nil }
          if bytes[index] == UInt8(ascii: ",") {
            index += 1
          } else if bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
          } else {
            return nil
          }
        }
      case UInt8(ascii: "\""):
        let start = index
        guard stringContents() != nil else { return nil }
        return .string(slice(from: start))
      case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
        for word in ["true", "false", "null"] {
          let utf8 = Array(word.utf8)
          if bytes[index...].starts(with: utf8) {
            index += utf8.count
            return .literal(word)
          }
        }
        return nil
      default:
        return number()
      }
    }

    /// A number by JSON's grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    mutating func number() -> OrderedJSON? {
      let start = index
      func digits() -> Int {
        let first = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
          index += 1
        }
        return index - first
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard index < bytes.count else { return nil }
      if bytes[index] == UInt8(ascii: "0") {
        index += 1
      } else if digits() == 0 {
        return nil
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        guard digits() > 0 else { return nil }
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
        index += 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
          index += 1
        }
        guard digits() > 0 else { return nil }
      }
      return .number(slice(from: start))
    }

    /// Reads a string literal at `index` and returns its decoded contents, or `nil` if malformed.
    mutating func stringContents() -> String? {
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
      index += 1
      var scalars = String.UnicodeScalarView()
      var run = index  // the start of the bytes not yet copied
      func flush(upTo end: Int) {
        scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
      }
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          flush(upTo: index)
          index += 1
          return String(scalars)
        }
        if byte < 0x20 { return nil }
        guard byte == UInt8(ascii: "\\") else {
          index += 1
          continue
        }
        flush(upTo: index)
        index += 1
        guard index < bytes.count else { return nil }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{08}")
        case UInt8(ascii: "f"): scalars.append("\u{0C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          guard let unit = hex4() else { return nil }
          if (0xD800..<0xDC00).contains(unit) {
            guard bytes[index...].starts(with: Array("\\u".utf8)) else { return nil }
            index += 2
            guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
            let value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            guard let scalar = Unicode.Scalar(value) else { return nil }
            scalars.append(scalar)
          } else {
            guard let scalar = Unicode.Scalar(unit) else { return nil }
            scalars.append(scalar)
          }
        default:
          return nil
        }
        run = index
      }
      return nil
    }

    mutating func hex4() -> UInt32? {
      guard index + 4 <= bytes.count,
        bytes[index..<(index + 4)].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
        let value = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16)
      else { return nil }
      index += 4
      return value
    }
  }
}
