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
  }

  /// The script's path as it is printed.
  public var path: String
  /// How it ended.
  public var outcome: Outcome
  /// Whether `--update` rewrote its expected output.
  public var updated: Bool

  /// Makes a result.
  public init(path: String, outcome: Outcome, updated: Bool = false) {
    self.path = path
    self.outcome = outcome
    self.updated = updated
  }

  /// Whether the script passed.
  public var passed: Bool { outcome == .passed }

  /// The lines the runner prints for this script.
  public var report: [String] {
    var lines: [String]
    switch outcome {
    case .passed: lines = ["ok   \(path)"]
    case .failed(let diff): lines = ["FAIL \(path)"] + diff
    case .error(let message): lines = ["FAIL \(path)", OutputLine.errorText(message)]
    }
    if updated { lines.append("updated \(path)") }
    return lines
  }
}
