import QuietPlacesUtilities
import Testing

/// Trimming a line: white space as `Character.isWhitespace` says, whether the line's ends are ASCII
/// (trimmed on bytes) or not (trimmed a character at a time).
@Suite struct TrimmingTests {
  /// What trimming means, one character at a time.
  static func byCharacters(_ text: String) -> String {
    guard let first = text.firstIndex(where: { !$0.isWhitespace }),
      let last = text.lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(text[first...last])
  }

  @Test(arguments: [
    ("", ""), ("   ", ""), ("\t\r\n", ""), ("advance 8h", "advance 8h"), ("  advance 8h \r\n", "advance 8h"),
    ("\u{0B}\u{0C}buy charts\u{0B}", "buy charts"), ("a", "a"), (" a ", "a"),
    // Non-ASCII white space at an end is trimmed too.
    ("\u{A0}buy\u{2028}", "buy"), ("\u{85}x\u{3000}", "x"),
    // A combining mark after a space makes one character with it: that character is white space.
    (" \u{301}buy", "buy"),
    // A prepended mark before a space makes one character that is not white space.
    ("buy \u{600} ", "buy \u{600} "),
    ("é ", "é"), (" naïve café ", "naïve café"),
  ])
  func trimsAsCharactersSay(text: String, trimmed: String) {
    #expect(text.trimmingWhitespace == trimmed)
    #expect(text.trimmingWhitespace == Self.byCharacters(text))
    #expect(text[...].trimmingWhitespace == trimmed)
  }
}
