import QuietPlacesLab

/// `--percentiles`, `--baseline`, `--due`, `--transpose` and `--sensitivity`: what the table of a
/// sweep shows, for `simulate` and `simulate merge`.
struct SweepTableOptions: OptionGroup, Equatable {
  /// The percentiles of each cell as given (`nil`: not given, the default cells).
  var percentiles: [Double]?
  /// The variant every other is compared with: its name, or its position from 1.
  var baseline: String?
  /// Add when each prestige fell due.
  var due = false
  /// Variants in rows.
  var transpose = false
  /// Add the table of which `--vary` keys move each milestone most.
  var sensitivity = false

  /// The table's cells, baseline and layout.
  var table: SweepTable.Options {
    SweepTable.Options(
      percentiles: percentiles ?? SweepTable.Options.defaultPercentiles, baseline: baseline, due: due,
      transpose: transpose)
  }

  /// The options given, in the order they are declared: each shapes the table, and nothing else.
  var given: [String] {
    [
      ("--percentiles", percentiles != nil), ("--baseline", baseline != nil), ("--due", due),
      ("--transpose", transpose), ("--sensitivity", sensitivity),
    ].filter(\.1).map(\.0)
  }

  static var options: [OptionDeclaration<SweepTableOptions>] {
    [
      .option(
        "--percentiles", \.percentiles, .percentiles,
        default: ValueReader.percentiles.text(SweepTable.Options.defaultPercentiles),
        help: "the percentiles of each cell of the table"),
      .option(
        "--baseline", \.baseline, .text, placeholder: "VARIANT", example: "1",
        help: "compare every variant with this one (a name, or its position from 1): paired over the seeds"),
      .flag("--due", \.due, help: "add when each prestige fell due (its rule first held) to the table"),
      .flag("--transpose", \.transpose, help: "put the variants in rows and the milestones in columns"),
      .flag(
        "--sensitivity", \.sensitivity,
        help: "with --vary: which balance numbers move each milestone most, with their paired intervals"),
    ]
  }

  /// `--due` when none of `milestones` is a prestige: it would add no row.
  func dueChangesNothing(_ milestones: [Milestone]) -> CommandLineError? {
    let prestige = milestones.contains {
      switch $0 {
      case .bearings, .atlas: true
      default: false
      }
    }
    guard due, !prestige else { return nil }
    return .changesNothing(
      option: "--due",
      reason:
        "it adds when New Bearings and the Atlas fell due, and the milestones (\(milestones.map(\.name).joined(separator: ","))) hold neither; add bearings or atlas to --until, or leave out --due"
    )
  }

  /// The table's lines and, with `--sensitivity`, the sensitivity's after a blank line.
  func lines(_ results: [RunResult]) throws(LabError) -> [String] {
    let table = try SweepTable(results, options: table)
    guard sensitivity else { return table.lines }
    let effects = try Sensitivity(table)
    // The columns are compared below, each with its group's baseline: the table says so.
    return table.lines(comparedBelow: effects.groups) + [""] + effects.lines
  }
}
