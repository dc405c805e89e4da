import QuietPlacesREPL

/// What running one `.qp` script as a golden test gave.
public struct ScriptResult: Sendable, Equatable {
  /// How the script ended.
  public enum Outcome: Sendable, Equatable {
    /// Every command printed what the script expects.
    case passed
    /// Some output differed; `diff` is the unified diff, expected against actual.
    case failed(diff: [String])
    /// The script could not be run: malformed, unreadable, or the session could not start.
    case error(String)
    /// The script did not run: a `# skip:` line, or a `# requires:` condition that does not hold.
    case skipped(String)
  }

  /// The script's path as it is printed.
  public var path: String
  /// How it ended.
  public var outcome: Outcome
  /// Whether `--update` rewrote its expected output (the outcome still holds the diff it fixed).
  public var updated: Bool
  /// How long the script took, in seconds.
  public var seconds: Double
  /// Whether `--update` wrote its new text to the pending file `NAME.qp.new` (it still failed).
  public var pending = false
  /// What `--update` says about its pattern lines, for the summary.
  public var notes: [String] = []
  /// The first line where the output differs from the script, when it failed.
  public var firstDifference: Difference?
  /// What the session printed, as a transcript: each command as `> CMD` and its output (empty for
  /// a script that could not run; up to the command running for one stopped at its time limit).
  public var transcript: [String] = []
  /// Why a script failed or could not run when that is not (only) its diff, and where: a time
  /// limit, an ` (absent)` check, a line that cannot be parsed. JUnit and TAP report it as its
  /// message and line.
  public var cause: Cause?

  /// Why a script failed beyond its diff, and at which line.
  public struct Cause: Sendable, Equatable {
    /// What kind of failure: `timeout`, `absent` or `error` (JUnit's `type`).
    public var kind: String
    /// The 1-based line of the script it is at, when it is at one.
    public var line: Int?
    /// One sentence, `path:line: …` as the usual lines say it.
    public var message: String

    /// Makes a cause.
    public init(kind: String, line: Int?, message: String) {
      self.kind = kind
      self.line = line
      self.message = message
    }
  }

  /// The line of the script a report points at: the cause's, else the first differing line, else 1.
  public var reportedLine: Int { cause?.line ?? firstDifference?.line ?? skipLine ?? 1 }

  /// The line of the `# skip:` or `# requires:` directive a skipped script was skipped by.
  public var skipLine: Int?

  /// Where a failing script first differs.
  public struct Difference: Sendable, Equatable {
    /// The script's path as printed.
    public var path: String
    /// The 1-based line of the script.
    public var line: Int
    /// The line as the diff shows it: `-` and the expected line, or `+` and the actual one.
    public var text: String

    /// `path:line: -text`.
    public var place: String { "\(path):\(line): \(text)" }
  }

  /// Makes a result.
  public init(path: String, outcome: Outcome, updated: Bool = false, seconds: Double = 0) {
    self.path = path
    self.outcome = outcome
    self.updated = updated
    self.seconds = seconds
  }

  /// Whether the script passed as it was.
  public var passed: Bool { outcome == .passed }

  /// Whether the script counts as passed: it passed, or `--update` rewrote it to what it printed.
  public var counted: Bool { passed || updated }

  /// Why the script did not run, when it was skipped.
  public var skipReason: String? {
    if case .skipped(let reason) = outcome { reason } else { nil }
  }

  /// The lines that show what went wrong: the diff (and the fields that differ), or the error.
  public var details: [String] {
    switch outcome {
    case .passed, .skipped: []
    case .failed(let diff): diff
    case .error(let message): [OutputLine.errorText(message)]
    }
  }

  /// The lines the runner prints for this script: `ok`, `FAIL` or `updated`, then the details.
  public var report: [String] {
    if let skipReason { return ["skip \(path): \(skipReason)"] }
    let status = updated ? "updated" : passed ? "ok  " : "FAIL"
    return ["\(status) \(path)"] + details
  }
}
