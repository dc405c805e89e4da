/// What one read from an input source gave.
public enum LineRead: Sendable, Equatable {
  /// A whole line, without its newline.
  case line(String)
  /// A whole line whose bytes are not UTF-8 text, each byte that is not shown as U+FFFD: it is not
  /// run, since what it says cannot be read for certain.
  case notUTF8(String)
  /// The user pressed Ctrl-C: the line being typed is discarded.
  case interrupted
  /// End of input (Ctrl-D on an empty line, or the end of a file).
  case end
}

/// The seam through which the REPL reads its input: libedit on a terminal, standard input in batch
/// mode, scripted lines in tests.
public protocol LineInput: AnyObject {
  /// Reads one line, showing `prompt` where the source is interactive; Tab, where the source has it,
  /// completes within `context`.
  func readLine(prompt: String, context: CompletionContext) -> LineRead
  /// Remembers a line in the history, where the source keeps one.
  func addHistory(_ line: String)
  /// Whether the user asked, since the last call, to stop the command that runs (Ctrl-C on a
  /// terminal while no line is read); the request is then cleared.
  func takeStopRequest() -> Bool
  /// Shows `text` as a passing status line while a command runs (how far a long `autoplay` got),
  /// where the source is a terminal; `nil` clears it. It is never part of a command's output.
  func showProgress(_ text: String?)
  /// Why the input ended when it ended by failing rather than at its end (a terminal this process
  /// may not read), for one `error:` line; `nil` for an ordinary end.
  var endFailure: String? { get }
}

extension LineInput {
  /// No source but a terminal can ask a command to stop.
  public func takeStopRequest() -> Bool { false }

  /// No source but a terminal shows a passing status line.
  public func showProgress(_ text: String?) {}

  /// Most sources end only at their end.
  public var endFailure: String? { nil }

  /// Reads one line, with nothing of a session's to complete.
  public func readLine(prompt: String) -> LineRead {
    readLine(prompt: prompt, context: CompletionContext())
  }
}

/// What Tab may propose beyond the commands' own words: the names that the session being typed into
/// has made.
public struct CompletionContext: Sendable, Equatable {
  /// The names of the session's checkpoints, oldest first (for `rewind` and `diff`).
  public var checkpointNames: [String]

  /// A context with these names.
  public init(checkpointNames: [String] = []) {
    self.checkpointNames = checkpointNames
  }
}

/// Something that proposes completions for the line being typed.
public protocol CompletionProvider: Sendable {
  /// The candidates for the word that ends at the end of `line`, each a whole replacement for that
  /// word; names the session made come from `context`.
  func completions(for line: String, context: CompletionContext) -> [String]
}

extension CompletionProvider {
  /// The candidates for the word that ends at the end of `line`, with no session's names.
  public func completions(for line: String) -> [String] {
    completions(for: line, context: CompletionContext())
  }
}
