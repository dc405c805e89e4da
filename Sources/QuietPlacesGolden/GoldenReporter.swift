/// What a golden run prints as it goes, in one of its forms: the usual lines (``TextReport``) or TAP
/// (``TAPReport``). JUnit is written to files when the run ends (``JUnitReport``).
protocol GoldenReporter {
  /// The lines before any result, for a run of `count` results.
  func start(count: Int) -> [String]
  /// The lines when there is nothing to run at all, and why.
  func nothingFound(_ error: String) -> [String]
  /// A remark that is not a result.
  func note(_ text: String) -> [String]
  /// One script's result, numbered from 1 in the order printed.
  func result(_ result: ScriptResult, number: Int) -> [String]
  /// The closing lines (`N updated`, `N passed, M failed`).
  func summary(_ lines: [String]) -> [String]
}
