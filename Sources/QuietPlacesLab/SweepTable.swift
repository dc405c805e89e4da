import QuietPlacesUtilities

/// The table of a sweep: per milestone and variant the percentiles of the simulated time to the
/// milestone over the runs that reached it, with, on request, when prestiges fell due and each
/// variant's paired comparison with a baseline (``PairedComparison``).
///
/// Every cell of a row is in one unit (`h` below two days, `d` below two years, then `y`) with one
/// decimal, so a row (or, transposed, a column) reads at a glance: a milestone's times from the longest
/// percentile its cells show, its comparisons from the largest difference or bound. A cell whose times (or difference and
/// bounds) are all under one of the row's unit takes its own instead, so a short time never reads
/// as `0.0y`.
public struct SweepTable: Sendable {
  /// What the table shows.
  public struct Options: Sendable, Equatable {
    /// The percentiles of each cell, from 0 to 100, in order.
    public var percentiles: [Double]
    /// The variant every other is compared with: its name, or its position from 1 (`nil`: none).
    public var baseline: String?
    /// Add a row with when each prestige milestone fell due.
    public var due: Bool
    /// Variants in rows, milestones in columns.
    public var transpose: Bool

    /// The default cells: p10 / median / p90.
    public static let defaultPercentiles: [Double] = [10, 50, 90]

    public init(
      percentiles: [Double] = Options.defaultPercentiles, baseline: String? = nil, due: Bool = false,
      transpose: Bool = false
    ) {
      self.percentiles = percentiles
      self.baseline = baseline
      self.due = due
      self.transpose = transpose
    }
  }

  /// The variant names in the sweep's order.
  public let variants: [String]
  /// The milestones, in the order asked.
  public let milestones: [Milestone]
  private let results: [RunResult]
  private let options: Options
  /// The baseline's index among ``variants``.
  private let baseline: Int?

  /// The table of `results`; an error when the baseline names no variant.
  public init(_ results: [RunResult], options: Options = Options()) throws(LabError) {
    self.results = results
    self.options = options
    let variants = SweepOutput.variantNames(results)
    self.variants = variants
    milestones = results.first?.outcomes.map(\.milestone) ?? []
    if let text = options.baseline {
      baseline = try Self.baselineIndex(text, in: variants)
    } else {
      baseline = nil
    }
  }

  /// The index of the variant `text` names: its name, or its position counted from 1. A sweep of
  /// one variant has nothing to compare with it: its `vs baseline` row would only say `baseline`.
  public static func baselineIndex(_ text: String, in variants: [String]) throws(LabError) -> Int {
    if variants.count == 1 { throw .baselineAlone(text, variant: variants[0]) }
    if let index = variants.firstIndex(of: text) { return index }
    if let position = Int(text), position >= 1, position <= variants.count { return position - 1 }
    throw .notABaseline(text, variants: variants)
  }

  /// Each milestone's time per seed in one variant: seconds when reached, `nil` when not.
  public func times(variant: Int, milestone m: Int, due: Bool = false) -> [UInt64: Double?] {
    var times: [UInt64: Double?] = [:]
    for result in results where result.variantIndex == variant {
      let outcome = result.outcomes[m]
      let seconds = due ? outcome.dueSeconds ?? outcome.seconds : outcome.seconds
      times[result.seed] = .some(outcome.reached ? Double(seconds) : nil)
    }
    return times
  }

  /// From this many paired seeds on, the percentile bootstrap's 95% interval of a median holds the true
  /// median about 95% of the time; from 6 up to this, about 93% (`Scripts/lab/bootstrap-coverage.py`).
  static let fullCoveragePairs = 30

  /// What a table says under comparisons of which one has an interval from 6 to 29 seeds.
  static let fewSeedsNote =
    "from fewer than \(fullCoveragePairs) seeds the interval holds the true median about 93% of the time, "
    + "not 95% (measured by Scripts/lab/bootstrap-coverage.py): a difference near its edge wants more seeds"

  /// Whether `comparison` has an interval from fewer than ``fullCoveragePairs`` seeds.
  static func hasFewPairs(_ comparison: PairedComparison) -> Bool {
    (PairedComparison.fewestPairs..<fullCoveragePairs).contains(comparison.pairs)
  }

