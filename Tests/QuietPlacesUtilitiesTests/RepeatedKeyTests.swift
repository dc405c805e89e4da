import Foundation
import QuietPlacesUtilities
import Testing

/// A file of the game holding one key twice in an object is refused by name and place: a JSON
/// decoder keeps one of the two values without a word.
@Suite struct RepeatedKeyTests {
  @Test func aKeyGivenTwiceIsNamedWithItsPlace() {
    #expect(
      JSONValue.repeatedKeyReason(Data(#"{"game":{"postmarks":20,"postmarks":900}}"#.utf8))
        == "key 'game.postmarks' is given twice in one object (line 1, column 25); keep one of its values")
    #expect(
      JSONValue.repeatedKeyReason(Data("{\n  \"a\": 1,\n  \"a\": 1\n}".utf8))
        == "key 'a' is given twice in one object (line 3, column 3); keep one of its values")
    // Named by its path, through arrays too.
    #expect(
      JSONValue.repeatedKeyReason(Data(#"{"ledger":[{"id":1,"id":2}]}"#.utf8))
        == "key 'ledger[0].id' is given twice in one object (line 1, column 20); keep one of its values")
  }

  @Test func theSameKeyInTwoObjectsAndTextThatIsNotJSONAreNotRepeats() {
    #expect(JSONValue.repeatedKeyReason(Data(#"{"a":{"id":1},"b":{"id":1}}"#.utf8)) == nil)
    #expect(JSONValue.repeatedKeyReason(Data(#"{"a":1,"#.utf8)) == nil)
    #expect(JSONValue.repeatedKeyReason(Data(#"[{"a":1},{"a":2}]"#.utf8)) == nil)
  }
}
