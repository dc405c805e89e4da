import FoundationEssentials

/// Decodes plain JSON to the value `JSONDecoder` gives, in a fraction of its time, or throws
/// ``Unsupported`` wherever it is not sure to give the same: a caller then reads the text with
/// `JSONDecoder`, which says what is wrong in its own words.
///
/// It takes on strict JSON (RFC 8259) of objects without repeated keys, strings of valid UTF-8 whose
/// `\u` escapes are not surrogates, numbers read into the integer or floating-point type asked for
/// (an integer only from an integer's digits, in range; a double only when finite), and every
/// `Decodable` built on those. A decimal, date, data, URL or super-decoder asked for, or any error
/// met while decoding (even one the value's own decoding catches), gives up.
public struct StrictJSONDecoder: Sendable {
  /// Thrown for anything left to `JSONDecoder`.
  public struct Unsupported: Error, Sendable {
    /// What was met.
    public var what: String
  }

  /// A JSON document read whole, to decode one or more values from.
  public struct Document: Sendable {
    fileprivate let root: Value
  }

  public init() {}

  /// Reads `data` as one JSON value, with white space around it.
  public func parse(_ data: Data) throws -> Document {
    let root = try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) throws -> Value in
      var parser = Parser(bytes: raw.bindMemory(to: UInt8.self))
      let value = try parser.value(depth: 0)
      parser.skipSpace()
      guard parser.index == parser.bytes.count else { throw Unsupported(what: "text after the value") }
      return value
    }
    return Document(root: root)
  }

  /// The `T` that `document` holds.
  public func decode<T: Decodable>(_ type: T.Type, from document: Document) throws -> T {
    let root = Impl(value: document.root, parent: nil, key: nil)
    let value: T
    do {
      value = try root.decode(T.self)
    } catch {
      throw Unsupported(what: "\(error)")
    }
    if let doubt = root.doubt { throw Unsupported(what: doubt) }
    return value
  }

  /// The `T` in `data`, read by this decoder where it takes all of it on, otherwise by `JSONDecoder`
  /// (which gives the value, or the error it has always given).
  public static func decodeDeferring<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    let decoder = StrictJSONDecoder()
    if let document = try? decoder.parse(data), let value = try? decoder.decode(T.self, from: document) {
      return value
    }
    return try JSONDecoder().decode(T.self, from: data)
  }

  /// Where reading `data` as a `T` first met a number its integer field cannot hold (a fraction, a
  /// negative number for an unsigned field, or one out of range): the field's key path, written as
  /// ``JSONValue/first(where:)`` writes it (`game.equipment.sails`, `ledger[2].id`), the number as
  /// written, and the field's type; `nil` when it met none. `JSONDecoder` names no key for these.
  public static func integerMisfit<T: Decodable>(_ type: T.Type, in data: Data) -> (
    path: String, number: String, type: String
  )? {
    let decoder = StrictJSONDecoder()
    guard let document = try? decoder.parse(data), let json = try? JSONValue(parsing: data) else {
      return nil
    }
    let root = Impl(value: document.root, parent: nil, key: nil)
    _ = try? root.decode(T.self)
    guard let misfit = root.misfit else { return nil }
    var path = ""
    var holder = json
    for key in misfit.holder {
      if let index = key.intValue, case .array(let items) = holder, items.indices.contains(index) {
        holder = items[index]
        path += "[\(index)]"
      } else if case .object(let members) = holder, let value = members[key.stringValue] {
        holder = value
        path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
      } else {
        return nil
      }
    }
    switch holder {
    case .object(let members):
      guard let key = members.keys.first(where: { members[$0] == .number(misfit.number) }) else { return nil }
      return (path.isEmpty ? key : "\(path).\(key)", misfit.number, misfit.type)
    case .array(let items):
      guard let index = items.firstIndex(of: .number(misfit.number)) else { return nil }
      return ("\(path)[\(index)]", misfit.number, misfit.type)
    default:
      return path.isEmpty ? nil : (path, misfit.number, misfit.type)
    }
  }

  // MARK: - The document

  fileprivate enum Value: Sendable {
    case null
    case bool(Bool)
    /// A number as its text, checked against JSON's grammar.
    case number(String)
    case string(String)
    case array([Value])
    /// Members in order, each key with a hash of its bytes to find it by.
    case object(keys: [String], hashes: [UInt32], values: [Value])

    var kind: String {
      switch self {
      case .null: "null"
      case .bool: "a boolean"
      case .number: "a number"
      case .string: "a string"
      case .array: "an array"
      case .object: "an object"
      }
    }
  }

  fileprivate struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    mutating func skipSpace() {
      while index < bytes.count {
        switch bytes[index] {
        case 0x20, 0x0A, 0x0D, 0x09: index += 1
        default: return
        }
      }
    }

    mutating func value(depth: Int) throws(Unsupported) -> Value {
      guard depth < 100 else { throw Unsupported(what: "nesting deeper than 100") }
      skipSpace()
      guard index < bytes.count else { throw Unsupported(what: "the end of the text") }
      switch bytes[index] {
      case UInt8(ascii: "{"):
        index += 1
        var keys: [String] = []
        var hashes: [UInt32] = []
        var values: [Value] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
          index += 1
          return .object(keys: keys, hashes: hashes, values: values)
        }
        while true {
          skipSpace()
          let key = try string()
          let hash = Self.hash(key)
          for (other, otherHash) in zip(keys, hashes) where otherHash == hash && other == key {
            throw Unsupported(what: "a repeated key \(key)")
          }
          skipSpace()
          try expect(UInt8(ascii: ":"))
          keys.append(key)
          hashes.append(hash)
          values.append(try value(depth: depth + 1))
          skipSpace()
          guard index < bytes.count else { throw Unsupported(what: "an unfinished object") }
          if bytes[index] == UInt8(ascii: ",") {
            index += 1
          } else {
            try expect(UInt8(ascii: "}"))
            return .object(keys: keys, hashes: hashes, values: values)
          }
        }
      case UInt8(ascii: "["):
        index += 1
        var items: [Value] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
          index += 1
          return .array(items)
        }
        while true {
          items.append(try value(depth: depth + 1))
          skipSpace()
          guard index < bytes.count else { throw Unsupported(what: "an unfinished array") }
          if bytes[index] == UInt8(ascii: ",") {
            index += 1
          } else {
            try expect(UInt8(ascii: "]"))
            return .array(items)
          }
        }
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "t"):
        try word("true")
        return .bool(true)
      case UInt8(ascii: "f"):
        try word("false")
        return .bool(false)
      case UInt8(ascii: "n"):
        try word("null")
        return .null
      default: return .number(try number())
      }
    }

    /// FNV-1a of the key's UTF-8 bytes: cheap to compare before the keys themselves.
    static func hash(_ key: String) -> UInt32 {
      var key = key
      return key.withUTF8 { bytes in
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash
      }
    }

    mutating func expect(_ byte: UInt8) throws(Unsupported) {
      guard index < bytes.count, bytes[index] == byte else {
        throw Unsupported(what: "no '\(Character(Unicode.Scalar(byte)))' at byte \(index)")
      }
      index += 1
    }

    mutating func word(_ text: StaticString) throws(Unsupported) {
      let count = text.utf8CodeUnitCount
      guard index + count <= bytes.count,
        UnsafeBufferPointer(start: text.utf8Start, count: count).elementsEqual(bytes[index..<index + count])
      else { throw Unsupported(what: "not \(text) at byte \(index)") }
      index += count
    }

    mutating func digits() -> Int {
      let start = index
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
      return index - start
    }

    mutating func number() throws(Unsupported) -> String {
      let start = index
      if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
      let leading = index
      guard digits() > 0 else { throw Unsupported(what: "no value at byte \(start)") }
      guard bytes[leading] != 0x30 || index == leading + 1 else { throw Unsupported(what: "a leading zero") }
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        guard digits() > 0 else { throw Unsupported(what: "a number without decimals") }
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
        index += 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
          index += 1
        }
        guard digits() > 0 else { throw Unsupported(what: "a number without an exponent") }
      }
      return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    mutating func string() throws(Unsupported) -> String {
      try expect(UInt8(ascii: "\""))
      let start = index
      var ascii = true
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
          index += 1
          if ascii { return String(decoding: text, as: UTF8.self) }
          guard let valid = String(validating: text, as: UTF8.self) else {
            throw Unsupported(what: "text that is not UTF-8")
          }
          return valid
        }
        if byte == 0x5C { return try escapedString(from: start) }
        guard byte >= 0x20 else { throw Unsupported(what: "a control character in a string") }
        ascii = ascii && byte < 0x80
        index += 1
      }
      throw Unsupported(what: "an unfinished string")
    }

    /// The rest of a string that holds escapes, from its first byte at `start`.
    mutating func escapedString(from start: Int) throws(Unsupported) -> String {
      var text: [UInt8] = Array(bytes[start..<index])
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""):
          guard let string = String(validating: text, as: UTF8.self) else {
            throw Unsupported(what: "text that is not UTF-8")
          }
          return string
        case 0x5C:
          guard index < bytes.count else { break }
          let escape = bytes[index]
          index += 1
          switch escape {
          case UInt8(ascii: "\""), 0x5C, UInt8(ascii: "/"): text.append(escape)
          case UInt8(ascii: "b"): text.append(0x08)
          case UInt8(ascii: "f"): text.append(0x0C)
          case UInt8(ascii: "n"): text.append(0x0A)
          case UInt8(ascii: "r"): text.append(0x0D)
          case UInt8(ascii: "t"): text.append(0x09)
          case UInt8(ascii: "u"):
            guard index + 4 <= bytes.count,
              let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
              let scalar = Unicode.Scalar(code)
            else { throw Unsupported(what: "a \\u escape that is not a scalar") }
            index += 4
            text.append(contentsOf: String(Character(scalar)).utf8)
          default: throw Unsupported(what: "an unknown escape")
          }
        default:
          guard byte >= 0x20 else { throw Unsupported(what: "a control character in a string") }
          text.append(byte)
        }
      }
      throw Unsupported(what: "an unfinished string")
    }
  }

  // MARK: - The decoder

  fileprivate struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
  }

  fileprivate final class Impl: Decoder {
    let value: Value
    let parent: Impl?
    let key: (any CodingKey)?
    /// On the root only: the first doubt met, which sends the whole document to `JSONDecoder`.
    var doubt: String?
    /// On the root only, when the first doubt was a number its integer field cannot hold: the path
    /// of the object or array holding it, the number, and the field's type.
    var misfit: (holder: [any CodingKey], number: String, type: String)?

    init(value: Value, parent: Impl?, key: (any CodingKey)?) {
      self.value = value
      self.parent = parent
      self.key = key
    }

    var codingPath: [any CodingKey] {
      var path: [any CodingKey] = []
      var decoder: Impl? = self
      while let current = decoder, let key = current.key {
        path.append(key)
        decoder = current.parent
      }
      return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Notes `what` on the root and gives the error to throw: any error makes the whole uncertain,
    /// since a value's own decoding may catch it and try another way.
    func doubt(_ what: String) -> Unsupported {
      var decoder = self
      while let parent = decoder.parent { decoder = parent }
      if decoder.doubt == nil { decoder.doubt = what }
      return Unsupported(what: what)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
      guard case .object(let keys, let hashes, let values) = value else {
        throw doubt("\(value.kind), not an object")
      }
      return KeyedDecodingContainer(Keyed<Key>(decoder: self, keys: keys, hashes: hashes, values: values))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
      guard case .array(let items) = value else { throw doubt("\(value.kind), not an array") }
      return Unkeyed(decoder: self, items: items)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

    /// `value` as a `T`: the primitive types directly, the rest by their own decoding.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
      if T.self == String.self {
        return unsafeBitCast(try value.string(in: self), to: T.self)
      } else if T.self == Int.self {
        return unsafeBitCast(try integer(Int.self), to: T.self)
      } else if T.self == Int64.self {
        return unsafeBitCast(try integer(Int64.self), to: T.self)
      } else if T.self == UInt64.self {
        return unsafeBitCast(try integer(UInt64.self), to: T.self)
      } else if T.self == Double.self {
        return unsafeBitCast(try double(), to: T.self)
      } else if T.self == Bool.self {
        return unsafeBitCast(try bool(), to: T.self)
      } else if T.self == Decimal.self || T.self == Date.self || T.self == Data.self || T.self == URL.self {
        throw doubt("a \(T.self)")
      }
      return try T(from: self)
    }

    func bool() throws -> Bool { try value.bool(in: self) }
    func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I { try value.integer(I.self, in: self) }
    func double() throws -> Double { try value.double(in: self) }
    func float() throws -> Float { try value.float(in: self) }

    func child(_ value: Value, _ key: any CodingKey) -> Impl { Impl(value: value, parent: self, key: key) }
  }

  fileprivate struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: Impl
    let keys: [String]
    let hashes: [UInt32]
    let values: [Value]

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { keys.compactMap { Key(stringValue: $0) } }

    func index(of key: Key) -> Int? {
      let name = key.stringValue
      let hash = Parser.hash(name)
      for index in hashes.indices where hashes[index] == hash && keys[index] == name { return index }
      return nil
    }

    func contains(_ key: Key) -> Bool { index(of: key) != nil }

    /// The value of `key`, for a primitive: read without a decoder of its own.
    func member(_ key: Key) throws -> Value {
      guard let index = index(of: key) else { throw decoder.doubt("no key \(key.stringValue)") }
      return values[index]
    }

    func child(_ key: Key) throws -> Impl { decoder.child(try member(key), key) }

    /// The value of `key` unless it is missing or null, in one look.
    func present(_ key: Key) -> Value? {
      guard let index = index(of: key) else { return nil }
      if case .null = values[index] { return nil }
      return values[index]
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
      try present(key)?.bool(in: decoder)
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
      try present(key)?.string(in: decoder)
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
      try present(key)?.double(in: decoder)
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
      try present(key)?.integer(Int.self, in: decoder)
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
      try present(key)?.integer(Int64.self, in: decoder)
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
      try present(key)?.integer(UInt64.self, in: decoder)
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
      try present(key).map { try decoder.child($0, key).decode(T.self) }
    }

    func decodeNil(forKey key: Key) throws -> Bool {
      if case .null = try member(key) { true } else { false }
    }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try member(key).bool(in: decoder) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try member(key).string(in: decoder) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try member(key).double(in: decoder) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try member(key).float(in: decoder) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
      try member(key).integer(Int.self, in: decoder)
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
      try member(key).integer(Int8.self, in: decoder)
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
      try member(key).integer(Int16.self, in: decoder)
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
      try member(key).integer(Int32.self, in: decoder)
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
      try member(key).integer(Int64.self, in: decoder)
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
      try member(key).integer(UInt.self, in: decoder)
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
      try member(key).integer(UInt8.self, in: decoder)
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
      try member(key).integer(UInt16.self, in: decoder)
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
      try member(key).integer(UInt32.self, in: decoder)
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
      try member(key).integer(UInt64.self, in: decoder)
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decode(T.self) }

    func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
      try child(key).container(keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      try child(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { throw decoder.doubt("a super-decoder") }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw decoder.doubt("a super-decoder") }
  }

  fileprivate struct Unkeyed: UnkeyedDecodingContainer {
    let decoder: Impl
    let items: [Value]
    var currentIndex = 0

    init(decoder: Impl, items: [Value]) {
      self.decoder = decoder
      self.items = items
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    mutating func next() throws -> Impl {
      let index = currentIndex
      return decoder.child(try nextValue(), IndexKey(index))
    }

    /// The next item, for a primitive: read without a decoder of its own.
    mutating func nextValue() throws -> Value {
      guard currentIndex < items.count else { throw decoder.doubt("the end of an array") }
      defer { currentIndex += 1 }
      return items[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
      guard currentIndex < items.count else { throw decoder.doubt("the end of an array") }
      guard case .null = items[currentIndex] else { return false }
      currentIndex += 1
      return true
    }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try nextValue().bool(in: decoder) }
    mutating func decode(_ type: String.Type) throws -> String { try nextValue().string(in: decoder) }
    mutating func decode(_ type: Double.Type) throws -> Double { try nextValue().double(in: decoder) }
    mutating func decode(_ type: Float.Type) throws -> Float { try nextValue().float(in: decoder) }
    mutating func decode(_ type: Int.Type) throws -> Int { try nextValue().integer(Int.self, in: decoder) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try nextValue().integer(Int8.self, in: decoder) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 {
      try nextValue().integer(Int16.self, in: decoder)
    }
    mutating func decode(_ type: Int32.Type) throws -> Int32 {
      try nextValue().integer(Int32.self, in: decoder)
    }
    mutating func decode(_ type: Int64.Type) throws -> Int64 {
      try nextValue().integer(Int64.self, in: decoder)
    }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try nextValue().integer(UInt.self, in: decoder) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
      try nextValue().integer(UInt8.self, in: decoder)
    }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
      try nextValue().integer(UInt16.self, in: decoder)
    }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
      try nextValue().integer(UInt32.self, in: decoder)
    }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
      try nextValue().integer(UInt64.self, in: decoder)
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decode(T.self) }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
      try next().container(keyedBy: NestedKey.self)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      try next().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { throw decoder.doubt("a super-decoder") }
  }

  fileprivate struct Single: SingleValueDecodingContainer {
    let decoder: Impl

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { if case .null = decoder.value { true } else { false } }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.bool() }
    func decode(_ type: String.Type) throws -> String { try decoder.decode(String.self) }
    func decode(_ type: Double.Type) throws -> Double { try decoder.double() }
    func decode(_ type: Float.Type) throws -> Float { try decoder.float() }
    func decode(_ type: Int.Type) throws -> Int { try decoder.integer(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.integer(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.integer(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.integer(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.integer(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.integer(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.integer(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.integer(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.integer(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.integer(UInt64.self) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(T.self) }
  }
}

extension StrictJSONDecoder.Value {
  fileprivate func string(in decoder: StrictJSONDecoder.Impl) throws -> String {
    guard case .string(let text) = self else { throw decoder.doubt("\(kind), not a string") }
    return text
  }

  fileprivate func bool(in decoder: StrictJSONDecoder.Impl) throws -> Bool {
    guard case .bool(let flag) = self else { throw decoder.doubt("\(kind), not a boolean") }
    return flag
  }

  fileprivate func integer<I: FixedWidthInteger>(_ type: I.Type, in decoder: StrictJSONDecoder.Impl) throws
    -> I
  {
    guard case .number(let text) = self else { throw decoder.doubt("\(kind), not a number") }
    guard let integer = I(text, radix: 10) else {
      var root = decoder
      while let parent = root.parent { root = parent }
      if root.doubt == nil { root.misfit = (decoder.codingPath, text, "\(I.self)") }
      throw decoder.doubt("\(text) as \(I.self)")
    }
    return integer
  }

  fileprivate func double(in decoder: StrictJSONDecoder.Impl) throws -> Double {
    guard case .number(let text) = self else { throw decoder.doubt("\(kind), not a number") }
    guard let number = Double(text), number.isFinite else { throw decoder.doubt("\(text) as a double") }
    return number
  }

  /// Left to `JSONDecoder`, whose rounding of a `Float` may differ from reading it directly.
  fileprivate func float(in decoder: StrictJSONDecoder.Impl) throws -> Float {
    throw decoder.doubt("a float")
  }
}
