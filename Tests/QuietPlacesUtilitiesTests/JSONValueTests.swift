import Foundation
import QuietPlacesUtilities
import Testing

/// One JSON value type for every document read without knowing all its keys: numbers keep their
/// digits, and each kind of value decodes as itself.
@Suite struct JSONValueTests {
  func decode(_ text: String) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
  }

  @Test func eachKindDecodesAsItself() throws {
    let value = try decode(#"{"a": null, "b": true, "c": 7, "d": "7", "e": [false, 0.5], "f": {}}"#)
    #expect(
      value
        == .object([
          "a": .null, "b": .bool(true), "c": .number("7"), "d": .string("7"),
          "e": .array([.bool(false), .number("0.5")]), "f": .object([:]),
        ]))
  }

  /// `_lastSynchronizedDate` in real StoreKit files has 17 significant digits, more than a Double
  /// keeps exactly in its shortest text; 0.1 is not a binary fraction.
  @Test(arguments: ["744045087.06342101", "0.1", "-42", "123456789012345678901234567890"])
  func numbersKeepTheirDigits(_ text: String) throws {
    #expect(try decode(text) == .number(text))
    let written = String(decoding: try JSONEncoder().encode(JSONValue.number(text)), as: UTF8.self)
    #expect(written == text)
  }

  @Test func anExponentIsWrittenOut() throws {
    #expect(try decode("1.5e3") == .number("1500"))
  }

  @Test func aDocumentThatIsNotJSONDoesNotDecode() {
    #expect(throws: (any Error).self) { try decode("{\"a\": }") }
    #expect(throws: (any Error).self) { try decode("") }
  }
}
