/// The one JSON parser: strict JSON (RFC 8259) into a ``JSONValue``, numbers kept as their text,
/// objects' keys in their order, duplicate keys refused.
///
/// Written for hostile input: it never traps, nests at most ``maximumDepth`` levels, and reports
/// where the text stops being JSON as a line and column. On request it also records where
/// each value starts, by its JSON path (`products[3].localizations[0].locale`).
public struct JSONParser {
  /// A line and a column, both from 1; columns count characters, not bytes.
  public struct Position: Sendable, Equatable {
    /// The line, from 1.
    public var line: Int
    /// The column in characters, from 1.
    public var column: Int

    /// Makes a position.
    public init(line: Int, column: Int) {
      self.line = line
      self.column = column
    }
  }

  /// The deepest nesting of arrays and objects read.
  public static let maximumDepth = 64
  private let bytes: [UInt8]
  private var index = 0
  private let recording: Bool
  private var path: [JSONKeyPath.Segment] = []
  private var line = 1
  private var lineStart = 0
  private(set) var positions: [String: Position] = [:]

  private init(_ bytes: [UInt8], recording: Bool) {
    self.bytes = bytes
    self.recording = recording
  }

  /// Parses one JSON value filling all of `bytes` (surrounding white space allowed).
  public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
    try parse(bytes, recording: false).value
  }

  /// Parses `bytes` as ``parse(_:)`` does, and records where every value starts, keyed by its JSON
  /// path (`""` is the top level); a key an object repeats is refused with its path.
  public static func parseRecordingPositions(_ bytes: [UInt8]) throws(JSONParseError) -> (
    value: JSONValue, positions: [String: Position]
  ) {
    try parse(bytes, recording: true)
  }

  private static func parse(_ bytes: [UInt8], recording: Bool) throws(JSONParseError) -> (
    value: JSONValue, positions: [String: Position]
  ) {
    var parser = JSONParser(bytes, recording: recording)
    parser.skipWhitespace()
    let value = try parser.value(depth: 0)
    parser.skipWhitespace()
    guard parser.index == parser.bytes.count else { throw parser.failure(.textAfterValue) }
    return (value, parser.positions)
  }

  private func position(at offset: Int) -> Position {
    var line = 1
    var column = 1
    for byte in bytes[0..<min(offset, bytes.count)] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return Position(line: line, column: column)
  }

  private func failure(_ problem: JSONParseError.Problem) -> JSONParseError {
    let spot = position(at: index)
    // What was expected where the text has ended: a file cut short says so.
    let ended: Bool =
      switch problem {
      case .expectedKey, .expectedColon, .expectedCommaOrBrace, .expectedCommaOrBracket: index >= bytes.count
      default: false
      }
    return JSONParseError(problem: ended ? .unexpectedEnd : problem, line: spot.line, column: spot.column)
  }

  private mutating func record() {
    guard recording else { return }
    var column = 1
    for byte in bytes[lineStart..<min(index, bytes.count)] where byte & 0xC0 != 0x80 { column += 1 }
    positions[JSONKeyPath(path).description] = Position(line: line, column: column)
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipWhitespace() {
    while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
      index += 1
      if byte == 0x0A {
        line += 1
        lineStart = index
      }
    }
  }

  private mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
    guard depth < Self.maximumDepth else { throw failure(.tooDeep(maximum: Self.maximumDepth)) }
    guard let byte = current else { throw failure(.unexpectedEnd) }
    record()
    switch byte {
    case UInt8(ascii: "{"): return try object(depth: depth)
    case UInt8(ascii: "["): return try array(depth: depth)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw failure(.unexpectedCharacter)
    }
  }

  private mutating func literal(_ word: String, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
    let expected = Array(word.utf8)
    guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected
    else {
      throw failure(.unexpectedCharacter)
    }
    index += expected.count
    return value
  }

  private mutating func object(depth: Int) throws(JSONParseError) -> JSONValue {
    index += 1
    var members = JSONObject()
    skipWhitespace()
    if current == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\"") else { throw failure(.expectedKey) }
      let keyStart = index
      let key = try string()
      guard members[key] == nil else {
        index = keyStart
        var error = failure(.duplicateKey(key))
        if recording { error.path = JSONKeyPath(path + [.key(key)]) }
        throw error
      }
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { throw failure(.expectedColon) }
      index += 1
      skipWhitespace()
      if recording { path.append(.key(key)) }
      members[key] = try value(depth: depth + 1)
      if recording { path.removeLast() }
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        return .object(members)
      default: throw failure(.expectedCommaOrBrace)
      }
    }
  }

  private mutating func array(depth: Int) throws(JSONParseError) -> JSONValue {
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      if recording { path.append(.index(elements.count)) }
      elements.append(try value(depth: depth + 1))
      if recording { path.removeLast() }
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        return .array(elements)
      default: throw failure(.expectedCommaOrBracket)
      }
    }
  }

  private mutating func digits() -> Int {
    let start = index
    while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
    return index - start
  }

  private mutating func number() throws(JSONParseError) -> JSONValue {
    let start = index
    if current == UInt8(ascii: "-") { index += 1 }
    if current == UInt8(ascii: "0") {
      index += 1
    } else if digits() == 0 {
      throw failure(.invalidNumber)
    }
    if current == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { throw failure(.invalidNumber) }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      guard digits() > 0 else { throw failure(.invalidNumber) }
    }
    return .number(String(decoding: bytes[start..<index], as: UTF8.self))
  }

  private mutating func string() throws(JSONParseError) -> String {
    index += 1
    // The string's UTF-8, gathered in one buffer: runs of plain bytes (each checked as UTF-8; a run
    // ends only before an ASCII quote or backslash, so it never splits a character) and the
    // escapes' scalars. Appending to a `String` piece by piece copied it at each escape.
    var utf8: [UInt8] = []
    var runStart = index
    func flush(_ end: Int) throws(JSONParseError) {
      guard runStart < end else { return }
      let run = bytes[runStart..<end]
      guard String(validating: run, as: UTF8.self) != nil else { throw failure(.invalidUTF8) }
      utf8.append(contentsOf: run)
    }
    while true {
      guard let byte = current else { throw failure(.unterminatedString) }
      switch byte {
      case UInt8(ascii: "\""):
        try flush(index)
        index += 1
        return String(decoding: utf8, as: UTF8.self)
      case UInt8(ascii: "\\"):
        try flush(index)
        index += 1
        UTF8.encode(try escape()) { utf8.append($0) }
        runStart = index
      case 0..<0x20:
        throw failure(.controlCharacter)
      default:
        index += 1
      }
    }
  }

  private mutating func escape() throws(JSONParseError) -> Unicode.Scalar {
    guard let byte = current else { throw failure(.unterminatedString) }
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let high = try hex4()
      if (0xD800..<0xDC00).contains(high) {
        guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
        else {
          throw failure(.unpairedSurrogate)
        }
        index += 2
        let low = try hex4()
        guard (0xDC00..<0xE000).contains(low),
          let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        else { throw failure(.unpairedSurrogate) }
        return scalar
      }
      guard let scalar = Unicode.Scalar(high) else { throw failure(.unpairedSurrogate) }
      return scalar
    default:
      index -= 1
      throw failure(.invalidEscape)
    }
  }

  private mutating func hex4() throws(JSONParseError) -> UInt32 {
    guard index + 4 <= bytes.count,
      let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
      bytes[index..<index + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
    else { throw failure(.invalidUnicodeEscape) }
    index += 4
    return value
  }
}
