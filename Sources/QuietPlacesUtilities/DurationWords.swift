/// Durations as people write them in words, for the errors that refuse them: `2 hours`, `1 hr 30
/// min`, `8H`, `1 hour and 30 minutes`. The REPL and the lab read only letters right after their
/// numbers (`2h`, `1h30m`); when a refused duration reads as one in words, the error writes it so.
public enum DurationWords {
  /// Units written as words or abbreviations, as a person writes them, and the letter each means.
  /// `M` is not among them: a capital M means months as often as minutes.
  private static let unitWords: [String: Character] = {
    var words: [String: Character] = [:]
    let spellings: [(Character, [String])] = [
      ("y", ["y", "yr", "yrs", "year", "years"]), ("w", ["w", "wk", "wks", "week", "weeks"]),
      ("d", ["d", "day", "days"]), ("h", ["h", "hr", "hrs", "hour", "hours"]),
      ("m", ["m", "min", "mins", "minute", "minutes"]), ("s", ["s", "sec", "secs", "second", "seconds"]),
    ]
    for (letter, names) in spellings {
      for name in names { words[name] = letter }
    }
    return words
  }()

  /// `text` with its units written as words, abbreviations or capitals turned into the letters a
  /// duration is typed with (`2 hours` → `2h`, `1 hr 30 min` → `1h30m`, `8H` → `8h`); `nil` when it
  /// does not read so, or is already so written. Whether the result is a duration (units in order,
  /// within the maximum) is for the reader that takes it.
  public static func letters(for text: String) -> String? {
    var typed = ""
    var number = ""
    var word = ""
    func endWord() -> Bool {
      guard !word.isEmpty else { return true }
      defer { word = "" }
      if word.lowercased() == "and" && number.isEmpty { return true }
      // A capital M alone is months as often as minutes: no guess.
      guard word != "M", !number.isEmpty, let letter = unitWords[word.lowercased()] else { return false }
      typed += number + String(letter)
      number = ""
      return true
    }
    for character in text {
      if character.isASCII, character.isNumber {
        guard endWord() else { return nil }
        number.append(character)
      } else if character.isASCII, character.isLetter {
        word.append(character)
      } else if character == " " || character == "\t" || character == "," {
        if !word.isEmpty { guard endWord() else { return nil } }
      } else {
        return nil
      }
    }
    guard endWord(), number.isEmpty, !typed.isEmpty, typed != text else { return nil }
    return typed
  }
}
