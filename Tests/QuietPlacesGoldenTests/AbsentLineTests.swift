import Foundation
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesGolden

@Suite struct AbsentLineTests {
  let script = """
    > echo Bought charts
    Bought charts
    > echo You own them
    Bought * (glob) (absent)
    You own them
    error: .* (re) (absent)

    """

  @Test func anAbsentLineTakesNoPlaceAndForbidsWhatItMatches() throws {
    let block = try #require(try GoldenScript.parse(script, path: "a.qp").blocks.last)
    #expect(block.positional.map(\.text) == ["You own them"])
    #expect(block.matches(["You own them"]))
    #expect(!block.matches(["You own them", "Bought it again"]))
    #expect(!block.matches(["error: no", "You own them"]))
    #expect(block.absentViolations(["Bought x", "You own them"]).map(\.line.number) == [4])
  }

  /// White space before ` (glob)`, ` (re)` or ` (absent)` is trimmed as at the end of a literal line:
  /// a check that kept it could never match a printed line, and so would always pass.
  @Test(arguments: [
    "error: *  (glob) (absent)", "error: *\t (glob) (absent)", "error: .*  (re) (absent)",
    "error: x  (absent)",
    "error: *  (glob)  (absent)  ",
  ])
  func whiteSpaceBeforeTheSuffixesIsTrimmed(line: String) throws {
    let check = try #require(AbsentLine(expected: line))
    #expect(check.violation(in: ["fine", "error: x"]) == "error: x")
    #expect(LineMatcher(expected: "error: *  (glob)").matches("error: x"))
  }

  @Test func anExactAbsentLineForbidsOnlyThatLine() {
    let check = AbsentLine(expected: "Bought charts. (absent)")
    #expect(check?.violation(in: ["Bought charts."]) == "Bought charts.")
    #expect(check?.violation(in: ["Bought charts twice."]) == nil)
    #expect(AbsentLine(expected: "Bought charts.") == nil)
  }

  @Test func aBadPatternInAnAbsentLineIsAnError() {
    #expect(throws: GoldenScriptError.self) {
      try GoldenScript.parse("> a\n([0-9 (re) (absent)\n", path: "x.qp")
    }
  }

  @Test func aFailingAbsentCheckNamesItsLineAndUpdateLeavesTheScript() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let failing = script.replacingOccurrences(of: "> echo You own them", with: "> echo error: gone")
      .replacingOccurrences(of: "You own them\n", with: "")
    try folder.write(failing, to: "a.qp")
    var lines: [String] = []
    let runner = GoldenRunner(
      options: GoldenRunOptions(paths: ["a.qp"], update: true), currentDirectory: folder.url
    ) {
      FakeSession(saveFolder: $0)
    }
    let status = await runner.run { lines.append($0) }
    #expect(lines.first == "FAIL a.qp")
    #expect(
      lines.contains("a.qp:5: '> echo error: gone' printed a line this (absent) check forbids: error: gone"))
    #expect(lines.contains("a.qp: not updated: an (absent) check fails, which rewriting cannot fix"))
    #expect(status == 1)
    #expect(try String(contentsOf: folder.url.appendingPathComponent("a.qp"), encoding: .utf8) == failing)
  }

  @Test func updateKeepsAbsentLinesAmongTheRewrittenOnes() throws {
    let parsed = try GoldenScript.parse(script, path: "a.qp")
    let rendered = parsed.rendered(actualOutputs: [["Bought charts"], ["You own them now", "and more"]])
    #expect(
      rendered == """
        > echo Bought charts
        Bought charts
        > echo You own them
        Bought * (glob) (absent)
        You own them now
        error: .* (re) (absent)
        and more

        """)
  }
}
