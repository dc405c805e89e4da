import QuietPlacesUtilities
import Testing

/// Typographic dashes, ellipses and quotes where a command line's ASCII was typed.
@Suite struct LookalikeTests {
  @Test(arguments: [
    ("1–100", false, "1-100"), ("—format", true, "--format"), ("–steps", true, "--steps"),
    ("−1", false, "-1"), ("1.4…1.8/4", false, "1.4..1.8/4"), ("‘a’", false, "'a'"), ("“a”", false, "\"a\""),
    ("ask‐to‑buy", false, "ask-to-buy"), ("—", false, "-"),
  ])
  func eachBecomesWhatWasTyped(_ text: String, _ asOption: Bool, _ ascii: String) {
    #expect(Lookalike.ascii(text, asOption: asOption) == ascii)
    #expect(Lookalike.first(in: text) != nil)
  }

  @Test func theNoteNamesTheCharacterAndWritesTheValue() {
    #expect(
      Lookalike.note(for: "1–100", fixed: { "--seeds \($0)" })
        == "'–' is an en dash (U+2013), which word processors, chats and web pages put for -; write --seeds 1-100"
    )
    #expect(
      Lookalike.note(for: "—seed", asOption: true)
        == "'—' is an em dash (U+2014), which word processors, chats and web pages put for --; write --seed")
  }

  /// The naming alone, for an error whose own words already say what is right.
  @Test func theNamingSaysWhatTheCharacterStandsFor() {
    #expect(
      Lookalike.naming(in: "log −3")
        == "'−' is a minus sign (U+2212), which word processors, chats and web pages put for -")
    #expect(
      Lookalike.naming(in: "1h…")
        == "'…' is an ellipsis (U+2026), which word processors, chats and web pages put for ..")
  }

  @Test(arguments: ["1-100", "--format", "plain text", "café", "£4.99", "日本", ""])
  func asciiAndOtherTextHaveNone(_ text: String) {
    #expect(Lookalike.first(in: text) == nil)
    #expect(Lookalike.note(for: text) == nil)
    #expect(Lookalike.naming(in: text) == nil)
    #expect(Lookalike.ascii(text) == text)
  }
}
