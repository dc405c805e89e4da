import QuietPlacesREPL
import QuietPlacesUtilities

/// The usual lines of a golden run: `ok`, `FAIL` or `updated` and the path for each script, the
/// diff under a failure (coloured on a terminal), and the closing line `N passed, M failed`.
///
/// Coloured, every line is escaped before it is painted (``DiffColour/paint(_:)``) or, unpainted,
/// escaped as it is, so the report's colour sequences are the only ones in it.
struct TextReport: GoldenReporter {
  /// Colour the diffs (standard output is a terminal and `NO_COLOR` is not set).
  var colour: Bool

  /// The closing line: `N passed, M failed`, and `, K skipped` when a script was skipped.
  static func closingLine(passed: Int, failed: Int, skipped: Int = 0) -> String {
    "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
  }

  func start(count: Int) -> [String] { [] }

  func nothingFound(_ error: String) -> [String] {
    escaped([OutputLine.errorText(error), Self.closingLine(passed: 0, failed: 0)])
  }

  func note(_ text: String) -> [String] { escaped([text]) }

  func result(_ result: ScriptResult, number: Int) -> [String] {
    colour ? DiffColour.paint(result.report) : result.report
  }

  func summary(_ lines: [String]) -> [String] { escaped(lines) }

  /// Lines that are not painted, escaped when the report is coloured.
  private func escaped(_ lines: [String]) -> [String] {
    colour ? lines.map { PrintedLine.guarded($0) } : lines
  }
}