  /// Whether a comparison with `base` has an interval from fewer than ``fullCoveragePairs`` seeds.
  func hasFewPairs(baseline base: Int) -> Bool {
    variants.indices.contains { v in
      v != base
        && milestones.indices.contains { m in
          let pairs = PairedComparison.pairCount(
            baseline: times(variant: base, milestone: m), variant: times(variant: v, milestone: m))
          return (PairedComparison.fewestPairs..<Self.fullCoveragePairs).contains(pairs)
        }
    }
  }

  /// The comparison of variant `v` with variant `base` for milestone `m`.
  public func comparison(variant v: Int, baseline base: Int, milestone m: Int) -> PairedComparison {
    PairedComparison(baseline: times(variant: base, milestone: m), variant: times(variant: v, milestone: m))
  }

  /// The unit of milestone `m`'s cells: from the longest time any of them shows (taken, and fell
  /// due when those are shown), so a row whose cells all read under two years is in days, as its
  /// comparison row with differences under two years is.
  func unit(milestone m: Int) -> (name: String, seconds: Double) {
    let rows = options.due && isPrestige(m) ? [false, true] : [false]
    let longest =
      variants.indices.flatMap { v in rows.flatMap { cellValues(variant: v, milestone: m, due: $0).values } }
      .max() ?? 0
    return LabDuration.spanUnit(longest)
  }

  /// The percentiles a cell shows of variant `v` for milestone `m` (taken, or fell due), and how
  /// many of the variant's runs reached it.
  func cellValues(variant v: Int, milestone m: Int, due: Bool) -> (values: [Double], reached: Int, runs: Int)
  {
    let runs = results.filter { $0.variantIndex == v }
    let reached = runs.compactMap { result -> Double? in
      let outcome = result.outcomes[m]
      guard outcome.reached else { return nil }
      return Double(due ? outcome.dueSeconds ?? outcome.seconds : outcome.seconds)
    }.sorted()
    guard !reached.isEmpty else { return ([], 0, runs.count) }
    return (options.percentiles.map { SweepOutput.percentile(reached, $0 / 100) }, reached.count, runs.count)
  }

  /// The percentiles cell of variant `v` for milestone `m` (taken, or fell due).
  func cell(variant v: Int, milestone m: Int, due: Bool) -> String {
    let (values, reached, runs) = cellValues(variant: v, milestone: m, due: due)
    let count = "(\(reached)/\(runs))"
    guard !values.isEmpty else { return "— \(count)" }
    // A cell whose every time is under one of the row's unit (a day's times beside years') takes
    // its own unit: `24.8h` beside `1.4y`, not `0.0y`.
    let unit = Self.cellUnit(largest: values.max() ?? 0, row: unit(milestone: m))
    return values.map { LabDuration.span($0, unit: unit) }.joined(separator: " / ") + " " + count
  }

  /// The comparison cell of variant `v` for milestone `m`: `−1.3h (−1.5h … −1.1h), −13%`.
  func comparisonCells(milestone m: Int) -> [String] {
    guard let base = baseline else { return [] }
    let comparisons = variants.indices.map { v in
      v == base ? nil : comparison(variant: v, baseline: base, milestone: m)
    }
    let row = Self.unit(of: comparisons.compactMap { $0 })
    let cells = comparisons.map { comparison in
      comparison.map { ($0, Self.cellUnit(largest: Self.largest(of: [$0]), row: row)) }
    }
    let decimals = Self.decimals(cells.compactMap { $0 })
    return cells.map { cell in
      guard let (comparison, unit) = cell else { return "baseline" }
      return Self.text(of: comparison, unit: unit, decimals: decimals)
    }
  }

  /// The decimals a row of comparisons is written with: one, or as many more (up to three) as it
  /// takes for every interval whose bounds differ to read as an interval — `+0.47h … +0.52h`, not
  /// `+0.5h … +0.5h`, which would claim a certainty the seeds did not give.
  static func decimals(_ cells: [(comparison: PairedComparison, unit: (name: String, seconds: Double))])
    -> Int
  {
    var decimals = 1
    while decimals < 3,
      cells.contains(where: { cell in
        guard let low = cell.comparison.low, let high = cell.comparison.high, low != high else {
          return false
        }
        return signed(low, unit: cell.unit, decimals: decimals)
          == signed(high, unit: cell.unit, decimals: decimals)
      })
    {
      decimals += 1
    }
    return decimals
  }

