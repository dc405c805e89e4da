/// What `--update` does with a ` (re)` or ` (glob)` line that no longer matches the line printed in its
/// place: it keeps a pattern with the same fixed parts when the new line matches one, so that a test
/// written to survive a change of numbers goes on surviving.
///
/// The pattern is cut into pieces: fixed ones (literal characters, escaped punctuation, anchors) and
/// variable ones (`.`, a class, a group, anything quantified; in a glob, `?`). Every variable piece is
/// widened (to `.*`; in a glob, `*`); when even that does not match, no pattern with these fixed
/// parts does, and the caller writes the literal line and says so. Otherwise each widened piece is
/// put back as it was, one at a time from the left, whenever the line still matches without the
/// widening: only what had to change is widened.
enum PatternWidening {
  /// A piece of a pattern: its text as written, and whether it may be widened.
  struct Piece: Equatable {
    var text: String
    var variable: Bool
  }

  /// The expected line (suffix included) that keeps `matcher`'s fixed parts and matches `line`, or
  /// `nil` when there is none (or the matcher is not a pattern).
  static func widened(_ matcher: LineMatcher, toMatch line: String) -> String? {
    let pieces: [Piece]
    let wide: String
    let suffix: String
    switch matcher {
    case .exact:
      return nil
    case .regex(let pattern):
      guard let regexPieces = regexPieces(pattern) else { return nil }
      (pieces, wide, suffix) = (regexPieces, ".*", LineMatcher.regexSuffix)
    case .glob(let pattern):
      (pieces, wide, suffix) = (globPieces(pattern), "*", LineMatcher.globSuffix)
    }
    let candidates = pieces.indices.filter { pieces[$0].variable && pieces[$0].text != wide }
    let fixed = pieces.contains { !$0.variable && $0.text != "^" && $0.text != "$" }
    guard fixed, !candidates.isEmpty else { return nil }
    func text(widening widened: Set<Int>) -> String {
      pieces.indices.map { widened.contains($0) ? wide : pieces[$0].text }.joined() + suffix
    }
    func matches(_ widened: Set<Int>) -> Bool {
      LineMatcher(expected: text(widening: widened)).matches(line)
    }
    var widened = Set(candidates)
    guard matches(widened) else { return nil }
    for candidate in candidates {
      widened.remove(candidate)
      if !matches(widened) { widened.insert(candidate) }
    }
    return text(widening: widened)
  }

  /// A glob's pieces: `?` is variable, `*` is already as wide as it gets, the rest is fixed.
  static func globPieces(_ pattern: String) -> [Piece] {
    var pieces: [Piece] = []
    var characters = pattern[...]
    while let character = characters.popFirst() {
      if character == "\\", let next = characters.popFirst() {
        pieces.append(Piece(text: "\\\(next)", variable: false))
      } else {
        pieces.append(Piece(text: String(character), variable: character == "?" || character == "*"))
      }
    }
    return pieces
  }

  /// A regex's pieces at the top level, a quantifier joined to what it repeats; `nil` when the pattern
  /// is an alternation at the top level (it has no fixed parts that all its lines share).
  static func regexPieces(_ pattern: String) -> [Piece]? {
    let characters = Array(pattern)
    var pieces: [Piece] = []
    var index = 0
    while index < characters.count {
      let start = index
      let character = characters[index]
      index += 1
      switch character {
      case "|":
        return nil
      case "\\":
        guard index < characters.count else { return nil }
        let letter = characters[index]
        index += 1
        let variable = "dDwWsSbB".contains(letter) || letter.isNumber
        pieces.append(Piece(text: String(characters[start..<index]), variable: variable))
      case "[":
        index = classEnd(characters, from: index)
        pieces.append(Piece(text: String(characters[start..<min(index, characters.count)]), variable: true))
      case "(":
        index = groupEnd(characters, from: index)
        pieces.append(Piece(text: String(characters[start..<min(index, characters.count)]), variable: true))
      case "*", "+", "?", "{":
        let end = character == "{" ? countedEnd(characters, from: index) : index
        guard let end, var last = pieces.popLast() else {
          pieces.append(Piece(text: String(character), variable: false))
          continue
        }
        index = end
        if index < characters.count, characters[index] == "?" { index += 1 }
        last.text += String(characters[start..<index])
        last.variable = true
        pieces.append(last)
      default:
        pieces.append(Piece(text: String(character), variable: character == "."))
      }
    }
    return pieces
  }

  /// The index just after the `]` closing a class whose `[` is before `index`.
  private static func classEnd(_ characters: [Character], from start: Int) -> Int {
    var index = start
    if index < characters.count, characters[index] == "^" { index += 1 }
    if index < characters.count, characters[index] == "]" { index += 1 }
    while index < characters.count, characters[index] != "]" {
      index += characters[index] == "\\" ? 2 : 1
    }
    return index + 1
  }

  /// The index just after the `)` closing a group whose `(` is before `index`.
  private static func groupEnd(_ characters: [Character], from start: Int) -> Int {
    var index = start
    var depth = 1
    while index < characters.count {
      switch characters[index] {
      case "\\": index += 1
      case "[": index = classEnd(characters, from: index + 1) - 1
      case "(": depth += 1
      case ")":
        depth -= 1
        if depth == 0 { return index + 1 }
      default: break
      }
      index += 1
    }
    return index
  }

  /// The index just after a counted quantifier `{n}`, `{n,}`, `{n,m}`, `{,m}` whose `{` is before
  /// `index`, or `nil` when the brace does not open one.
  private static func countedEnd(_ characters: [Character], from start: Int) -> Int? {
    var index = start
    var digits = 0
    while index < characters.count, characters[index].isASCII,
      characters[index].isNumber || characters[index] == ","
    {
      if characters[index].isNumber { digits += 1 }
      index += 1
    }
    guard digits > 0, index < characters.count, characters[index] == "}" else { return nil }
    return index + 1
  }
}
