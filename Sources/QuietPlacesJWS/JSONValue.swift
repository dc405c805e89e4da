import FoundationEssentials

/// Any JSON value, decoded whole: for checking the shape of a document whose keys are not all known.
public enum JSONValue: Decodable, Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  public init(from decoder: any Decoder) throws {
    if let object = try? decoder.container(keyedBy: AnyKey.self) {
      var members: [String: JSONValue] = [:]
      for key in object.allKeys { members[key.stringValue] = try object.decode(JSONValue.self, forKey: key) }
      self = .object(members)
      return
    }
    if var array = try? decoder.unkeyedContainer() {
      var items: [JSONValue] = []
      while !array.isAtEnd { items.append(try array.decode(JSONValue.self)) }
      self = .array(items)
      return
    }
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      self = .null
    } else if let bool = try? single.decode(Bool.self) {
      self = .bool(bool)
    } else if let string = try? single.decode(String.self) {
      self = .string(string)
    } else {
      // A number out of a Double's range fails here, as a document that is not JSON would.
      self = .number(try single.decode(Double.self))
    }
  }

  /// A key of any name.
  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
