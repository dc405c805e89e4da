/// Why the lab refused a request or stopped a run: one sentence that says what was wrong and what would
/// be right. The REPL and the executable print it after `error: `.
public struct LabError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The sentence.
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
