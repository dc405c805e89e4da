import FoundationEssentials

/// Encodes a value as `JSONEncoder` does with `[.prettyPrinted, .sortedKeys,
/// .withoutEscapingSlashes]` (the ``Layout-swift.enum/pretty`` layout) or with `[.sortedKeys]`
/// alone (``Layout-swift.enum/compact``), byte for byte, in a fraction of its time.
///
/// The pretty layout is Foundation's: two spaces a level, `"key" : value`, keys ordered by their
/// UTF-8 bytes, an empty array or object as its brackets around an empty line, whole doubles without
/// `.0`, only `"`, `\` and control characters escaped (`\u00XX` in lower-case hex where there is no
/// short form). The compact layout has no white space at all (`{"key":value}`, `[]`) and writes `/`
/// as `\/`, as Foundation does unless told not to. Decimals are written as numbers, data as Base64, URLs as their absolute string, as
/// Foundation writes them. What this encoder does not take on (a super-encoder, a value that is not
/// finite) throws ``Unsupported``, so that a caller can give the value to `JSONEncoder` and report
/// whatever it says.
public struct SortedJSONEncoder: Sendable {
  /// Thrown for what the encoder leaves to `JSONEncoder`.
  public struct Unsupported: Error, Sendable {
    /// What was met.
    public var what: String
  }

  /// How the text is laid out.
  public enum Layout: Sendable {
    /// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`: indented, slashes as they are.
    case pretty
    /// `[.sortedKeys]`: no white space, slashes escaped.
    case compact
  }

  /// The layout this encoder writes.
  public var layout: Layout

  public init(layout: Layout = .pretty) {
    self.layout = layout
  }

  /// The JSON text of `value`, without a final newline.
  public func encode<T: Encodable>(_ value: T) throws -> Data {
    let root = Impl(parent: nil, key: nil)
    let node: Node
    if let special = try Self.special(value) {
      node = special
    } else {
      try value.encode(to: root)
      guard let storage = root.storage else { throw Unsupported(what: "a value that encodes nothing") }
      node = storage
    }
    if let refused = root.refused { throw Unsupported(what: refused) }
    var writer = Writer(compact: layout == .compact)
    writer.bytes.reserveCapacity(layout == .compact ? 1_024 : 8_192)
    writer.write(node, indent: 0)
    return Data(writer.bytes)
  }

  // MARK: - The tree a value encodes to

  fileprivate enum Node {
    /// Number, `true`, `false` or `null`, as written.
    case literal(String)
    case string(String)
    case array(ArrayBox)
    case object(ObjectBox)
  }

  fileprivate final class ArrayBox {
    var items: [Node] = []
  }

  fileprivate final class ObjectBox {
    var keys: [String]
    var values: [Node]

    init() {
      keys = []
      values = []
      keys.reserveCapacity(16)
      values.reserveCapacity(16)
    }

    func set(_ key: String, _ value: Node) {
      keys.append(key)
      values.append(value)
    }
  }

  /// The node `value` encodes to, the special cases first as `JSONEncoder` takes them.
  fileprivate static func node<T: Encodable>(of value: T, parent: Impl?, key: (any CodingKey)?) throws -> Node
  {
    if let special = try special(value) { return special }
    let encoder = Impl(parent: parent, key: key)
    try value.encode(to: encoder)
    return encoder.storage ?? .object(ObjectBox())
  }

