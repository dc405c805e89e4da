/// What `--update` says about a ` (re)` or ` (glob)` line that no longer matched: the pattern it kept
/// with the same fixed parts (``PatternWidening``), or that it wrote the printed line instead.
public struct ScriptUpdateNote: Sendable, Equatable {
  /// The 1-based line in the rewritten file.
  public var line: Int
  /// The 1-based line of the pattern in the file before.
  public var was: Int
  /// The pattern line as it was.
  public var original: String
  /// The pattern written in its place, or `nil` when the literal line was.
  public var widened: String?

  /// Makes a note.
  public init(line: Int, was: Int, original: String, widened: String?) {
    self.line = line
    self.was = was
    self.original = original
    self.widened = widened
  }

  /// One line for the summary: `path:line: …`.
  public func message(path: String) -> String {
    let kind = original.hasSuffix(LineMatcher.globSuffix) ? "(glob)" : "(re)"
    if let widened {
      return "\(path):\(line): the \(kind) line no longer matched; kept with its fixed parts, now \(widened)"
    }
    return
      "\(path):\(line): the \(kind) line no longer matched and no pattern with its fixed parts does; "
      + "wrote the line printed (it was \(original))"
  }
}
