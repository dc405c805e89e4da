import QuietPlacesUtilities
import Testing

/// Durations written in words, as the errors that refuse them write them back in letters.
@Suite struct DurationWordsTests {
  @Test(arguments: [
    ("2 hours", "2h"), ("1 hour", "1h"), ("1 h", "1h"), ("1hr", "1h"), ("30 min", "30m"), ("30mins", "30m"),
    ("1 hour and 30 minutes", "1h30m"), ("1h, 30m", "1h30m"), ("8H", "8h"), ("2 Days", "2d"),
    ("1 yr 2 wks", "1y2w"), ("45 secs", "45s"), ("3 weeks", "3w"), ("1 year", "1y"),
  ])
  func wordsBecomeLetters(_ written: String, _ letters: String) {
    #expect(DurationWords.letters(for: written) == letters)
  }

  /// Not a duration in words either, or already in letters: no guess. A capital M alone is months
  /// as often as minutes.
  @Test(arguments: [
    "2h", "1h30m", "1M", "2 fortnights", "1 h 30", "hours", "and", "2 and", "-2 hours", "1.5 hours",
    "٣ hours", "2 hours!", "",
  ])
  func noGuess(_ written: String) {
    #expect(DurationWords.letters(for: written) == nil)
  }
}
