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

  /// The sentence after `error: `.
  public var message: String {
    "invariant '\(expression)' is malformed at column \(column): \(problem)"
  }
}