  /// The unit of a row of comparisons: from the largest difference or bound in it, so that a small
  /// difference in a row of days still shows (`−12.0h`, not `−0.5d`).
  static func unit(of comparisons: [PairedComparison]) -> (name: String, seconds: Double) {
    LabDuration.spanUnit(largest(of: comparisons))
  }

  /// The largest difference or bound of `comparisons`, in seconds.
  static func largest(of comparisons: [PairedComparison]) -> Double {
    comparisons.flatMap { [$0.median, $0.low, $0.high].compactMap { $0?.magnitude } }.max() ?? 0
  }

  /// The unit of one cell whose largest time (or difference) is `largest`, in a row of unit `row`:
  /// the row's, unless the whole cell is under one of it (a day beside years), then its own, so a
  /// short time never reads `0.0y`.
  static func cellUnit(largest: Double, row: (name: String, seconds: Double)) -> (
    name: String, seconds: Double
  ) {
    largest > 0 && largest < row.seconds ? LabDuration.spanUnit(largest) : row
  }

  /// A comparison as a cell: `−1.3h (−1.5h … −1.1h), −13%`, or `no difference detected (…)` with
  /// how many paired seeds reached the milestone earlier and later (when any differ: a median of 0
  /// can hide seeds a whole session earlier), and the seeds that reached it in one variant only.
  public static func text(
    of comparison: PairedComparison, unit: (name: String, seconds: Double), decimals: Int = 1
  ) -> String {
    var unpaired: [String] = []
    if comparison.onlyVariant > 0 { unpaired.append("\(comparison.onlyVariant) reached only here") }
    if comparison.onlyBaseline > 0 { unpaired.append("\(comparison.onlyBaseline) only in the baseline") }
    let tail = unpaired.isEmpty ? "" : "; " + unpaired.joined(separator: ", ")
    guard let median = comparison.median else { return "no seed reached it in both" + tail }
    guard let low = comparison.low, let high = comparison.high else {
      // A difference from one to five seeds is shown, and said to be untested.
      let relative = comparison.relative.map { ", " + Self.percent($0) } ?? ""
      let paired = comparison.pairs == 1 ? "1 seed" : "\(comparison.pairs) seeds"
      return "\(Self.signed(median, unit: unit, decimals: decimals))\(relative), too few seeds for a 95% "
        + "interval (\(paired) in both; it takes \(PairedComparison.fewestPairs))" + tail
    }
    let interval =
      "(\(Self.signed(low, unit: unit, decimals: decimals)) … \(Self.signed(high, unit: unit, decimals: decimals)))"
    guard comparison.detected else {
      return "no difference detected \(interval)" + Self.spread(comparison) + tail
    }
    let relative = comparison.relative.map { ", " + Self.percent($0) } ?? ""
    return "\(Self.signed(median, unit: unit, decimals: decimals)) \(interval)\(relative)" + tail
  }

  /// `; 18 of 100 seeds earlier, 44 later`, `; 12 of 200 seeds earlier, none later` or `; 2 of 100
  /// seeds later, none earlier` when any paired seed differs, else nothing.
  static func spread(_ comparison: PairedComparison) -> String {
    let (earlier, later) = (comparison.earlier, comparison.later)
    guard earlier + later > 0 else { return "" }
    let pairs = comparison.pairs.withThousandsSeparators
    if earlier == 0 { return "; \(later.withThousandsSeparators) of \(pairs) seeds later, none earlier" }
    let then = later == 0 ? "none" : later.withThousandsSeparators
    return "; \(earlier.withThousandsSeparators) of \(pairs) seeds earlier, \(then) later"
  }

  /// A difference with its sign: `+0.4h`, `−1.3h`, `0.0h` (with `decimals`, that many).
  static func signed(_ seconds: Double, unit: (name: String, seconds: Double), decimals: Int = 1) -> String {
    let text = LabDuration.span(seconds.magnitude, unit: unit, decimals: decimals)
    if text.dropLast(unit.name.count).allSatisfy({ $0 == "0" || $0 == "." }) { return text }
    return (seconds < 0 ? "−" : "+") + text
  }

