/// What one read from an input source gave.
public enum LineRead: Sendable, Equatable {
  /// A whole line, without its newline.
  case line(String)
  /// The user pressed Ctrl-C: the line being typed is discarded.
  case interrupted
  /// End of input (Ctrl-D on an empty line, or the end of a file).
  case end
}

/// The seam through which the REPL reads its input: libedit on a terminal, standard input in batch
/// mode, scripted lines in tests.
public protocol LineInput: AnyObject {
  /// Reads one line, showing `prompt` where the source is interactive.
  func readLine(prompt: String) -> LineRead
  /// Remembers a line in the history, where the source keeps one.
  func addHistory(_ line: String)
}

/// Something that proposes completions for the line being typed.
public protocol CompletionProvider: Sendable {
  /// The candidates for the word that ends at the end of `line`, each a whole replacement for that word.
  func completions(for line: String) -> [String]
}
