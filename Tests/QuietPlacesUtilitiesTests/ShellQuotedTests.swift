import QuietPlacesUtilities
import Testing

@Suite struct ShellQuotedTests {
  /// A word no shell reads specially stays as it is; any other is single-quoted, a `'` inside written
  /// `'\''` (close, an escaped quote, open again), so that the shell reads back the text itself.
  @Test(arguments: [
    ("1-40", "1-40"), ("charts,hold", "charts,hold"), ("15m/8h", "15m/8h"),
    ("equipment.sails.priceGrowth=1.5", "equipment.sails.priceGrowth=1.5"),
    ("Kelp Shallows", "'Kelp Shallows'"), ("routes[1].charterCost=5", "'routes[1].charterCost=5'"),
    ("Kelp's", "'Kelp'\\''s'"), ("*.json", "'*.json'"), ("~/b.json", "'~/b.json'"), ("$HOME", "'$HOME'"),
    ("=ls", "'=ls'"), ("", "''"), ("Bréhat", "'Bréhat'"),
  ])
  func quotesWhatAShellWouldRead(text: String, word: String) {
    #expect(text.shellQuoted == word)
  }
}