  /// The node of a value `JSONEncoder` writes itself (a number, a string, a decimal, data, a URL),
  /// or `nil` for one that encodes itself.
  fileprivate static func special<T: Encodable>(_ value: T) throws -> Node? {
    if T.self == String.self {
      return .string(unsafeBitCast(value, to: String.self))
    } else if T.self == Int.self {
      return .literal(String(unsafeBitCast(value, to: Int.self)))
    } else if T.self == Int64.self {
      return .literal(String(unsafeBitCast(value, to: Int64.self)))
    } else if T.self == Double.self {
      return try number(unsafeBitCast(value, to: Double.self))
    } else if T.self == Bool.self {
      return .literal(unsafeBitCast(value, to: Bool.self) ? "true" : "false")
    } else if T.self == Decimal.self {
      return .literal(unsafeBitCast(value, to: Decimal.self).description)
    } else if T.self == Data.self {
      return .string(unsafeBitCast(value, to: Data.self).base64EncodedString())
    } else if T.self == URL.self {
      return .string(unsafeBitCast(value, to: URL.self).absoluteString)
    } else if T.self == Date.self {
      throw Unsupported(what: "a date")
    }
    return nil
  }

  fileprivate static func number(_ value: Double) throws -> Node {
    guard value.isFinite else { throw Unsupported(what: "the number \(value)") }
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return .literal(text)
  }

  fileprivate static func number(_ value: Float) throws -> Node {
    guard value.isFinite else { throw Unsupported(what: "the number \(value)") }
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return .literal(text)
  }

  // MARK: - The encoder

  fileprivate final class Impl: Encoder {
    let parent: Impl?
    let key: (any CodingKey)?
    var storage: Node?
    /// On the root only: what was asked that this encoder leaves to `JSONEncoder`.
    var refused: String?

    init(parent: Impl?, key: (any CodingKey)?) {
      self.parent = parent
      self.key = key
    }

    /// Notes on the root that a super-encoder was asked for, and gives one whose work is dropped.
    func refuse() -> any Encoder {
      var encoder = self
      while let parent = encoder.parent { encoder = parent }
      encoder.refused = "a super-encoder"
      return Impl(parent: nil, key: nil)
    }

    var codingPath: [any CodingKey] {
      var path: [any CodingKey] = []
      var encoder: Impl? = self
      while let current = encoder, let key = current.key {
        path.append(key)
        encoder = current.parent
      }
      return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
      let box: ObjectBox
      if case .object(let existing) = storage {
        box = existing
      } else {
        box = ObjectBox()
        storage = .object(box)
      }
      return KeyedEncodingContainer(Keyed<Key>(encoder: self, box: box))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
      let box: ArrayBox
      if case .array(let existing) = storage {
        box = existing
      } else {
        box = ArrayBox()
        storage = .array(box)
      }
      return Unkeyed(encoder: self, box: box)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
      Single(encoder: self)
    }
  }

