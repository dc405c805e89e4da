import QuietPlacesGolden
import Testing

/// A failing JSON line is shown field by field.
@Suite struct JSONFieldDiffTests {
  @Test func oneLinePerDifferingFieldWithDottedPaths() throws {
    let expected = #"{"equipment":{"cargo":0,"sails":0},"ledger":[1,2],"owned":["charts"],"postmarks":20}"#
    let actual =
      #"{"equipment":{"cargo":0,"sails":1},"ledger":[1,3],"owned":["charts","hold"],"postmarks":24}"#
    let differences = try #require(JSONFieldDiff.differences(expectedLine: expected, actualLine: actual))
    #expect(
      differences.map(\.description) == [
        "equipment.sails: expected 0, got 1",
        "ledger[1]: expected 2, got 3",
        #"owned: expected ["charts"], got ["charts","hold"]"#,
        "postmarks: expected 20, got 24",
      ])
  }

  @Test func missingFieldsOnEitherSide() throws {
    let differences = try #require(
      JSONFieldDiff.differences(expectedLine: #"{"a":1,"b":"x"}"#, actualLine: #"{"a":1,"c":null}"#))
    #expect(
      differences.map(\.description) == [
        #"b: expected "x", got (missing)"#, "c: expected (missing), got null",
      ])
  }

  @Test func onlyObjectsAndListsAreCompared() {
    #expect(JSONFieldDiff.differences(expectedLine: "20", actualLine: "24") == nil)
    #expect(JSONFieldDiff.differences(expectedLine: "{not json", actualLine: "{}") == nil)
    #expect(JSONFieldDiff.differences(expectedLine: "{\"a\":1}", actualLine: "{\"a\":1}") == [])
  }
}
