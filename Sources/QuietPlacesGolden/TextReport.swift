import QuietPlacesREPL

/// The usual lines of a golden run: `ok`, `FAIL` or `updated` and the path for each script, the
/// diff under a failure (coloured on a terminal), and the closing line `N passed, M failed`.
struct TextReport: GoldenReporter {
  /// Colour the diffs (standard output is a terminal and `NO_COLOR` is not set).
  var colour: Bool

  /// The closing line: `N passed, M failed`, and `, K skipped` when a script was skipped.
  static func closingLine(passed: Int, failed: Int, skipped: Int = 0) -> String {
    "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
  }

  func start(count: Int) -> [String] { [] }

  func nothingFound(_ error: String) -> [String] {
    [OutputLine.errorText(error), Self.closingLine(passed: 0, failed: 0)]
  }

  func note(_ text: String) -> [String] { [text] }

  func result(_ result: ScriptResult, number: Int) -> [String] {
    colour ? DiffColour.paint(result.report) : result.report
  }

  func summary(_ lines: [String]) -> [String] { lines }
}
