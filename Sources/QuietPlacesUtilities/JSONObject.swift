/// The members of a JSON object: each key once, in the order they were read or added.
///
/// Looked up like a dictionary; iterated, and written back, in member order, so a document read and
/// written again keeps its keys where they were (`state --json FIELD…`, the golden runner's field
/// differences). Two objects are equal when they have the same members, whatever their order, as
/// JSON defines it.
public struct JSONObject: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
  public typealias Key = String
  public typealias Value = JSONValue

  /// The keys, in member order.
  public private(set) var keys: [String] = []
  private var values: [String: JSONValue] = [:]

  /// An object with no members.
  public init() {}

  /// An object with `members` in their order; a key given twice keeps its place and its last value.
  public init(_ members: some Sequence<(key: String, value: JSONValue)>) {
    for (key, value) in members { self[key] = value }
  }

  /// An object with the members of a dictionary literal, in the literal's order.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    for (key, value) in elements { self[key] = value }
  }

  /// The value of `key`; setting a new key appends it, setting `nil` removes it.
  public subscript(key: String) -> JSONValue? {
    get { values[key] }
    set {
      guard let newValue else {
        removeValue(forKey: key)
        return
      }
      if values.updateValue(newValue, forKey: key) == nil { keys.append(key) }
    }
  }

  /// How many members there are.
  public var count: Int { keys.count }

  /// Whether there are no members.
  public var isEmpty: Bool { keys.isEmpty }

  /// Removes the member `key` and returns its value, if there was one.
  @discardableResult
  public mutating func removeValue(forKey key: String) -> JSONValue? {
    guard let value = values.removeValue(forKey: key) else { return nil }
    keys.removeAll { $0 == key }
    return value
  }

  /// The members in order.
  public func makeIterator() -> Iterator { Iterator(object: self) }

  /// Goes through the members in order.
  public struct Iterator: IteratorProtocol {
    let object: JSONObject
    var position = 0

    /// The next member, or `nil` after the last.
    public mutating func next() -> (key: String, value: JSONValue)? {
      guard position < object.keys.count else { return nil }
      let key = object.keys[position]
      position += 1
      return (key, object.values[key]!)
    }
  }

  /// Whether both have the same keys with equal values, in any order.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    lhs.values == rhs.values
  }
}

extension JSONObject: Codable {
  /// Any key of a JSON object.
  private struct MemberKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// Decodes an object; its keys come in the decoder's order.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: MemberKey.self)
    for key in container.allKeys { self[key.stringValue] = try container.decode(JSONValue.self, forKey: key) }
  }

  /// Encodes the members in order.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: MemberKey.self)
    for (key, value) in self { try container.encode(value, forKey: MemberKey(stringValue: key)) }
  }
}
