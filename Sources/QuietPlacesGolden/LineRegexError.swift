/// Why the pattern of a ` (re)` line cannot be compiled: where, and what was wrong.
public struct LineRegexError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What was wrong.
  public enum Problem: Sendable, Equatable {
    /// A `(` without its `)`.
    case unclosedGroup
    /// A `)` without its `(`.
    case unopenedGroup
    /// A `[` without its `]`.
    case unclosedClass
    /// A quantifier with nothing before it to repeat (`*a`, `a**`).
    case nothingToRepeat(String)
    /// A `{n,m}` whose bounds are reversed or too large.
    case badCount(String)
    /// A `\` at the end of the pattern.
    case trailingBackslash
    /// An escape this matcher does not know (`\p`, `\x`).
    case unknownEscape(Character)
    /// A group kind this matcher does not know: lookaround, options, atomic groups.
    case unsupportedGroup(String)
    /// A possessive quantifier (`a*+`).
    case possessive(String)
    /// `\N` names a group the pattern does not have (or one not yet closed).
    case noSuchGroup(Int)
    /// A range in a class whose ends are reversed (`[z-a]`).
    case reversedRange(Character, Character)
    /// A `[` inside a class (nested classes and set operations are not supported).
    case nestedClass
    /// The pattern compiles to too many instructions (large counted repeats).
    case tooLarge
    /// Groups nested deeper than ``LineRegexParser/maximumNesting``.
    case tooDeep
  }

  /// The 1-based column (in characters) of the pattern where the problem is.
  public var column: Int
  /// What was wrong.
  public var problem: Problem

  /// Makes an error at `column`.
  public init(column: Int, problem: Problem) {
    self.column = column
    self.problem = problem
  }

  /// `column N: what was wrong; what would be right`.
  public var description: String {
    "column \(column): \(sentence)"
  }

  private var sentence: String {
    switch problem {
    case .unclosedGroup: "'(' is never closed; add ')' or write '\\(' for a literal '('"
    case .unopenedGroup: "')' closes nothing; write '\\)' for a literal ')'"
    case .unclosedClass: "'[' is never closed; add ']' or write '\\[' for a literal '['"
    case .nothingToRepeat(let quantifier):
      "'\(quantifier)' has nothing to repeat; write '\\\(quantifier.prefix(1))' for a literal '\(quantifier.prefix(1))'"
    case .badCount(let count):
      "'\(count)' is not a count this matcher repeats (from 0 to 1000, the smaller first)"
    case .trailingBackslash: "the pattern ends with '\\'; write '\\\\' for a literal '\\'"
    case .unknownEscape(let letter):
      "'\\\(letter)' is not an escape this matcher knows (\\d \\w \\s \\b, their capitals, \\n \\t \\r, \\1…\\9, "
        + "or '\\' before a punctuation mark)"
    case .unsupportedGroup(let opening):
      "'\(opening)' is not supported (groups are '(…)', '(?:…)' and '(?<name>…)')"
    case .possessive(let quantifier): "'\(quantifier)' (possessive) is not supported; drop the last '+'"
    case .noSuchGroup(let group): "'\\\(group)' refers to group \(group), which is not closed before it"
    case .reversedRange(let low, let high): "the range '\(low)-\(high)' is reversed; write '\(high)-\(low)'"
    case .nestedClass: "'[' inside a class is not supported; write '\\[' for a literal '['"
    case .tooLarge: "the pattern is too large once its counted repeats are written out; use '*' or '+'"
    case .tooDeep:
      "groups nest deeper than \(LineRegexParser.maximumNesting) here; write the pattern with fewer levels"
    }
  }
}
