import QuietPlacesUtilities

/// Why a studio's `--invariant` expression cannot be checked: where it went wrong and how.
public struct ExpressionError: Error, Sendable, Equatable {
  /// The expression as given.
  public var expression: String
  /// The column (from 1) of the character where it went wrong; one past the end for a missing end.
  public var column: Int
  /// What was wrong and what would be right.
  public var problem: String

  public init(expression: String, column: Int, problem: String) {
    self.expression = expression
    self.column = column
    self.problem = problem
  }

  /// The sentence after `error: `; an expression of more than 100 characters is quoted by its start
  /// and end, so that what is wrong stays within the line.
  public var message: String {
    "invariant '\(Self.quoted(expression).fromOutside)' is malformed at column \(column): \(problem)"
  }

  /// An expression as an error quotes it: whole up to 100 characters, else its first 70 and last 20.
  public static func quoted(_ expression: String) -> String {
    expression.count <= 100
      ? expression
      : "\(expression.prefix(70))…\(expression.suffix(20)) (\(expression.count.withThousandsSeparators) characters)"
  }
}
