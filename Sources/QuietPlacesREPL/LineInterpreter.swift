/// One REPL session seen from its input: a line goes in, the lines it printed come out.
///
/// The golden runner, batch mode and the interactive loop all drive a session through this.
public protocol LineInterpreter: AnyObject {
  /// Runs one input line (a command, or the answer to a pending question) and returns what it printed.
  func execute(_ line: String) async -> [OutputLine]
  /// Whether any line run so far printed an error.
  var hadError: Bool { get }
  /// The prompt to show before the next line (a question changes it).
  var prompt: String { get }
  /// Whether a question waits: the next line is its answer, whatever it says.
  var isAskingQuestion: Bool { get }
  /// Ends the session as the end of input does: the app closes, which saves. Returns the lines of a
  /// close whose save failed (nothing when it went well).
  @discardableResult
  func finish() async -> [OutputLine]
  /// The names Tab may complete in the next line (checkpoints).
  var completionContext: CompletionContext { get }
  /// Whether a line asked to leave (`quit`): whoever reads the lines stops and finishes the session.
  var wantsToQuit: Bool { get }
}

extension LineInterpreter {
  /// No names of its own to complete.
  public var completionContext: CompletionContext { CompletionContext() }
  /// Never asked to leave.
  public var wantsToQuit: Bool { false }
}
