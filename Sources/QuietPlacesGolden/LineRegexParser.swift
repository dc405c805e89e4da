/// Reads the pattern of a ` (re)` line into a tree (``Node``): the subset of Swift's `Regex` syntax
/// the README documents — literals, `.`, classes `[…]` with ranges and `^`, `\d \w \s \b` and their
/// capitals, `\n \t \r`, groups `(…)` `(?:…)` `(?<name>…)`, `|`, the quantifiers `* + ? {n} {n,}
/// {n,m} {,m}` (lazy with a trailing `?`), the anchors `^ $` and backreferences `\1`…`\9`.
struct LineRegexParser {
  /// A parsed pattern.
  indirect enum Node: Sendable, Equatable {
    case empty
    case character(Character)
    case any
    case set(LineRegexClass)
    case group(Node, capture: Int?)
    case sequence([Node])
    case alternation([Node])
    case repetition(Node, min: Int, max: Int?, lazy: Bool)
    case backreference(Int)
    case lineStart
    case lineEnd
    case wordBoundary(Bool)
  }

  /// The tree, how many groups capture, and whether any backreference refers to one.
  struct Parsed {
    var node: Node
    var groupCount: Int
    var hasBackreferences: Bool
  }

  /// The largest count a `{n,m}` may give.
  static let largestCount = 1000
  /// The deepest groups nest: the tree is read and compiled by recursion, and 20,000 nested groups
  /// overflowed the stack.
  static let maximumNesting = 64

  private let characters: [Character]
  private var index = 0
  private var groupCount = 0
  private var closedGroups: Set<Int> = []
  private var hasBackreferences = false
  /// Groups open around the character being read.
  private var nesting = 0

  private init(_ pattern: String) {
    characters = Array(pattern)
  }

  /// Parses `pattern`.
  static func parse(_ pattern: String) throws(LineRegexError) -> Parsed {
    var parser = LineRegexParser(pattern)
    let node = try parser.alternation()
    if parser.index < parser.characters.count {
      throw parser.error(.unopenedGroup)  // only a ')' stops an alternation early
    }
    return Parsed(node: node, groupCount: parser.groupCount, hasBackreferences: parser.hasBackreferences)
  }

  private var current: Character? { index < characters.count ? characters[index] : nil }

  private func error(_ problem: LineRegexError.Problem, at position: Int? = nil) -> LineRegexError {
    LineRegexError(column: (position ?? index) + 1, problem: problem)
  }

  private mutating func alternation() throws(LineRegexError) -> Node {
    var branches = [try sequence()]
    while current == "|" {
      index += 1
      branches.append(try sequence())
    }
    return branches.count == 1 ? branches[0] : .alternation(branches)
  }

  private mutating func sequence() throws(LineRegexError) -> Node {
    var nodes: [Node] = []
    while let character = current, character != "|", character != ")" {
      let start = index
      if let quantifier = try quantifier() {
        throw error(.nothingToRepeat(quantifier.text), at: start)
      }
      var node = try atom()
      if let quantifier = try quantifier() {
        node = .repetition(node, min: quantifier.min, max: quantifier.max, lazy: quantifier.lazy)
        if current == "+" { throw error(.possessive(quantifier.text + "+")) }
        let next = index
        if let again = try self.quantifier() { throw error(.nothingToRepeat(again.text), at: next) }
      }
      nodes.append(node)
    }
    return nodes.count == 1 ? nodes[0] : nodes.isEmpty ? .empty : .sequence(nodes)
  }

  private struct Quantifier {
    var min: Int
    var max: Int?
    var lazy: Bool
    var text: String
  }

  /// A quantifier at the current position, consumed, or `nil` (and nothing consumed) when there is none.
  private mutating func quantifier() throws(LineRegexError) -> Quantifier? {
    let symbol = current
    var result: Quantifier
    switch symbol {
    case "*": result = Quantifier(min: 0, max: nil, lazy: false, text: "*")
    case "+": result = Quantifier(min: 1, max: nil, lazy: false, text: "+")
    case "?": result = Quantifier(min: 0, max: 1, lazy: false, text: "?")
    case "{":
      guard let counted = try countedQuantifier() else { return nil }
      result = counted
    default: return nil
    }
    if symbol != "{" { index += 1 }  // a counted quantifier has moved past its '}' already
    if current == "?" {
      result.lazy = true
      result.text += "?"
      index += 1
    }
    return result
  }

  /// The digits from `position` on, as a number (at most 9 of them are read), moving `position` past them.
  private func number(from position: inout Int) -> Int? {
    var digits = ""
    while position < characters.count, characters[position].isASCII, characters[position].isNumber {
      digits.append(characters[position])
      position += 1
    }
    return digits.isEmpty ? nil : Int(digits.prefix(9))
  }

