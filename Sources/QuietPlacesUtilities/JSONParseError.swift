/// Why text is not JSON, and where: the problem, and the 1-based line and column (in characters)
/// at which the text stops being JSON.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong at that place.
  public enum Problem: Sendable, Equatable, CustomStringConvertible {
    /// The text ends where a value should be.
    case unexpectedEnd
    /// A character that starts no JSON value.
    case unexpectedCharacter
    /// More text after the one value.
    case textAfterValue
    /// Arrays and objects nested deeper than the parser reads.
    case tooDeep(maximum: Int)
    /// An object member that does not start with a string key.
    case expectedKey
    /// A key an object already has.
    case duplicateKey(String)
    /// A key not followed by `:`.
    case expectedColon
    /// An object member followed by neither `,` nor `}`.
    case expectedCommaOrBrace
    /// An array element followed by neither `,` nor `]`.
    case expectedCommaOrBracket
    /// A number not written as JSON writes numbers.
    case invalidNumber
    /// A string whose bytes are not UTF-8.
    case invalidUTF8
    /// A string with no closing quote.
    case unterminatedString
    /// A control character written raw inside a string.
    case controlCharacter
    /// A `\u` escape of half a surrogate pair.
    case unpairedSurrogate
    /// A backslash followed by a character JSON does not escape.
    case invalidEscape
    /// A `\u` not followed by four hexadecimal digits.
    case invalidUnicodeEscape

    /// The problem in words: `expected ':'`.
    public var description: String {
      switch self {
      case .unexpectedEnd: "unexpected end of data"
      case .unexpectedCharacter: "unexpected character"
      case .textAfterValue: "unexpected text after the value"
      case .tooDeep(let maximum): "nesting deeper than \(maximum) levels"
      case .expectedKey: "expected a string key"
      case .duplicateKey(let key): "duplicate key '\(key)'"
      case .expectedColon: "expected ':'"
      case .expectedCommaOrBrace: "expected ',' or '}'"
      case .expectedCommaOrBracket: "expected ',' or ']'"
      case .invalidNumber: "invalid number"
      case .invalidUTF8: "invalid UTF-8 in a string"
      case .unterminatedString: "unterminated string"
      case .controlCharacter: "control character in a string"
      case .unpairedSurrogate: "unpaired surrogate escape"
      case .invalidEscape: "invalid escape"
      case .invalidUnicodeEscape: "invalid \\u escape"
      }
    }
  }

  /// What is wrong.
  public var problem: Problem
  /// The line, from 1.
  public var line: Int
  /// The column in characters, from 1.
  public var column: Int
  /// Where in the document the problem is, when the parser recorded paths: for a
  /// ``Problem/duplicateKey(_:)``, the repeated key's own path (`equipment.sails.priceGrowth`).
  public var path: JSONKeyPath?

  /// Makes an error.
  public init(problem: Problem, line: Int, column: Int, path: JSONKeyPath? = nil) {
    self.problem = problem
    self.line = line
    self.column = column
    self.path = path
  }

  /// `expected ':' at line 3, column 7`.
  public var description: String { "\(problem) at line \(line), column \(column)" }
}
