/// A bracketed character class (`[0-9.,]`, `[^)]`) or a class escape (`\d`, `\W`) of a ` (re)` line.
struct LineRegexClass: Sendable, Equatable {
  /// One member of a class.
  enum Item: Sendable, Equatable {
    /// This character.
    case character(Character)
    /// Any character from `low` to `high`, both included.
    case range(Character, Character)
    /// A decimal digit (`\d`), or anything else when negated (`\D`).
    case digit(negated: Bool)
    /// A letter, digit or underscore (`\w`), or anything else when negated (`\W`).
    case word(negated: Bool)
    /// White space (`\s`), or anything else when negated (`\S`).
    case space(negated: Bool)

    func contains(_ character: Character) -> Bool {
      switch self {
      case .character(let member): character == member
      case .range(let low, let high): low <= character && character <= high
      case .digit(let negated): LineRegexClass.isDigit(character) != negated
      case .word(let negated): LineRegexClass.isWord(character) != negated
      case .space(let negated): character.isWhitespace != negated
      }
    }
  }

  /// The members.
  var items: [Item]
  /// Whether the class is every character that is not a member (`[^…]`).
  var negated: Bool

  /// Whether `character` is in the class.
  func contains(_ character: Character) -> Bool {
    items.contains { $0.contains(character) } != negated
  }

  /// A decimal digit of any script, as `\d` means in Swift's `Regex`.
  static func isDigit(_ character: Character) -> Bool {
    guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else {
      return false
    }
    return scalar.properties.numericType == .decimal
  }

  /// A character of a word: a letter, a digit or `_`.
  static func isWord(_ character: Character) -> Bool {
    character == "_" || character.isLetter || character.isNumber
  }
}
