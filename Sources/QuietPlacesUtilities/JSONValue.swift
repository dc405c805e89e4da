import FoundationEssentials

/// Any JSON value, read whole, numbers kept as their text and objects' keys in their order.
///
/// One type serves every document the package reads without knowing all its keys: a JWS header's
/// shape, a save checked for being JSON, a StoreKit configuration file's unknown keys (written back
/// byte for byte, so `_lastSynchronizedDate`'s 17 significant digits survive), the lines of
/// `state --json` that `diff` compares and `state --json FIELD…` selects from, the JSON lines the
/// golden runner compares field by field, and the balance documents the lab edits by key path.
/// ``JSONParser`` reads it from text, saying where text is not JSON.
public enum JSONValue: Sendable, Equatable, Codable {
  case null
  case bool(Bool)
  /// A number as its text: exactly as a parser read it, or as `Decimal` writes it after decoding.
  case number(String)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)

  /// Reads one JSON value filling all of `text` (white space around it allowed).
  public init(parsing text: String) throws(JSONParseError) {
    self = try JSONParser.parse(Array(text.utf8))
  }

  /// Reads one JSON value filling all of `data` (white space around it allowed).
  public init(parsing data: Data) throws(JSONParseError) {
    self = try JSONParser.parse([UInt8](data))
  }

  /// Why `data` cannot be read as one of the game's files although a JSON decoder would take it: an
  /// object holding one key twice (`key 'game.postmarks' is given twice in one object (line 4,
  /// column 3); keep one of its values`), named by its path. `JSONDecoder` keeps one of the two
  /// without a word, where most editors' and languages' readers keep the other: a hand edit would
  /// be lost, or a stale value read. `nil` when every object's keys are its own.
  public static func repeatedKeyReason(_ data: Data) -> String? {
    do {
      // The parser that records positions names the repeated key by its path, as a balance file's is.
      _ = try JSONParser.parseRecordingPositions([UInt8](data))
    } catch {
      guard case .duplicateKey(let key) = error.problem else { return nil }
      let path = error.path?.description ?? key
      return "key '\(path.fromOutside)' is given twice in one object (line \(error.line), column "
        + "\(error.column)); keep one of its values"
    }
    return nil
  }

  /// Why `data`, which a decoder refused, is not JSON, in the parser's words and at its place (`it is
  /// not JSON (unexpected end of data at line 1, column 21)`, `… (nesting deeper than 64 levels at
  /// …)`), so a file cut short, nested without end or holding a stray byte says which.
  /// `data` that the parser does read is JSON that the decoder refused, and is called so.
  public static func notJSONReason(_ data: Data) -> String {
    let value: JSONValue
    do {
      value = try JSONValue(parsing: data)
    } catch {
      return "it is not JSON (\(error))"
    }
    // A file of the game is an object; an array, string, number or null is some other file.
    switch value {
    case .object: break
    case .array: return "it is a JSON array, not an object as the game's files are"
    case .string: return "it is a JSON string, not an object as the game's files are"
    case .number: return "it is a JSON number, not an object as the game's files are"
    case .bool: return "it is a JSON true or false, not an object as the game's files are"
    case .null: return "it is JSON null, not an object as the game's files are"
    }
    // JSON the system's decoder refuses: in practice a number of more digits than it reads.
    return "it is JSON, but the decoder refused it (a number too long to read?)"
  }

  /// The members, when this is an object.
  public var object: JSONObject? {
    if case .object(let members) = self { members } else { nil }
  }

  /// Decodes any JSON value; a number keeps its digits through `Decimal`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode(Decimal.self) {
      self = .number("\(value)")
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode(JSONObject.self))
    }
  }

  /// Encodes the value; numbers go through `Decimal`.
  public func encode(to encoder: any Encoder) throws {
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
