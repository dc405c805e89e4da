/// How a command line splits into words: at spaces and tabs, and at every other space of Unicode
/// (a no-break space, a narrow or thin one, an ideographic one), which a line copied from a web page,
/// a chat or a document often holds where a space was typed. `advance 1h 30m` with no-break spaces
/// runs as typed, rather than reading as one unknown word that prints like the right one.
public enum CommandWords {
  /// Whether a character separates two words of a command line.
  static func separates(_ character: Character) -> Bool {
    if let ascii = character.asciiValue { return ascii == 0x20 || ascii == 0x09 }
    guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else {
      return false
    }
    return scalar.properties.generalCategory == .spaceSeparator
  }

  /// The words of a command line.
  public static func split(_ line: String) -> [Substring] {
    // Most lines are ASCII: split them as before, without asking each character what it is.
    if line.utf8.allSatisfy({ $0 < 0x80 }) { return line.split(whereSeparator: { $0 == " " || $0 == "\t" }) }
    return line.split(whereSeparator: separates)
  }
}
