import QuietPlacesUtilities

/// One line a command printed: ordinary output, a JSON record, or an error.
///
/// Commands, the session and the runners pass these along; only ``text`` turns one into the characters
/// printed, and ``errorText(_:)`` is the one place the `error: ` prefix is written.
public enum OutputLine: Sendable, Equatable {
  /// Ordinary output.
  case info(String)
  /// One JSON value on one line (`state --json`): a program reads it, so it is never cut.
  case record(String)
  /// A refused line or a failure: what was wrong and what would be right.
  case error(CommandError)

  /// The line as printed: whatever a command put in it, it holds no control character and is at most
  /// ``PrintedLine/maximumBytes`` long (a record is never cut; JSON quoting escapes its strings).
  public var text: String {
    switch self {
    case .info(let text): PrintedLine.guarded(text)
    case .record(let json): PrintedLine.record(json)
    case .error(let error): PrintedLine.guarded(Self.errorText(error.message))
    }
  }

  /// Whether this line reports an error.
  public var isError: Bool {
    if case .error = self { return true }
    return false
  }

  /// An error sentence as printed: `error: ` and the sentence. Every `error:` line the program prints,
  /// in the REPL, on standard error or in a runner's report, is made here.
  public static func errorText(_ message: String) -> String { "error: " + message }
}

extension [OutputLine] {
  /// Ordinary lines, one each.
  static func info(_ lines: [String]) -> [OutputLine] { lines.map(OutputLine.info) }

  /// The lines as printed.
  public var texts: [String] { map(\.text) }

  /// Whether any line reports an error.
  public var hasError: Bool { contains(where: \.isError) }
}
