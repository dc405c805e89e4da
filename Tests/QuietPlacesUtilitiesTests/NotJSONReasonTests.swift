import Foundation
import Testing

@testable import QuietPlacesUtilities

/// A file the decoder refused says why it is not JSON, and where, in the parser's words.
@Suite struct NotJSONReasonTests {
  @Test func aFileCutShortOrNestedWithoutEndSaysWhichAndWhere() {
    #expect(
      JSONValue.notJSONReason(Data("{\"format\":1,\"game\":{".utf8))
        == "it is not JSON (unexpected end of data at line 1, column 21)")
    // 100,000 arrays deep: the parser stops at 64, the 65th bracket.
    #expect(
      JSONValue.notJSONReason(Data(String(repeating: "[", count: 100_000).utf8))
        == "it is not JSON (nesting deeper than 64 levels at line 1, column 65)")
    #expect(
      JSONValue.notJSONReason(Data("{\"a\":1}\nx".utf8))
        == "it is not JSON (unexpected text after the value at line 2, column 1)")
  }

  /// JSON that only the system's decoder refuses is not called "not JSON".
  @Test func jsonTheDecoderRefusedIsCalledJSON() {
    let long = "{\"x\":" + String(repeating: "9", count: 100_000) + "}"
    #expect((try? JSONDecoder().decode([String: Double].self, from: Data(long.utf8))) == nil)
    #expect(
      JSONValue.notJSONReason(Data(long.utf8))
        == "it is JSON, but the decoder refused it (a number too long to read?)")
  }
}
