import Foundation
import Testing

@testable import QuietPlacesUtilities

/// The strict decoder gives what `JSONDecoder` gives, or gives up.
struct StrictJSONDecoderTests {
  struct Inner: Codable, Equatable {
    var name: String
    var values: [Double]
    var empty: [Int]
    var nothing: [String: Int]
    var maybe: Int?
  }

  struct Outer: Codable, Equatable {
    var b: Bool
    var small: Int8
    var big: Int64
    var unsigned: UInt64
    var inner: Inner
    var list: [Inner?]
    var nested: [[String]]
    var byName: [String: Inner]
    var byNumber: [Int: String]
    var optional: String?
  }

  /// Tries one reading and, when it fails, another: a reader must not make it take the other.
  struct Probing: Decodable, Equatable {
    var value: String
    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let number = try? container.decode(Int.self) {
        value = "int \(number)"
      } else {
        value = "double \(try container.decode(Double.self))"
      }
    }
  }

  func strict<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    let decoder = StrictJSONDecoder()
    return try decoder.decode(T.self, from: try decoder.parse(Data(text.utf8)))
  }

  func foundation<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    try JSONDecoder().decode(T.self, from: Data(text.utf8))
  }

  @Test func readsWhatJSONDecoderReads() throws {
    let strings = [
      "", "a/b", "quote \" backslash \\", "\u{0}\u{1}\u{8}\u{9}\u{A}\u{1B}\u{1F}\u{7F}", "Ünïcödé — ✓ 🚢",
    ]
    for (index, name) in strings.enumerated() {
      let inner = Inner(
        name: name, values: [0, -0.0, 0.1, 1e300, 2.0 / 3, .leastNonzeroMagnitude], empty: [], nothing: [:],
        maybe: index % 2 == 0 ? nil : index)
      let value = Outer(
        b: true, small: -128, big: .min, unsigned: .max, inner: inner, list: [inner, nil],
        nested: [[], strings], byName: ["é": inner, "a": inner], byNumber: [10: "ten", -1: "minus"],
        optional: index % 3 == 0 ? nil : name)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      let text = String(decoding: try encoder.encode(value), as: UTF8.self)
      #expect(try strict(Outer.self, text) == value)
      #expect(try strict(Outer.self, text) == foundation(Outer.self, text))
    }
    let escapes = #"["\u00e9\u0000\/\b\f\n\r\t\"\\", " x ", "\u2028"]"#
    #expect(try strict([String].self, escapes) == foundation([String].self, escapes))
    #expect(try strict(Probing.self, "12").value == "int 12")
    #expect(try strict([Double].self, "[1, -2.5e3, 1E-2, 0]") == [1, -2500, 0.01, 0])
  }

  @Test(arguments: [
    ("{\"a\": 1, \"a\": 2}", "a repeated key"),
    ("[\"\\ud83d\\ude80\"]", "a surrogate escape"),
    ("[1] x", "text after the value"),
    ("[01]", "a leading zero"),
    ("[1.]", "a number without decimals"),
    ("[\"a\nb\"]", "a control character"),
    ("[\"\\x\"]", "an unknown escape"),
    ("[tru]", "a broken word"),
    ("{\"a\" 1}", "no colon"),
    ("[1,]", "a trailing comma"),
    ("", "nothing"),
  ])
  func givesUpOnWhatItDoesNotTakeOn(text: String, what: String) {
    #expect(throws: (any Error).self, "\(what)") { try strict([String: Int].self, text) }
    #expect(throws: (any Error).self, "\(what)") { try strict([String].self, text) }
  }

  @Test func givesUpWhereJSONDecoderMightReadOtherwise() throws {
    // An integer from a number with a fraction or an exponent, or out of range.
    #expect(throws: StrictJSONDecoder.Unsupported.self) { try strict([Int].self, "[1.0]") }
    #expect(throws: StrictJSONDecoder.Unsupported.self) { try strict([Int].self, "[1e2]") }
    #expect(throws: StrictJSONDecoder.Unsupported.self) { try strict([Int8].self, "[128]") }
    #expect(throws: StrictJSONDecoder.Unsupported.self) { try strict([Double].self, "[1e400]") }
    #expect(throws: StrictJSONDecoder.Unsupported.self) { try strict([Float].self, "[0.1]") }
    #expect(throws: StrictJSONDecoder.Unsupported.self) { try strict([Decimal].self, "[0.1]") }
    #expect(throws: StrictJSONDecoder.Unsupported.self) { try strict([Data].self, "[\"AAE=\"]") }
    // A value whose own reading caught an error: the whole is left to JSONDecoder.
    #expect(throws: StrictJSONDecoder.Unsupported.self) { try strict(Probing.self, "1.5") }
    #expect(try foundation(Probing.self, "1.5").value == "double 1.5")
  }

  /// `decodeDeferring` gives what `JSONDecoder` gives, from whichever decoder read it, and throws
  /// where `JSONDecoder` throws.
  @Test func decodingDeferringGivesWhatJSONDecoderGives() throws {
    let text =
      #"{"b":true,"small":-3,"big":9007199254740993,"unsigned":1,"inner":{"name":"a","values":[0.5],"empty":[],"nothing":{}},"list":[null],"nested":[],"byName":{},"byNumber":{"2":"two"}}"#
    let data = Data(text.utf8)
    #expect(
      try StrictJSONDecoder.decodeDeferring(Outer.self, from: data) == (try foundation(Outer.self, text)))
    // Left to JSONDecoder by the strict decoder, read all the same.
    #expect(try StrictJSONDecoder.decodeDeferring(Probing.self, from: Data("1.5".utf8)).value == "double 1.5")
    #expect(try StrictJSONDecoder.decodeDeferring([Int].self, from: Data("[1e2]".utf8)) == [100])
    // Refused by both.
    #expect(throws: DecodingError.self) {
      try StrictJSONDecoder.decodeDeferring([Int].self, from: Data("[1".utf8))
    }
    #expect(throws: DecodingError.self) {
      try StrictJSONDecoder.decodeDeferring(Inner.self, from: Data(#"{"name":"a"}"#.utf8))
    }
  }
}
