import QuietPlacesUtilities
import Testing

/// A status line replaces the last one in place: a carriage return first, the text cut to one column
/// short of the terminal's width, the rest of the row erased.
@Suite struct TerminalStatusTests {
  @Test func aStatusIsCutToOneColumnShortOfTheWidth() {
    let text = "explore: run 1,204 of 3,000, 72,240 steps, 4,512 steps/s, 0 broken"
    #expect(TerminalStatus.line(text, columns: 40) == "\r" + String(text.prefix(39)) + "\u{1B}[K")
    #expect(TerminalStatus.line(text, columns: 200) == "\r" + text + "\u{1B}[K")
    #expect(TerminalStatus.line("12345", columns: 6) == "\r12345\u{1B}[K")
    #expect(TerminalStatus.line("123456", columns: 6) == "\r12345\u{1B}[K")
  }

  @Test func nothingClearsTheLineAndANarrowTerminalShowsNothing() {
    #expect(TerminalStatus.line(nil, columns: 80) == "\r\u{1B}[K")
    #expect(TerminalStatus.line("autoplay: 3d of 30d", columns: 1) == "\r\u{1B}[K")
    #expect(TerminalStatus.line("autoplay: 3d of 30d", columns: 0) == "\r\u{1B}[K")
  }
}