  fileprivate struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
  }

  fileprivate struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: Impl
    let box: ObjectBox

    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil(forKey key: Key) throws { box.set(key.stringValue, .literal("null")) }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
      box.set(key.stringValue, .literal(value ? "true" : "false"))
    }
    mutating func encode(_ value: String, forKey key: Key) throws { box.set(key.stringValue, .string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
      box.set(key.stringValue, try SortedJSONEncoder.number(value))
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
      box.set(key.stringValue, try SortedJSONEncoder.number(value))
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
      box.set(key.stringValue, .literal(String(value)))
    }
    mutating func encode(_ value: Int8, forKey key: Key) throws {
      box.set(key.stringValue, .literal(String(value)))
    }
    mutating func encode(_ value: Int16, forKey key: Key) throws {
      box.set(key.stringValue, .literal(String(value)))
    }
    mutating func encode(_ value: Int32, forKey key: Key) throws {
      box.set(key.stringValue, .literal(String(value)))
    }
    mutating func encode(_ value: Int64, forKey key: Key) throws {
      box.set(key.stringValue, .literal(String(value)))
    }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
      box.set(key.stringValue, .literal(String(value)))
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws {
      box.set(key.stringValue, .literal(String(value)))
    }
    mutating func encode(_ value: UInt16, forKey key: Key) throws {
      box.set(key.stringValue, .literal(String(value)))
    }
    mutating func encode(_ value: UInt32, forKey key: Key) throws {
      box.set(key.stringValue, .literal(String(value)))
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
      box.set(key.stringValue, .literal(String(value)))
    }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      box.set(key.stringValue, try SortedJSONEncoder.node(of: value, parent: encoder, key: key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      let nested = ObjectBox()
      box.set(key.stringValue, .object(nested))
      return KeyedEncodingContainer(
        Keyed<NestedKey>(encoder: Impl(parent: encoder, key: key), box: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      let nested = ArrayBox()
      box.set(key.stringValue, .array(nested))
      return Unkeyed(encoder: Impl(parent: encoder, key: key), box: nested)
    }

    mutating func superEncoder() -> any Encoder { encoder.refuse() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder.refuse() }
  }

  fileprivate struct Unkeyed: UnkeyedEncodingContainer {
    let encoder: Impl
    let box: ArrayBox

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { box.items.count }

    mutating func encodeNil() throws { box.items.append(.literal("null")) }
    mutating func encode(_ value: Bool) throws { box.items.append(.literal(value ? "true" : "false")) }
    mutating func encode(_ value: String) throws { box.items.append(.string(value)) }
    mutating func encode(_ value: Double) throws { box.items.append(try SortedJSONEncoder.number(value)) }
    mutating func encode(_ value: Float) throws { box.items.append(try SortedJSONEncoder.number(value)) }
    mutating func encode(_ value: Int) throws { box.items.append(.literal(String(value))) }
    mutating func encode(_ value: Int8) throws { box.items.append(.literal(String(value))) }
    mutating func encode(_ value: Int16) throws { box.items.append(.literal(String(value))) }
    mutating func encode(_ value: Int32) throws { box.items.append(.literal(String(value))) }
    mutating func encode(_ value: Int64) throws { box.items.append(.literal(String(value))) }
    mutating func encode(_ value: UInt) throws { box.items.append(.literal(String(value))) }
    mutating func encode(_ value: UInt8) throws { box.items.append(.literal(String(value))) }
    mutating func encode(_ value: UInt16) throws { box.items.append(.literal(String(value))) }
    mutating func encode(_ value: UInt32) throws { box.items.append(.literal(String(value))) }
    mutating func encode(_ value: UInt64) throws { box.items.append(.literal(String(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws {
      let key = IndexKey(box.items.count)
      box.items.append(try SortedJSONEncoder.node(of: value, parent: encoder, key: key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
      -> KeyedEncodingContainer<NestedKey>
    {
      let key = IndexKey(box.items.count)
      let nested = ObjectBox()
      box.items.append(.object(nested))
      return KeyedEncodingContainer(Keyed<NestedKey>(encoder: Impl(parent: encoder, key: key), box: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      let key = IndexKey(box.items.count)
      let nested = ArrayBox()
      box.items.append(.array(nested))
      return Unkeyed(encoder: Impl(parent: encoder, key: key), box: nested)
    }

    mutating func superEncoder() -> any Encoder { encoder.refuse() }
  }

  fileprivate struct Single: SingleValueEncodingContainer {
    let encoder: Impl

    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.storage = .literal("null") }
    mutating func encode(_ value: Bool) throws { encoder.storage = .literal(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { encoder.storage = .string(value) }
    mutating func encode(_ value: Double) throws { encoder.storage = try SortedJSONEncoder.number(value) }
    mutating func encode(_ value: Float) throws { encoder.storage = try SortedJSONEncoder.number(value) }
    mutating func encode(_ value: Int) throws { encoder.storage = .literal(String(value)) }
    mutating func encode(_ value: Int8) throws { encoder.storage = .literal(String(value)) }
    mutating func encode(_ value: Int16) throws { encoder.storage = .literal(String(value)) }
    mutating func encode(_ value: Int32) throws { encoder.storage = .literal(String(value)) }
    mutating func encode(_ value: Int64) throws { encoder.storage = .literal(String(value)) }
    mutating func encode(_ value: UInt) throws { encoder.storage = .literal(String(value)) }
    mutating func encode(_ value: UInt8) throws { encoder.storage = .literal(String(value)) }
    mutating func encode(_ value: UInt16) throws { encoder.storage = .literal(String(value)) }
    mutating func encode(_ value: UInt32) throws { encoder.storage = .literal(String(value)) }
    mutating func encode(_ value: UInt64) throws { encoder.storage = .literal(String(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
      encoder.storage = try SortedJSONEncoder.node(of: value, parent: encoder.parent, key: encoder.key)
    }
  }

  // MARK: - Writing the tree

  fileprivate struct Writer {
    /// No white space and slashes escaped (``Layout-swift.enum/compact``), or the pretty layout.
    let compact: Bool
    var bytes: [UInt8] = []

    init(compact: Bool) {
      self.compact = compact
    }

    /// A line break and the indentation of `level`, in the pretty layout.
    mutating func newLine(_ level: Int) {
      guard !compact else { return }
      bytes.append(0x0A)
      for _ in 0..<2 * level { bytes.append(0x20) }
    }

    mutating func write(_ node: Node, indent level: Int) {
      switch node {
      case .literal(let text): append(text)
      case .string(let text): writeString(text)
      case .array(let box):
        bytes.append(UInt8(ascii: "["))
        let items = box.items
        var first = true
        for item in items {
          if !first { bytes.append(UInt8(ascii: ",")) }
          first = false
          newLine(level + 1)
          write(item, indent: level + 1)
        }
        if items.isEmpty && !compact { bytes.append(0x0A) }
        newLine(level)
        bytes.append(UInt8(ascii: "]"))
      case .object(let box):
        bytes.append(UInt8(ascii: "{"))
        let (keys, values) = (box.keys, box.values)
        let order = Self.order(keys)
        var first = true
        for (position, index) in order.enumerated() {
          // Of keys set more than once, the last value counts.
          if position + 1 < order.count, keys[order[position + 1]] == keys[index] { continue }
          if !first { bytes.append(UInt8(ascii: ",")) }
          first = false
          newLine(level + 1)
          writeString(keys[index])
          if compact {
            bytes.append(UInt8(ascii: ":"))
          } else {
            bytes.append(contentsOf: [0x20, UInt8(ascii: ":"), 0x20])
          }
          write(values[index], indent: level + 1)
        }
        if order.isEmpty && !compact { bytes.append(0x0A) }
        newLine(level)
        bytes.append(UInt8(ascii: "}"))
      }
    }

    /// The indices of `keys` ordered by the keys' UTF-8 bytes, equal keys in the order set (an
    /// insertion sort: objects have few keys, often set in an order close to this one).
    static func order(_ keys: [String]) -> [Int] {
      var order = Array(keys.indices)
      for next in order.indices.dropFirst() {
        let moving = order[next]
        var slot = next
        while slot > 0, precedes(keys[moving], keys[order[slot - 1]]) {
          order[slot] = order[slot - 1]
          slot -= 1
        }
        order[slot] = moving
      }
      return order
    }

    /// Whether `left` comes strictly before `right` byte by byte.
    static func precedes(_ left: String, _ right: String) -> Bool {
      var (left, right) = (left, right)
      return left.withUTF8 { left in
        right.withUTF8 { right in
          for index in 0..<min(left.count, right.count) where left[index] != right[index] {
            return left[index] < right[index]
          }
          return left.count < right.count
        }
      }
    }

    mutating func append(_ text: String) {
      var text = text
      text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func writeString(_ text: String) {
      bytes.append(UInt8(ascii: "\""))
      var text = text
      text.withUTF8 { utf8 in
        var mark = 0
        for (index, byte) in utf8.enumerated()
        where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == 0x5C || (compact && byte == 0x2F) {
          bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[mark..<index]))
          mark = index + 1
          switch byte {
          case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, UInt8(ascii: "\"")])
          case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
          case 0x2F: bytes.append(contentsOf: [0x5C, 0x2F])
          case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
          case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
          case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
          case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
          case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
          default:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [
              0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
            ])
          }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[mark...]))
      }
      bytes.append(UInt8(ascii: "\""))
    }
  }
}
