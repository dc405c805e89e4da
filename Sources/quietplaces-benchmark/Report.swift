/// The figures of one run, each beside its target, printed as they are measured and again as a table.
struct Report {
  /// One figure.
  struct Row {
    var figure: String
    var measured: String
    var target: String
    /// `nil` for a figure without a target.
    var passed: Bool?

    var verdict: String { passed.map { $0 ? "PASS" : "MISS" } ?? "—" }
  }

  private(set) var rows: [Row] = []

  /// Adds a figure and prints it.
  mutating func add(_ figure: String, _ measured: String, target: String, passed: Bool?) {
    let row = Row(figure: figure, measured: measured, target: target, passed: passed)
    rows.append(row)
    print("  \(row.verdict)  \(figure): \(measured)  [target: \(target)]")
  }

  /// The closing table, one line per figure.
  func printSummary() {
    let width = rows.map(\.figure.count).max() ?? 0
    let measuredWidth = min(60, rows.map(\.measured.count).max() ?? 0)
    print("")
    print("Summary")
    for row in rows {
      print(
        "  \(row.verdict)  \(Format.pad(row.figure, width))  \(Format.pad(row.measured, measuredWidth))  "
          + "target \(row.target)")
    }
    let missed = rows.filter { $0.passed == false }.count
    print(missed == 0 ? "All targets hold." : "\(missed) target(s) missed.")
  }

  /// Whether every figure with a target met it.
  var allPassed: Bool { !rows.contains { $0.passed == false } }
}
