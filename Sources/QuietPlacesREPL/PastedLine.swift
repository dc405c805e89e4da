/// How the REPL reads a line pasted from a `.qp` transcript.
///
/// The rule (the README's "Pasting a transcript"): a line starting with `> ` (or `>` and a tab) runs
/// the command after it; a line starting with `#` is a comment and does nothing. After a pasted `> `
/// line, every line that starts with neither is taken as that command's expected output and skipped,
/// exactly as `quietplaces run` and `test` read a script, until an empty line: so paste a transcript
/// with its output, and after it press Enter on an empty line before typing commands without `> `.
public enum PastedLine: Equatable, Sendable {
  /// A command to run: typed as it is, or the text after a pasted `> `.
  case command(String)
  /// A `#` comment: nothing runs.
  case comment
  /// A line of a pasted command's expected output: nothing runs.
  case expectedOutput
  /// An empty line: it ends a pasted block.
  case empty

  /// Reads `text` (trimmed), knowing whether a pasted block is open.
  public init(_ text: String, inPastedBlock: Bool) {
    if text.isEmpty {
      self = .empty
    } else if text.hasPrefix("#") {
      self = .comment
    } else if text.hasPrefix(">"), let next = text.dropFirst().first, next == " " || next == "\t" {
      self = .command(text.dropFirst().trimmingWhitespace)
    } else if inPastedBlock {
      self = .expectedOutput
    } else {
      self = .command(text)
    }
  }
}
