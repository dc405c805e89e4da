import Foundation
import QuietPlacesUtilities
import Testing

/// The one JSON parser: values as written, keys in order, and a line and column for text that is
/// not JSON.
@Suite struct JSONParserTests {
  @Test(arguments: [
    #"{"b":1,"a":[true,false,null],"c":{"z":"x\"y","y":-0.5e+3}}"#,
    #"[]"#, #"{}"#, #"[1,"é\n\t\\",{"k":[]}]"#, #"0"#, #""just a string""#,
  ])
  func compactTextWritesBackWhatItRead(_ text: String) throws {
    #expect(try JSONValue(parsing: text).text == text)
  }

  @Test func keepsKeyOrderAndNumberSpelling() throws {
    let value = try JSONValue(parsing: #" { "z" : 1.50 , "a" : 2 } "#)
    #expect(value.object?.keys == ["z", "a"])
    #expect(value.text == #"{"z":1.50,"a":2}"#)
  }

  /// Escapes are read as the characters they stand for, and written as `JSONEncoder` writes them.
  @Test func escapesAreReadAsTheirCharacters() throws {
    let value = try JSONValue(parsing: #"["\u00e9\/\ud83d\ude00\u0001"]"#)
    #expect(value == .array([.string("é/😀\u{1}")]))
    #expect(value.text == #"["é/😀\u0001"]"#)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    let line = String(decoding: try encoder.encode(["é/😀\u{1}\"\\\n"]), as: UTF8.self)
    #expect(try JSONValue(parsing: line).text == line)
  }

  /// A long string of runs and escapes between characters of several bytes reads as `JSONDecoder`
  /// reads it: every run and every escaped character, in order.
  @Test func runsBetweenEscapesAreKeptWholeAndInOrder() throws {
    let piece = "é漢 W\u{7}\"\\\n😀/"
    let text = String(repeating: piece, count: 5_000)
    let encoded = String(decoding: try JSONEncoder().encode([text]), as: UTF8.self)
    #expect(encoded.contains("\\u0007"))
    let read = try JSONValue(parsing: encoded)
    #expect(read == .array([.string(text)]))
    #expect(try JSONDecoder().decode([String].self, from: Data(encoded.utf8)) == [text])
  }

  /// Objects are equal with the same members in any order, as JSON defines them.
  @Test func objectsCompareByMembersNotOrder() throws {
    #expect(try JSONValue(parsing: #"{"a":1,"b":[2]}"#) == JSONValue(parsing: #"{"b":[2],"a":1}"#))
    #expect(try JSONValue(parsing: #"{"a":1}"#) != JSONValue(parsing: #"{"a":1.0}"#))
  }

  /// Each failure names the problem and the place where the text stops being JSON: lines from 1,
  /// columns in characters (not bytes) from 1.
  @Test(arguments: [
    ("", JSONParseError.Problem.unexpectedEnd, 1, 1),
    ("{", .unexpectedEnd, 1, 2),  // a key was expected where the text ends
    ("{\"a\"", .unexpectedEnd, 1, 5),  // so was a colon, a comma or a closing bracket
    ("{\"a\":1", .unexpectedEnd, 1, 7),
    ("[1", .unexpectedEnd, 1, 3),
    ("{\"a\":}", .unexpectedCharacter, 1, 6),
    ("[1,]", .unexpectedCharacter, 1, 4),
    ("01", .textAfterValue, 1, 2),
    ("1.", .invalidNumber, 1, 3),
    ("-", .invalidNumber, 1, 2),
    ("{\"a\" 1}", .expectedColon, 1, 6),
    ("[1] x", .textAfterValue, 1, 5),
    ("\"unterminated", .unterminatedString, 1, 14),
    ("tru", .unexpectedCharacter, 1, 1),
    ("{a:1}", .expectedKey, 1, 2),
    ("\"bad \\q escape\"", .invalidEscape, 1, 7),
    ("\"\\ud800\"", .unpairedSurrogate, 1, 8),
    ("\"\\u12G4\"", .invalidUnicodeEscape, 1, 4),
    ("{\n  \"a\": 1,\n  \"a\": 2\n}", .duplicateKey("a"), 3, 3),
    ("[\n  1\n  2]", .expectedCommaOrBracket, 3, 3),
    ("{\"é\": 1 2}", .expectedCommaOrBrace, 1, 9),
    ("[\"é\",\n\"\u{1}\"]", .controlCharacter, 2, 2),
  ])
  func refusesWhatIsNotJSONSayingWhere(
    text: String, problem: JSONParseError.Problem, line: Int, column: Int
  ) {
    #expect(throws: JSONParseError(problem: problem, line: line, column: column)) {
      try JSONValue(parsing: text)
    }
  }

  @Test func theMessageNamesTheProblemAndThePlace() {
    let error = JSONParseError(problem: .expectedColon, line: 3, column: 7)
    #expect(error.description == "expected ':' at line 3, column 7")
    #expect(JSONParseError.Problem.duplicateKey("id").description == "duplicate key 'id'")
  }

  @Test func nestingStopsAtTheMaximumDepth() {
    let deep = String(repeating: "[", count: JSONParser.maximumDepth + 1)
    #expect(throws: JSONParseError(problem: .tooDeep(maximum: 64), line: 1, column: 65)) {
      try JSONValue(parsing: deep)
    }
    let allowed =
      String(repeating: "[", count: JSONParser.maximumDepth) + String(repeating: "]", count: 64)
    #expect(throws: Never.self) { try JSONValue(parsing: allowed) }
  }

  @Test func invalidUTF8InAStringIsRefused() {
    #expect(throws: JSONParseError(problem: .invalidUTF8, line: 1, column: 4)) {
      try JSONParser.parse([UInt8(ascii: "\""), 0x61, 0xFF, UInt8(ascii: "\"")])
    }
  }

  /// Where each value starts, by its path: what the StoreKit reader points its findings at.
  @Test func recordsWhereEachValueStarts() throws {
    let text = "{\n  \"products\": [\n    {\"id\": \"é\", \"n\": 2}\n  ]\n}"
    let (value, positions) = try JSONParser.parseRecordingPositions(Array(text.utf8))
    #expect(value.object?.keys == ["products"])
    #expect(positions[""] == JSONParser.Position(line: 1, column: 1))
    #expect(positions["products"] == JSONParser.Position(line: 2, column: 15))
    #expect(positions["products[0]"] == JSONParser.Position(line: 3, column: 5))
    #expect(positions["products[0].id"] == JSONParser.Position(line: 3, column: 12))
    // "é" is two bytes but one column.
    #expect(positions["products[0].n"] == JSONParser.Position(line: 3, column: 22))
  }

  /// Recording paths, a key given twice is named by its path, at the place it is given again.
  @Test func aRepeatedKeyIsNamedByItsPathWhenRecording() {
    let text = "{\"a\": [{\"b\": 1}, {\"b\": 2,\n \"b\": 3}]}"
    #expect(
      throws: JSONParseError(
        problem: .duplicateKey("b"), line: 2, column: 2, path: JSONKeyPath([.key("a"), .index(1), .key("b")]))
    ) {
      try JSONParser.parseRecordingPositions(Array(text.utf8))
    }
    // Without recording, the place alone.
    #expect(throws: JSONParseError(problem: .duplicateKey("b"), line: 2, column: 2)) {
      try JSONParser.parse(Array(text.utf8))
    }
  }
}
