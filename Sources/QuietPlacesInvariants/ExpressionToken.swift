import QuietPlacesUtilities

/// One word of an invariant expression, with the column it starts at (from 1).
struct ExpressionToken: Equatable {
  enum Kind: Equatable {
    case number(Double)
    case string(String)
    /// A dotted path or a keyword (`and`, `or`, `not`, `true`, `false`, `count`).
    case word(String)
    /// `+ - * / % ( ) < <= > >= == != , !`, `&&` and `||`.
    case symbol(String)
    case end
  }

  var kind: Kind
  var column: Int

  /// How an error names it: `'<='`, `the number 4`, `the end`.
  var described: String {
    switch kind {
    case .number: "a number"
    case .string(let text): "the string \"\(text)\""
    case .word(let word): "'\(word)'"
    case .symbol(let symbol): "'\(symbol)'"
    case .end: "the end"
    }
  }

  /// An ASCII digit.
  static func isDigit(_ character: Character) -> Bool { ("0"..."9").contains(character) }

  /// Splits an expression into tokens, ending with `.end`.
  static func tokens(of text: String) throws(ExpressionError) -> [ExpressionToken] {
    let characters = Array(text)
    var tokens: [ExpressionToken] = []
    var index = 0
    func fail(_ problem: String) -> ExpressionError {
      ExpressionError(expression: text, column: index + 1, problem: problem)
    }
    while index < characters.count {
      let character = characters[index]
      let start = index
      if character.isWhitespace {
        index += 1
        continue
      }
      if Self.isDigit(character) {
        var digits = ""
        while index < characters.count,
          Self.isDigit(characters[index]) || characters[index] == "." || characters[index] == "_"
            || ((characters[index] == "e" || characters[index] == "E") && index + 1 < characters.count
              && (Self.isDigit(characters[index + 1]) || characters[index + 1] == "-"
                || characters[index + 1] == "+"))
            || ((characters[index] == "-" || characters[index] == "+")
              && (digits.last == "e" || digits.last == "E"))
        {
          if characters[index] != "_" { digits.append(characters[index]) }
          index += 1
        }
        guard let value = Double(digits), value.isFinite else {
          index = start
          throw fail("'\(digits)' is not a number; write one such as 10000, 2.5 or 1e6")
        }
        tokens.append(ExpressionToken(kind: .number(value), column: start + 1))
        continue
      }
      if character.isLetter || character == "_" {
        var word = ""
        while index < characters.count,
          characters[index].isLetter || Self.isDigit(characters[index]) || characters[index] == "_"
            || (characters[index] == "." && index + 1 < characters.count
              && (characters[index + 1].isLetter || characters[index + 1] == "_"))
        {
          word.append(characters[index])
          index += 1
        }
        tokens.append(ExpressionToken(kind: .word(word), column: start + 1))
        continue
      }
      if character == "\"" || character == "'" {
        index += 1
        var content = ""
        while index < characters.count, characters[index] != character {
          content.append(characters[index])
          index += 1
        }
        guard index < characters.count else {
          index = start
          throw fail("this string has no closing \(character)")
        }
        index += 1
        tokens.append(ExpressionToken(kind: .string(content), column: start + 1))
        continue
      }
      let pair = index + 1 < characters.count ? String([character, characters[index + 1]]) : ""
      if ["<=", ">=", "==", "!=", "&&", "||"].contains(pair) {
        tokens.append(ExpressionToken(kind: .symbol(pair), column: start + 1))
        index += 2
        continue
      }
      if "+-*/%()<>,!".contains(character) {
        tokens.append(ExpressionToken(kind: .symbol(String(character)), column: start + 1))
        index += 1
        continue
      }
      if character == "=" {
        throw fail("a single '=' compares nothing; write '==' to compare")
      }
      if let note = Lookalike.note(for: String(character)) { throw fail(note) }
      throw fail(
        "'\(character)' is not part of an expression; write fields, numbers, + - * / %, comparisons, and, or, not"
      )
    }
    tokens.append(ExpressionToken(kind: .end, column: characters.count + 1))
    return tokens
  }
}
