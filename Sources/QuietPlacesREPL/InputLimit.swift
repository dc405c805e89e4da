/// The longest input line the REPL runs, wherever the line comes from: typed at the terminal, read in
/// batch mode or with `--jsonl`, or a command of a `.qp` script under `run` or `test`.
///
/// A longer line is not run and not echoed (a transcript shows nothing of it, a `--jsonl` answer an
/// empty `command`); its one answer is ``CommandError/lineTooLong(limit:)``. Readers may stop storing
/// a line past the limit, since it is refused whatever the rest holds.
public enum InputLimit {
  /// The most bytes of UTF-8 one input line may hold (1 MB), its line break not counted.
  public static let maximumBytes = 1_000_000

  /// Whether `line` is refused for its length.
  public static func refuses(_ line: String) -> Bool { line.utf8.count > maximumBytes }

  /// The line as a transcript or an answer echoes it: the line itself, or nothing when it is refused.
  public static func echo(_ line: String) -> String { refuses(line) ? "" : line }
}