  /// A relative change: whole percent from 10% up, one decimal below (`−13%`, `+2.5%`).
  static func percent(_ ratio: Double) -> String {
    let value = ratio * 100
    let text: String
    if value.magnitude >= 9.95 {
      text = "\(Int(value.magnitude.rounded()))%"
    } else {
      let tenths = Int((value.magnitude * 10).rounded())
      text = "\(tenths / 10).\(tenths % 10)%"
    }
    if text == "0.0%" { return text }
    return (value < 0 ? "−" : "+") + text
  }

  /// The name of a percentile in the footer: `median` for 50, else `p10`.
  static func percentileName(_ p: Double) -> String {
    p == 50 ? "median" : "p" + SweepOutput.number(p)
  }

  /// Whether milestone `m` is a prestige (whose row of fell-due times `--due` adds).
  func isPrestige(_ m: Int) -> Bool {
    switch milestones[m] {
    case .bearings, .atlas: true
    default: false
    }
  }

  /// The table's lines.
  public var lines: [String] { lines(comparedBelow: nil) }

  /// The table's lines when a table printed below it compares its variants: `groups` are the
  /// sensitivity's (``Sensitivity/groups``), each `--vary` value compared with its group's baseline.
  /// With one group this table does not say that its columns are not compared; with several it says
  /// that the groups are not.
  public func lines(comparedBelow groups: [String]?) -> [String] {
    // Columns: one per milestone line (taken, against the baseline, fell due). The comparison,
    // of the times taken, comes right under them, so that it is never read as the fell-due row's.
    var columns: [(label: String, cells: [String])] = []
    for m in milestones.indices {
      let name = milestones[m].name
      columns.append((name, variants.indices.map { cell(variant: $0, milestone: m, due: false) }))
      if baseline != nil {
        let label = options.transpose ? "\(name) vs baseline" : "  vs baseline"
        columns.append((label, comparisonCells(milestone: m)))
      }
      if options.due && isPrestige(m) {
        columns.append(("\(name) (due)", variants.indices.map { cell(variant: $0, milestone: m, due: true) }))
      }
    }
    var rows: [[String]]
    if options.transpose {
      rows = [["variant"] + columns.map(\.label)]
      for v in variants.indices { rows.append([variants[v]] + columns.map { $0.cells[v] }) }
    } else {
      rows = [["milestone"] + variants]
      for column in columns { rows.append([column.label] + column.cells) }
    }
    var lines = Self.aligned(rows)
    let cells = options.percentiles.map(Self.percentileName).joined(separator: " / ")
    lines.append("simulated time to each milestone: \(cells) over the runs that reached it (n/N reached)")
    if options.due && milestones.indices.contains(where: isPrestige) {
      lines.append("(due): when the strategy's rule for the prestige first held, online or away")
    }
    if let base = baseline {
      lines.append(
        "vs baseline (\(variants[base])): median of the per-seed differences over the seeds that reached it "
          + "in both, its 95% bootstrap interval (\(PairedComparison.resamples.withThousandsSeparators) resamples of the seeds, "
          + "seed \(PairedComparison.seed); none from fewer than \(PairedComparison.fewestPairs) seeds, too few for "
          + "any 95% interval of a median) and the change relative to the baseline's median; where none is "
          + "detected, how many of those seeds reached it earlier and later, if any did")
      if hasFewPairs(baseline: base) { lines.append(Self.fewSeedsNote) }
    } else if let groups {
      if groups.count > 1 {
        lines.append(
          "each --vary value is compared below with the baseline of its group (\(groups.joinedAsList("and"))), "
            + "seed by seed, with a 95% interval; the groups are not compared with each other")
      }
    } else if variants.count > 1 {
      // Columns side by side invite a comparison by eye, which says nothing of how sure it is.
      lines.append(
        "the columns are not compared: --baseline 1 compares each variant with the first (\(variants[0])), "
          + "seed by seed, with a 95% interval")
    }
    return lines
  }

  /// Rows as columns padded to their widest cell, a rule of dashes under the first.
  static func aligned(_ rows: [[String]]) -> [String] {
    let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    var lines = rows.map { row in
      zip(row, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: "  ")
        .trimmingSuffix()
    }
    lines.insert(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "), at: 1)
    return lines
  }
}
