import Foundation
import Testing

@testable import QuietPlacesUtilities

/// The sorted encoder writes what `JSONEncoder` writes with the same layout, byte for byte: pretty
/// (`[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`) or compact (`[.sortedKeys]`).
struct SortedJSONEncoderTests {
  struct Inner: Codable, Equatable {
    var name: String
    var values: [Double]
    var empty: [Int]
    var nothing: [String: Int]
    var maybe: Int?
  }

  struct Outer: Codable, Equatable {
    var b: Bool
    var a10: Int
    var a9: Int64
    var aa: UInt64
    var _z: Int8
    var zé: Float
    var inner: Inner
    var list: [Inner]
    var nested: [[String]]
    var byName: [String: Inner]
    var byNumber: [Int: String]
    var optional: String?
    var decimal: Decimal
    var data: Data
    var url: URL
  }

  /// Encodes explicit nulls and a nested container, as hand-written coding does.
  struct Custom: Encodable {
    enum Keys: String, CodingKey { case present, absent, nested, list }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode("x", forKey: .present)
      try container.encodeNil(forKey: .absent)
      var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .nested)
      try nested.encode(1.5, forKey: .present)
      var list = container.nestedUnkeyedContainer(forKey: .list)
      try list.encodeNil()
      try list.encode(true)
      var deeper = list.nestedUnkeyedContainer()
      try deeper.encode("in")
    }
  }

  /// Encodes nothing at all: both write an empty object.
  struct Silent: Encodable {
    func encode(to encoder: any Encoder) throws {}
  }

  func foundation(_ value: some Encodable, _ layout: SortedJSONEncoder.Layout = .pretty) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting =
      layout == .pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  func sorted(_ value: some Encodable, _ layout: SortedJSONEncoder.Layout = .pretty) throws -> String {
    String(decoding: try SortedJSONEncoder(layout: layout).encode(value), as: UTF8.self)
  }

  static let doubles: [Double] = [
    0, -0.0, 1, -1, 0.1, 1.5, 2.0 / 3, 1e16, 1e21, 1e-7, 123_456_789_012_345_683_968, .leastNonzeroMagnitude,
    .greatestFiniteMagnitude, -.leastNormalMagnitude, 9_007_199_254_740_992, 100, 1e300,
  ]

  static let strings = [
    "", "plain", "a/b", "quote \" backslash \\", "\u{0}\u{1}\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}\u{1B}\u{1F}\u{7F}",
    "Ünïcödé — ✓ 🚢 \u{2028}", "</script>",
  ]

  func outer(_ index: Int) -> Outer {
    let inner = Inner(
      name: Self.strings[index % Self.strings.count], values: Self.doubles, empty: [], nothing: [:],
      maybe: index % 2 == 0 ? nil : -index)
    return Outer(
      b: index % 2 == 0, a10: Int.min + index, a9: Int64.max - Int64(index), aa: UInt64.max, _z: -128,
      zé: Float(index) / 3, inner: inner, list: [inner, inner], nested: [[], Self.strings, ["one"]],
      byName: ["b": inner, "a": inner, "B": inner, "é": inner, "a10": inner, "a9": inner],
      byNumber: [10: "ten", 9: "nine", -1: "minus"], optional: index % 3 == 0 ? nil : "there",
      decimal: Decimal(string: "12.50")!, data: Data([0, 1, 2, 255, UInt8(index % 256)]),
      url: URL(string: "https://example.com/a b?q=1")!)
  }

  @Test(arguments: [SortedJSONEncoder.Layout.pretty, .compact])
  func writesWhatJSONEncoderWrites(layout: SortedJSONEncoder.Layout) throws {
    for index in 0..<20 {
      let value = outer(index)
      #expect(try sorted(value, layout) == foundation(value, layout))
    }
    #expect(try sorted(Custom(), layout) == foundation(Custom(), layout))
    #expect(try sorted([Silent()], layout) == foundation([Silent()], layout))
    for double in Self.doubles {
      #expect(try sorted([double], layout) == foundation([double], layout))
      #expect(try sorted(["key": double], layout) == foundation(["key": double], layout))
    }
    for string in Self.strings {
      #expect(try sorted(string, layout) == foundation(string, layout))
      #expect(try sorted([string: [string]], layout) == foundation([string: [string]], layout))
    }
    #expect(try sorted(42, layout) == foundation(42, layout))
    #expect(try sorted([Int](), layout) == (layout == .pretty ? "[\n\n]" : "[]"))
  }

  /// The compact layout is the pretty one without its white space, and with `/` escaped.
  @Test func compactTextHasNoWhiteSpaceAndEscapesSlashes() throws {
    let value = ["b": ["a/b", "c"], "a": [], "c d": ["x"]]
    #expect(try sorted(value, .compact) == #"{"a":[],"b":["a\/b","c"],"c d":["x"]}"#)
    #expect(try sorted([String: Int](), .compact) == "{}")
    #expect(try sorted("a/b", .pretty) == #""a/b""#)
  }

  @Test func leavesToJSONEncoderWhatItDoesNotTakeOn() {
    #expect(throws: SortedJSONEncoder.Unsupported.self) { try SortedJSONEncoder().encode([Double.nan]) }
    #expect(throws: SortedJSONEncoder.Unsupported.self) {
      try SortedJSONEncoder().encode(["a": Double.infinity])
    }
    #expect(throws: SortedJSONEncoder.Unsupported.self) { try SortedJSONEncoder().encode([Date()]) }
    // Foundation refuses a value that encodes nothing too.
    #expect(throws: SortedJSONEncoder.Unsupported.self) { try SortedJSONEncoder().encode(Silent()) }
    #expect(throws: EncodingError.self) { try foundation(Silent()) }
  }
}
