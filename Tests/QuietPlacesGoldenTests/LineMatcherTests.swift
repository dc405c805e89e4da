import QuietPlacesGolden
import QuietPlacesREPL
import Testing

@Suite struct LineMatcherTests {
  @Test(arguments: [
    // A number that is incidental: any whole amount of Discoveries.
    (
      "Sails \\+1 → level 1 for [0-9,]+ Discoveries \\([0-9,]+ left\\)\\. (re)",
      "Sails +1 → level 1 for 30 Discoveries (58 left).", true
    ),
    (
      "Sails \\+1 → level 1 for [0-9,]+ Discoveries \\([0-9,]+ left\\)\\. (re)",
      "Sails +1 → level 1 for 25 Discoveries (63 left).", true
    ),
    // Whole line: a regex that matches only part of the line does not match it.
    ("level 1 (re)", "Sails +1 → level 1 for 25 Discoveries (63 left).", false),
    ("Sails .* (re)", "Sails +1 → level 1", true),
    ("Sails .* (re)", "Spyglass +1 → level 1", false),
    // A regex that must not match: the level must be a single digit.
    ("Sails \\+1 → level [0-9] for .* (re)", "Sails +1 → level 10 for 25 Discoveries (63 left).", false),
    // A line that is literally the expected line, suffix and all, matches too (cram's rule).
    ("a[b (re)", "a[b (re)", true),
    ("Bought * for £?.99. (glob)", "Bought Luminous charts for £4.99.", true),
    ("Bought * for £?.99. (glob)", "Bought Luminous charts for £14.99.", false),
    ("Bought * for £?.99. (glob)", "Sold Luminous charts for £4.99.", false),
    ("a\\*b (glob)", "a*b", true),
    ("a\\*b (glob)", "axxb", false),
    ("a\\?b (glob)", "a?b", true),
    ("a\\?b (glob)", "axb", false),
    ("*x*y* (glob)", "axbxcyd", true),
    ("*x*y* (glob)", "aybxc", false),
    ("trailing\\ (glob)", "trailing\\", true),
    ("x (glob) (glob)", "x (glob)", true),
    // Exact lines; white space at the end is not compared.
    ("plain line", "plain line   ", true),
    ("plain line  ", "plain line", true),
    ("plain line", "plain lines", false),
    ("look (re)  ", "look", true),
  ])
  func matches(expected: String, actual: String, result: Bool) {
    #expect(LineMatcher(expected: expected).matches(actual) == result)
  }

  @Test func suffixesMakePatterns() {
    #expect(LineMatcher(expected: "a+ (re)") == .regex("a+"))
    #expect(LineMatcher(expected: "a* (glob)") == .glob("a*"))
    #expect(LineMatcher(expected: "a (regex)") == .exact("a (regex)"))
    #expect(LineMatcher(expected: "(re)") == .exact("(re)"))
    #expect(!LineMatcher(expected: "x").isPattern)
  }

  @Test func aBadRegexIsAScriptErrorOnItsLine() {
    #expect {
      try GoldenScript.parse("> status\nok\nfor ([0-9 (re)\n", path: "r.qp")
    } throws: { error in
      guard let error = error as? GoldenScriptError, case .badRegex = error.problem else { return false }
      return error.line == 3
        && error.description.hasPrefix("r.qp:3: the pattern before ' (re)' is not a regular expression (")
    }
  }

  @Test func aBlockMatchesLineForLineWithPatterns() throws {
    let script = try GoldenScript.parse("> count\ncount [0-9]+ (re)\nend\n", path: "m.qp")
    let block = try #require(script.blocks.first)
    #expect(block.matches(["count 12", "end"]))
    #expect(!block.matches(["count twelve", "end"]))
    #expect(!block.matches(["count 12"]))
    #expect(!block.matches(["count 12", "end", "more"]))
    #expect(block.matches(["count 12", "end", "", "  "]))
  }

  @Test func rewritingKeepsPatternsThatStillMatchAndReplacesTheRest() throws {
    let text = "> run\nheader\nvalue [0-9]+ (re)\nid * (glob)\nold line\ncount [0-9]+ (re)\n"
    let script = try GoldenScript.parse(text, path: "w.qp")
    // A line is added before the patterns, "old line" changed, and the last count is no longer a number.
    let actual = ["header", "new first", "value 42", "id abc", "new line", "count many"]
    #expect(
      script.rendered(actualOutputs: [actual])
        == "> run\nheader\nnew first\nvalue [0-9]+ (re)\nid * (glob)\nnew line\ncount many\n")
  }
}