  /// `{n}`, `{n,}`, `{n,m}` or `{,m}` at the current position, consumed; `nil` (nothing consumed) when
  /// the brace does not open one, so that it is a literal `{`.
  private mutating func countedQuantifier() throws(LineRegexError) -> Quantifier? {
    let start = index
    var position = index + 1
    let low = number(from: &position)
    var high = low
    var comma = false
    if position < characters.count, characters[position] == "," {
      comma = true
      position += 1
      high = number(from: &position)
    }
    guard position < characters.count, characters[position] == "}", low != nil || high != nil else {
      return nil
    }
    let text = String(characters[start...position])
    let min = low ?? 0
    let max = comma ? high : low
    if min > Self.largestCount || (max ?? 0) > Self.largestCount || max.map({ $0 < min }) == true {
      throw error(.badCount(text), at: start)
    }
    index = position + 1
    return Quantifier(min: min, max: max, lazy: false, text: text)
  }

  private mutating func atom() throws(LineRegexError) -> Node {
    guard let character = current else { return .empty }
    let start = index
    index += 1
    switch character {
    case ".": return .any
    case "^": return .lineStart
    case "$": return .lineEnd
    case "[": return .set(try characterClass(openedAt: start))
    case "(": return try group(openedAt: start)
    case "\\": return try escape(at: start)
    default: return .character(character)
    }
  }

  private mutating func group(openedAt start: Int) throws(LineRegexError) -> Node {
    guard nesting < Self.maximumNesting else { throw error(.tooDeep, at: start) }
    nesting += 1
    defer { nesting -= 1 }
    var capture: Int?
    if current == "?" {
      let next = index + 1 < characters.count ? characters[index + 1] : nil
      if next == ":" {
        index += 2
      } else if next == "<", index + 2 < characters.count, characters[index + 2] != "=",
        characters[index + 2] != "!"
      {
        guard let close = characters[index...].firstIndex(of: ">") else {
          throw error(.unclosedGroup, at: start)
        }
        index = close + 1
        groupCount += 1
        capture = groupCount
      } else {
        let end = min(characters.count, index + 3)
        throw error(.unsupportedGroup("(" + String(characters[index..<end])), at: start)
      }
    } else {
      groupCount += 1
      capture = groupCount
    }
    let inner = try alternation()
    guard current == ")" else { throw error(.unclosedGroup, at: start) }
    index += 1
    if let capture { closedGroups.insert(capture) }
    return .group(inner, capture: capture)
  }

  private mutating func escape(at start: Int) throws(LineRegexError) -> Node {
    guard let letter = current else { throw error(.trailingBackslash, at: start) }
    index += 1
    if let item = Self.classEscape(letter) { return .set(LineRegexClass(items: [item], negated: false)) }
    switch letter {
    case "b": return .wordBoundary(true)
    case "B": return .wordBoundary(false)
    case "n": return .character("\n")
    case "t": return .character("\t")
    case "r": return .character("\r")
    case "1"..."9":
      let group = letter.wholeNumberValue ?? 0
      guard closedGroups.contains(group) else { throw error(.noSuchGroup(group), at: start) }
      hasBackreferences = true
      return .backreference(group)
    default:
      guard !letter.isLetter, !letter.isNumber else { throw error(.unknownEscape(letter), at: start) }
      return .character(letter)
    }
  }

  /// The class an escape letter stands for (`d`, `D`, `w`, `W`, `s`, `S`), or `nil`.
  private static func classEscape(_ letter: Character) -> LineRegexClass.Item? {
    switch letter {
    case "d": .digit(negated: false)
    case "D": .digit(negated: true)
    case "w": .word(negated: false)
    case "W": .word(negated: true)
    case "s": .space(negated: false)
    case "S": .space(negated: true)
    default: nil
    }
  }

  private mutating func characterClass(openedAt start: Int) throws(LineRegexError) -> LineRegexClass {
    var result = LineRegexClass(items: [], negated: false)
    if current == "^" {
      result.negated = true
      index += 1
    }
    var first = true
    while true {
      guard let character = current else { throw error(.unclosedClass, at: start) }
      if character == "]" && !first {
        index += 1
        return result
      }
      first = false
      let itemStart = index
      guard let low = try classMember() else {
        continue
      }
      guard case .character(let lowCharacter) = low, current == "-", index + 1 < characters.count,
        characters[index + 1] != "]"
      else {
        result.items.append(low)
        continue
      }
      index += 1
      guard let high = try classMember() else { continue }
      guard case .character(let highCharacter) = high else {
        result.items += [low, .character("-"), high]
        continue
      }
      guard lowCharacter <= highCharacter else {
        throw error(.reversedRange(lowCharacter, highCharacter), at: itemStart)
      }
      result.items.append(.range(lowCharacter, highCharacter))
    }
  }

  /// One member of a class at the current position, consumed.
  private mutating func classMember() throws(LineRegexError) -> LineRegexClass.Item? {
    guard let character = current else { return nil }
    let start = index
    index += 1
    if character == "[" { throw error(.nestedClass, at: start) }
    guard character == "\\" else { return .character(character) }
    guard let letter = current else { throw error(.unclosedClass, at: start) }
    index += 1
    if let item = Self.classEscape(letter) { return item }
    switch letter {
    case "n": return .character("\n")
    case "t": return .character("\t")
    case "r": return .character("\r")
    default:
      guard !letter.isLetter, !letter.isNumber else { throw error(.unknownEscape(letter), at: start) }
      return .character(letter)
    }
  }
}
