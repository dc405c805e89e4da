import QuietPlacesLab

/// `--percentiles`, `--baseline`, `--due`, `--transpose` and `--sensitivity`: what the table of a
/// sweep shows, for `simulate` and `simulate merge`.
struct SweepTableOptions: OptionGroup, Equatable {
  /// The table's cells, baseline and layout.
  var table = SweepTable.Options()
  /// Add the table of which `--vary` keys move each milestone most.
  var sensitivity = false

  static var options: [OptionDeclaration<SweepTableOptions>] {
    [
      .option(
        "--percentiles", \.table.percentiles, .percentiles,
        help: "the percentiles of each cell of the table"),
      .option(
        "--baseline", \.table.baseline, .text, placeholder: "VARIANT", example: "1",
        help: "compare every variant with this one (a name, or its position from 1): paired over the seeds"),
      .flag("--due", \.table.due, help: "add when each prestige fell due (its rule first held) to the table"),
      .flag("--transpose", \.table.transpose, help: "put the variants in rows and the milestones in columns"),
      .flag(
        "--sensitivity", \.sensitivity,
        help: "with --vary: which balance numbers move each milestone most, with their paired intervals"),
    ]
  }

  /// The table's lines and, with `--sensitivity`, the sensitivity's after a blank line.
  func lines(_ results: [RunResult]) throws(LabError) -> [String] {
    let table = try SweepTable(results, options: table)
    guard sensitivity else { return table.lines }
    return table.lines + [""] + (try Sensitivity(table).lines)
  }
}
