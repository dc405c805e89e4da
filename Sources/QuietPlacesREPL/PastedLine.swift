/// How the REPL reads a line pasted from a `.qp` transcript.
///
/// The rule (the README's "Pasting a transcript"): a line starting with `> ` (or `>` and a tab) runs
/// the command after it; a line starting with `#` is a comment and does nothing. After a pasted `> `
/// line, every line that starts with neither is taken as that command's expected output and skipped,
/// exactly as `quietplaces run` and `test` read a script, until an empty line: so paste a transcript
/// with its output, and after it press Enter on an empty line before typing commands without `> `.
/// A session copied from the terminal pastes the same way: `qp> ` is read as `> `, and `? ` (the
/// prompt of a question) as the answer when a question waits.
public enum PastedLine: Equatable, Sendable {
  /// A command to run: typed as it is, or the text after a pasted `> `.
  case command(String)
  /// A `#` comment: nothing runs.
  case comment
  /// A line of a pasted command's expected output: nothing runs.
  case expectedOutput
  /// An empty line: it ends a pasted block.
  case empty

  /// Reads `text` (trimmed), knowing whether a pasted block is open and a question waits.
  public init(_ text: String, inPastedBlock: Bool, asking: Bool = false) {
    if text.isEmpty || Self.isEmptyPrompt(text) {
      self = .empty
    } else if asking && Self.isEmptyAnswer(text) {
      self = .command("")
    } else if text.hasPrefix("#") {
      self = .comment
    } else if let command = Self.afterPrompt(text, asking: asking) {
      self = .command(command)
    } else if inPastedBlock {
      self = .expectedOutput
    } else {
      self = .command(text)
    }
  }

  /// The command after a prompt: `> ` as a script writes it, `qp> ` as the terminal shows it, or the
  /// question's `? ` while one waits (each with a space or a tab after it).
  public static func afterPrompt(_ text: String, asking: Bool) -> String? {
    for prompt in asking ? [">", "qp>", "?"] : [">", "qp>"] where text.hasPrefix(prompt) {
      let rest = text.dropFirst(prompt.count)
      if let next = rest.first, next == " " || next == "\t" { return rest.trimmingWhitespace }
    }
    return nil
  }

  /// Whether the line is the answer of someone who pressed Enter at a question: a prompt with nothing
  /// after it, `> ` as a recording writes it or `? ` as the terminal shows it (with or without the
  /// space an editor strips). Read only while a question waits; its answer is the default, No.
  public static func isEmptyAnswer(_ text: String) -> Bool {
    [">", "?"].contains { prompt in
      text.hasPrefix(prompt) && text.dropFirst().allSatisfy { $0 == " " || $0 == "\t" }
    }
  }

  /// Whether the line is the terminal's prompt with nothing typed after it (how a copied session
  /// ends): an empty line.
  public static func isEmptyPrompt(_ text: String) -> Bool {
    text.hasPrefix("qp>") && text.dropFirst(3).allSatisfy { $0 == " " || $0 == "\t" }
  }
}
