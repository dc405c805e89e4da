import Testing

@testable import QuietPlacesGolden

@Suite struct PatternWideningTests {
  @Test(arguments: [
    // Only the piece that no longer fits is widened; the fixed parts and the other pieces stay.
    (
      "Sails \\+1 → level [0-9] for [0-9]+ Discoveries\\. (re)", "Sails +1 → level 10 for 25 Discoveries.",
      "Sails \\+1 → level .* for [0-9]+ Discoveries\\. (re)"
    ),
    (
      "New game: seed [0-9]+, storefront (GBR|USA)\\. (re)", "New game: seed 7, storefront FRA.",
      "New game: seed [0-9]+, storefront .*\\. (re)"
    ),
    ("Bought * for £?.99. (glob)", "Bought charts for £14.99.", "Bought * for £*.99. (glob)"),
    ("a?b?c (glob)", "aXXbYc", "a*b?c (glob)"),
  ])
  func keepsThePatternWithItsFixedParts(pattern: String, line: String, kept: String) {
    #expect(!LineMatcher(expected: pattern).matches(line))
    #expect(PatternWidening.widened(LineMatcher(expected: pattern), toMatch: line) == kept)
    #expect(LineMatcher(expected: kept).matches(line))
  }

  @Test(arguments: [
    // A fixed part changed.
    ("Sails \\+1 → level [0-9] for .* (re)", "Spyglass +1 → level 1 for 25 Discoveries."),
    ("Bought * for £4.99. (glob)", "Bought charts for £5.99."),
    ("(GBR|USA) (re)", "FRA"),  // no fixed part at all
    ("exact line", "other line"),
  ])
  func givesUpWhenAFixedPartChanged(pattern: String, line: String) {
    #expect(PatternWidening.widened(LineMatcher(expected: pattern), toMatch: line) == nil)
  }

  @Test func updateSaysWhatItDidWithEachPatternLine() throws {
    let script = try GoldenScript.parse(
      "> upgrade\nSails level [0-9] (re)\nBought for £4.99 (glob)\n> status\nfine\n", path: "u.qp")
    let (text, notes) = script.updatedText(actualOutputs: [["Sails level 12", "Sold for £4.99"], ["fine"]])
    #expect(text == "> upgrade\nSails level .* (re)\nSold for £4.99\n> status\nfine\n")
    #expect(
      notes.map { $0.message(path: "u.qp") } == [
        "u.qp:2: the (re) line no longer matched; kept with its fixed parts, now Sails level .* (re)",
        "u.qp:3: the (glob) line no longer matched and no pattern with its fixed parts does; "
          + "wrote the line printed (it was Bought for £4.99 (glob))",
      ])
  }
}
