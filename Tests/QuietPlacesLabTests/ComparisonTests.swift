import Foundation
import QuietPlacesGame
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesLab

/// Paired comparisons with a baseline, the table's options, one-at-a-time variants and sensitivity.
@Suite struct ComparisonTests {
  /// A run of a made-up sweep: one milestone, its time (or not reached).
  static func run(_ variant: Int, _ name: String, seed: UInt64, _ seconds: Int64?, due: Int64? = nil)
    -> RunResult
  {
    RunResult(
      index: 0, variant: name, variantIndex: variant, seed: seed, total: 0,
      outcomes: [
        MilestoneOutcome(
          milestone: .bearings(1), reached: seconds != nil, seconds: seconds ?? 999_999, onlineSeconds: 0,
          decisions: 0, spent: 0, dueSeconds: due)
      ],
      seconds: seconds ?? 999_999, series: Series(seconds: [0], values: Sample.metrics.map { _ in [0] }))
  }

  /// The bootstrap as documented, written here on its own: 2,000 draws of n pairs `next() % n` from
  /// SplitMix64 seeded with 1, the median of each sorted draw, the 2.5th and 97.5th percentiles.
  static func bootstrap(_ differences: [Double]) -> (low: Double, high: Double) {
    func quantile(_ sorted: [Double], _ p: Double) -> Double {
      let h = Double(sorted.count - 1) * p
      let low = Int(h.rounded(.down))
      let high = min(low + 1, sorted.count - 1)
      return sorted[low] + (sorted[high] - sorted[low]) * (h - Double(low))
    }
    var random = SplitMix64(seed: 1)
    var medians: [Double] = []
    for _ in 0..<2_000 {
      let draw = (0..<differences.count).map { _ in
        differences[Int(random.next() % UInt64(differences.count))]
      }
      medians.append(quantile(draw.sorted(), 0.5))
    }
    medians.sort()
    return (quantile(medians, 0.025), quantile(medians, 0.975))
  }

  /// The interval holds the median difference, narrows as seeds are added, and is the one a plain
  /// sort-every-draw bootstrap gives.
  @Test func theIntervalBehavesAsABootstrapShould() {
    var random = SplitMix64(seed: 42)
    let values = (0..<400).map { _ in -3_600 + 2_000 * (random.nextUniform() - 0.5) }
    let small = PairedComparison.interval(Array(values.prefix(25)))
    let large = PairedComparison.interval(values)
    let median = SweepOutput.percentile(values.sorted(), 0.5)
    #expect(large.low <= median && median <= large.high)
    #expect(large.high - large.low < small.high - small.low)
    #expect(large.high < 0)
    let independent = Self.bootstrap(Array(values.prefix(25)))
    #expect(isClose(small.low, independent.low) && isClose(small.high, independent.high))
    // Identical runs: an interval of exactly 0, so no difference is detected.
    let none = PairedComparison.interval([0, 0, 0, 0])
    #expect(none.low == 0 && none.high == 0)
  }

  /// Seeds are paired; what one variant reached and the other did not is counted, not dropped.
  @Test func unpairedRunsAreCounted() throws {
    var results: [RunResult] = []
    for seed: UInt64 in 1...10 {
      results.append(Self.run(0, "a", seed: seed, seed == 10 ? nil : 36_000 + Int64(seed) * 60))
      results.append(Self.run(1, "b", seed: seed, seed == 9 ? nil : 30_000 + Int64(seed) * 60))
    }
    let table = try SweepTable(results, options: SweepTable.Options(baseline: "a"))
    let comparison = table.comparison(variant: 1, baseline: 0, milestone: 0)
    #expect(comparison.pairs == 8 && comparison.onlyBaseline == 1 && comparison.onlyVariant == 1)
    #expect(comparison.median == -6_000 && comparison.low == -6_000 && comparison.high == -6_000)
    #expect(comparison.detected)
    // −6,000 s of a baseline median of 36,270 s (seeds 1–8: 36,060 … 36,480).
    #expect(isClose(comparison.relative ?? 0, -6_000 / 36_270))
    let lines = table.lines
    #expect(lines[3].hasPrefix("  vs baseline  baseline"))
    #expect(lines[3].hasSuffix("−1.7h (−1.7h … −1.7h), −17%; 1 reached only here, 1 only in the baseline"))
    // By position, too; a baseline that is no variant says which there are.
    #expect(try SweepTable(results, options: SweepTable.Options(baseline: "2")).lines[3].contains("baseline"))
    // A sweep of one variant has nothing to compare.
    #expect(
      labMessage {
        _ = try SweepTable(results.filter { $0.variant == "a" }, options: SweepTable.Options(baseline: "a"))
      }
        == "--baseline a compares the other variants with it, and this sweep has one, 'a'; add another (a second "
        + "--strategy, --owned, --set or --vary value) or leave out --baseline")
    #expect(
      labMessage { _ = try SweepTable(results, options: SweepTable.Options(baseline: "c")) }
        == "'c' is not a variant of this sweep for --baseline; write a variant's name or its position from 1 "
        + "to 2, such as 'a', 'b'")
  }

  /// A median difference of 0 does not hide the seeds that moved: a player who acts only at a
  /// session's launch takes a prestige at the same launch in most seeds, and the few a session
  /// earlier (or later) are counted after the interval.
  @Test func seedsThatMovedAreCountedWhenTheMedianDoesNot() throws {
    // Twenty seeds at 24.75 h in the baseline; in "early" three of them a session (8.25 h) earlier, in
    // "mixed" three earlier and five later, in "late" one later, in "same" none moved. So few moved
    // that fewer than 2.5% of the bootstrap's draws have a median off 0 (at most 1 in 4,000 for
    // three of twenty, 1.4% for five of twenty), so the interval is exactly 0.
    let session: Int64 = 29_700
    let launch: Int64 = 3 * session
    var results: [RunResult] = []
    for seed: UInt64 in 1...20 {
      results.append(Self.run(0, "base", seed: seed, launch))
      results.append(Self.run(1, "early", seed: seed, seed <= 3 ? launch - session : launch))
      let mixed = seed <= 3 ? launch - session : seed >= 16 ? launch + session : launch
      results.append(Self.run(2, "mixed", seed: seed, mixed))
      results.append(Self.run(3, "late", seed: seed, seed == 5 ? launch + session : launch))
      results.append(Self.run(4, "same", seed: seed, launch))
    }
    let table = try SweepTable(results, options: SweepTable.Options(baseline: "base"))
    let early = table.comparison(variant: 1, baseline: 0, milestone: 0)
    #expect(early.median == 0 && early.low == 0 && early.high == 0 && !early.detected)
    #expect(early.earlier == 3 && early.later == 0 && early.pairs == 20)
    let mixed = table.comparison(variant: 2, baseline: 0, milestone: 0)
    #expect(mixed.earlier == 3 && mixed.later == 5 && !mixed.detected)
    let row = table.lines[3]
    #expect(row.contains("no difference detected (0.0h … 0.0h); 3 of 20 seeds earlier, none later"))
    #expect(row.contains("no difference detected (0.0h … 0.0h); 3 of 20 seeds earlier, 5 later"))
    #expect(row.contains("no difference detected (0.0h … 0.0h); 1 of 20 seeds later, none earlier"))
    // Nothing moved: the interval alone says so.
    #expect(row.hasSuffix("no difference detected (0.0h … 0.0h)"))
    #expect(
      table.lines.contains {
        $0.hasSuffix("how many of those seeds reached it earlier and later, if any did")
      })
  }

  /// An interval from 6 to 29 paired seeds holds the true median about 93% of the time: the table
  /// says so under it; from 30 seeds on, and with no interval at all (under 6), it does not.
  @Test(arguments: [(5, false), (6, true), (29, true), (30, false)])
  func fewSeedsSayHowOftenTheIntervalHolds(seeds: Int, said: Bool) throws {
    var results: [RunResult] = []
    for seed in 1...UInt64(seeds) {
      results.append(Self.run(0, "base", seed: seed, Int64(seed) * 3_600))
      results.append(Self.run(1, "other", seed: seed, Int64(seed) * 3_000))
    }
    // One more seed that only the baseline reached is no pair.
    results.append(Self.run(0, "base", seed: 99, 3_600))
    results.append(Self.run(1, "other", seed: 99, nil))
    let lines = try SweepTable(results, options: SweepTable.Options(baseline: "base")).lines
    let note =
      "from fewer than 30 seeds the interval holds the true median about 93% of the time, not 95% (measured "
      + "by Scripts/lab/bootstrap-coverage.py): a difference near its edge wants more seeds"
    #expect(lines.contains(note) == said)
  }

  /// Variants side by side without `--baseline` are not compared, and the table says how to.
  @Test func columnsWithoutABaselineSayHowToCompareThem() throws {
    var results: [RunResult] = []
    for seed: UInt64 in 1...3 {
      results.append(Self.run(0, "owned=none", seed: seed, Int64(seed) * 3_600))
      results.append(Self.run(1, "owned=charts", seed: seed, Int64(seed) * 3_000))
    }
    let note =
      "the columns are not compared: --baseline 1 compares each variant with the first (owned=none), seed "
      + "by seed, with a 95% interval"
    #expect(try SweepTable(results, options: SweepTable.Options()).lines.last == note)
    let compared = try SweepTable(results, options: SweepTable.Options(baseline: "owned=none")).lines
    #expect(!compared.contains(note))
    let one = try SweepTable(results.filter { $0.variantIndex == 0 }, options: SweepTable.Options()).lines
    #expect(!one.contains(note))
  }

  /// With `--due`, the comparison (of the times taken) sits right under the times taken, before
  /// the fell-due row, so it is never read as that row's: here the variant takes New Bearings half
  /// an hour sooner on every seed while it falls due an hour later.
  @Test func theComparisonSitsUnderTheTimesItCompares() throws {
    var results: [RunResult] = []
    for seed: UInt64 in 1...8 {
      let hours = Int64(seed) * 3_600
      results.append(Self.run(0, "a", seed: seed, hours, due: hours / 2))
      results.append(Self.run(1, "b", seed: seed, hours - 1_800, due: hours / 2 + 3_600))
    }
    let lines = try SweepTable(results, options: SweepTable.Options(baseline: "a", due: true)).lines
    #expect(lines[2].hasPrefix("bearings   "))
    #expect(lines[3].hasPrefix("  vs baseline   baseline "))
    #expect(lines[3].contains("−0.5h (−0.5h … −0.5h), −11%"))
    #expect(lines[4].hasPrefix("bearings (due) "))
  }

  /// Percentiles, fell-due rows and the transposed table.
  @Test func percentilesDueAndTranspose() throws {
    var results: [RunResult] = []
    for seed: UInt64 in 1...5 {
      results.append(Self.run(0, "a", seed: seed, Int64(seed) * 3_600, due: Int64(seed) * 1_800))
    }
    let options = SweepTable.Options(percentiles: [0, 100], due: true)
    let lines = try SweepTable(results, options: options).lines
    #expect(lines[2] == "bearings        1.0h / 5.0h (5/5)")
    #expect(lines[3] == "bearings (due)  0.5h / 2.5h (5/5)")
    #expect(
      lines[4] == "simulated time to each milestone: p0 / p100 over the runs that reached it (n/N reached)")
    var transposed = options
    transposed.transpose = true
    let rows = try SweepTable(results, options: transposed).lines
    #expect(rows[0] == "variant  bearings           bearings (due)")
    #expect(rows[2] == "a        1.0h / 5.0h (5/5)  0.5h / 2.5h (5/5)")
  }

  /// A row is in the unit of its longest time, but a variant whose times are all under one of that
  /// unit keeps its own: a day beside years reads in hours, never `0.0y`.
  @Test func aShortCellBesideLongOnesKeepsItsOwnUnit() throws {
    var results: [RunResult] = []
    for seed: UInt64 in 1...3 {
      // 24, 25 and 26 hours; 1, 2 and 3 years of 365.25 days.
      results.append(Self.run(0, "payback", seed: seed, Int64(23 + seed) * 3_600))
      results.append(Self.run(1, "idle", seed: seed, Int64(seed) * 31_557_600))
    }
    let options = SweepTable.Options(percentiles: [0, 50, 100])
    let lines = try SweepTable(results, options: options).lines
    #expect(lines[2] == "bearings   24.0h / 25.0h / 26.0h (3/3)  1.0y / 2.0y / 3.0y (3/3)")
    // Days beside years: a cell of 300 to 400 days stays in years (0.8y … 1.1y), one all under a
    // year takes days.
    let mixed = [
      Self.run(0, "a", seed: 1, 300 * 86_400), Self.run(0, "a", seed: 2, 400 * 86_400),
      Self.run(1, "b", seed: 1, 100 * 86_400), Self.run(1, "b", seed: 2, 200 * 86_400),
      Self.run(2, "c", seed: 1, 3 * 31_557_600), Self.run(2, "c", seed: 2, 3 * 31_557_600),
    ]
    let row = try SweepTable(mixed, options: SweepTable.Options(percentiles: [0, 100])).lines[2]
    #expect(row == "bearings   0.8y / 1.1y (2/2)  100.0d / 200.0d (2/2)  3.0y / 3.0y (2/2)")
    // A comparison row is in the unit of its largest difference; a variant 12 hours later on every
    // seed beside one years later reads +12.0h, not +0.0y.
    var compared: [RunResult] = []
    for seed: UInt64 in 1...6 {
      compared.append(Self.run(0, "base", seed: seed, Int64(seed) * 86_400))
      compared.append(Self.run(1, "later", seed: seed, Int64(seed) * 86_400 + 43_200))
      compared.append(Self.run(2, "much later", seed: seed, Int64(seed) * 86_400 + 3 * 31_557_600))
    }
    let table = try SweepTable(compared, options: SweepTable.Options(baseline: "base")).lines
    let comparisons = try #require(table.first { $0.hasPrefix("  vs baseline") })
    #expect(comparisons.contains("+12.0h (+12.0h … +12.0h)"))
    #expect(comparisons.contains("+3.0y (+3.0y … +3.0y)"))
  }

  /// Fewer than six seeds in both give no interval (the widest, from the smallest difference to the
  /// largest, covers the median 1 − 2^(1−n) of the time: 93.75% for five), so no difference is
  /// detected from them; the difference is shown and said to be untested. Six give one.
  @Test func fewerThanSixPairedSeedsGiveNoInterval() throws {
    for (seeds, expected) in [
      (1, "+12.0h, +50%, too few seeds for a 95% interval (1 seed in both; it takes 6)"),
      (5, "+12.0h, +17%, too few seeds for a 95% interval (5 seeds in both; it takes 6)"),
      (6, "+12.0h (+12.0h … +12.0h), +14%"),
    ] {
      var results: [RunResult] = []
      for seed in 1...UInt64(seeds) {
        results.append(Self.run(0, "base", seed: seed, Int64(seed) * 86_400))
        results.append(Self.run(1, "later", seed: seed, Int64(seed) * 86_400 + 43_200))
      }
      let comparison = PairedComparison(
        baseline: Dictionary(uniqueKeysWithValues: (1...UInt64(seeds)).map { ($0, Double($0) * 86_400) }),
        variant: Dictionary(
          uniqueKeysWithValues: (1...UInt64(seeds)).map { ($0, Double($0) * 86_400 + 43_200) }))
      #expect(comparison.detected == (seeds >= PairedComparison.fewestPairs))
      #expect((comparison.low == nil) == (seeds < 6))
      let table = try SweepTable(results, options: SweepTable.Options(baseline: "base")).lines
      let row = try #require(table.first { $0.hasPrefix("  vs baseline") })
      #expect(row.hasSuffix(expected), "\(row)")
    }
  }

  /// A row's unit comes from the longest time its cells show, not from a run beyond its last
  /// percentile: cells all under two years read in days, as a comparison under two years does.
  @Test func aRowIsInTheUnitOfWhatItShows() throws {
    var results: [RunResult] = []
    // 400, 410, …, 480 days and one run of 3 years. Sorted, p10 at rank 0.9 → 409 d, the median at
    // rank 4.5 → 445 d, p90 at rank 8.1 → 480 + 0.1 × (1,095.75 − 480) = 541.575 d.
    for seed: UInt64 in 1...10 {
      let days = seed == 10 ? 1_095.75 : 400 + 10 * Double(seed - 1)
      results.append(Self.run(0, "idle", seed: seed, Int64(days * 86_400)))
    }
    let lines = try SweepTable(results).lines
    #expect(lines[2] == "bearings   409.0d / 445.0d / 541.6d (10/10)")
  }

  /// An interval whose bounds differ is never written as one number: when one decimal would show
  /// `+0.5h (+0.5h … +0.5h)`, the row takes more, up to three; one of exactly one value keeps one.
  @Test func anIntervalThatIsNotAPointNeverReadsAsOne() throws {
    var results: [RunResult] = []
    // Every seed 1,700–1,900 s later in b (0.47–0.53h), exactly 1h later in c.
    for seed: UInt64 in 1...20 {
      let base = 30_000 + Int64(seed) * 97
      results.append(Self.run(0, "a", seed: seed, base))
      results.append(Self.run(1, "b", seed: seed, base + 1_700 + Int64(seed) * 10))
      results.append(Self.run(2, "c", seed: seed, base + 3_600))
    }
    let table = try SweepTable(results, options: SweepTable.Options(baseline: "a"))
    let b = table.comparison(variant: 1, baseline: 0, milestone: 0)
    let (low, high) = (try #require(b.low), try #require(b.high))
    #expect(low < high && (low / 360).rounded() == (high / 360).rounded())
    let row = try #require(table.lines.first { $0.hasPrefix("  vs baseline") })
    func hours(_ seconds: Double) -> String {
      let hundredths = Int((seconds / 36).rounded())
      return "+\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)h"
    }
    #expect(row.contains("(\(hours(low)) … \(hours(high)))"))
    #expect(hours(low) != hours(high))
    #expect(row.contains("+1.00h (+1.00h … +1.00h)"))
    // A row whose intervals all read apart at one decimal keeps one.
    let apart = results.filter { $0.variantIndex != 1 }.map { result in
      var result = result
      result.variantIndex = min(result.variantIndex, 1)
      return result
    }
    let one = try SweepTable(apart, options: SweepTable.Options(baseline: "a"))
    #expect(one.lines.contains { $0.contains("  +1.0h (+1.0h … +1.0h), +") })
  }

  /// The table's paired interval, recomputed from the JSON Lines of a real sweep alone: the records
  /// paired by seed, the documented bootstrap written again here.
  @Test func aPairedIntervalIsRecomputedFromTheJSONLines() async throws {
    let request = SimulateRequest(
      seeds: Array(1...16), owned: [[], [.charts]], milestones: [.bearings(1)])
    let plan = try SimulatePlan.make(request, balance: rules.balance)
    let results = try await Sweep.run(plan.runs(shard: nil), plan: plan, configuration: storeKit, jobs: 2)
    struct Record: Decodable {
      var variant: String
      var seed: UInt64
      var milestone: String?
      var reached: Bool?
      var seconds: Double?
    }
    var times: [String: [UInt64: Double]] = [:]
    for line in SweepOutput.jsonl(results) {
      let record = try JSONDecoder().decode(Record.self, from: Data(line.utf8))
      guard record.milestone == "bearings", record.reached == true, let seconds = record.seconds else {
        continue
      }
      times[record.variant, default: [:]][record.seed] = seconds
    }
    let none = try #require(times["owned=none"])
    let charts = try #require(times["owned=charts"])
    let differences = none.keys.sorted().compactMap { seed in charts[seed].map { $0 - none[seed]! } }
    #expect(differences.count == 16)
    let median = SweepOutput.percentile(differences.sorted(), 0.5)
    let (low, high) = Self.bootstrap(differences)
    let hour = (name: "h", seconds: 3_600.0)
    let relative = median / SweepOutput.percentile(none.values.sorted(), 0.5)
    let expected =
      "\(SweepTable.signed(median, unit: hour)) (\(SweepTable.signed(low, unit: hour)) … "
      + "\(SweepTable.signed(high, unit: hour))), \(SweepTable.percent(relative))"
    let table = try SweepTable(results, options: SweepTable.Options(baseline: "owned=none")).lines
    #expect(low <= median && median <= high && high < 0)
    #expect(table[3].hasSuffix(expected), "\(table[3]) does not end in \(expected)")
  }

  /// `--vary` of two keys with two values each: the baseline and four variants, one change each.
  @Test func varyIsOneAtATime() throws {
    let request = SimulateRequest(
      seeds: [1], strategies: [.payback],
      variations: [
        try BalanceVariation.parse("equipment.sails.priceGrowth=1.5,1.7"),
        try BalanceVariation.parse("routes[1].charterCost=3000,5000"),
      ])
    let plan = try SimulatePlan.make(request, balance: rules.balance)
    #expect(
      plan.variants.map(\.name) == [
        "baseline", "equipment.sails.priceGrowth=1.5", "equipment.sails.priceGrowth=1.7",
        "routes[1].charterCost=3000", "routes[1].charterCost=5000",
      ])
    let growth = rules.balance.equipment.sails.priceGrowth
    let charter = rules.balance.routes[1].charterCost
    #expect(plan.variants[0].rules.balance.equipment.sails.priceGrowth == growth)
    #expect(plan.variants[2].rules.balance.equipment.sails.priceGrowth == 1.7)
    #expect(plan.variants[2].rules.balance.routes[1].charterCost == charter)
    #expect(plan.variants[3].rules.balance.routes[1].charterCost == 3_000)
    #expect(plan.variants[3].rules.balance.equipment.sails.priceGrowth == growth)
    // A range: 4 equal steps, 5 values, written shortest.
    #expect(
      try BalanceVariation.parse("equipment.sails.priceGrowth=1.4..1.8/4").values == [
        "1.4", "1.5", "1.6", "1.7", "1.8",
      ])
    #expect(throws: LabError.notARange("k=1..2")) { try BalanceVariation.parse("k=1..2") }
    // A range that reads but cannot be taken says which part is wrong.
    #expect(
      labMessage { _ = try BalanceVariation.parse("scouts.priceGrowth=1.15..1.150/3") }
        == "'scouts.priceGrowth=1.15..1.150/3' runs from 1.15 to 1.15 again; give a range two different ends "
        + "(FROM..TO/STEPS), or give the one value as scouts.priceGrowth=1.15")
    for steps in [0, -3, 101, 100_000] {
      #expect(throws: LabError.rangeSteps("k=1..2/\(steps)", steps: steps)) {
        try BalanceVariation.parse("k=1..2/\(steps)")
      }
    }
    #expect(
      labMessage { _ = try BalanceVariation.parse("k=1..2/100000") }
        == "'k=1..2/100000' asks for 100,000 steps; a range takes 1 to 100 (each step is one more variant), such "
        + "as equipment.sails.priceGrowth=1.4..1.8/4")
    #expect(try BalanceVariation.parse("k=1..2/100").values.count == 101)
    // Every value is checked before any run: a price growth of 0.9 is refused by the plan.
    #expect(
      labMessage {
        _ = try SimulatePlan.make(
          SimulateRequest(variations: [try BalanceVariation.parse("equipment.sails.priceGrowth=1.5,0.9")]),
          balance: rules.balance)
      }
        == "--vary equipment.sails.priceGrowth=0.9: key 'equipment.sails.priceGrowth' must be a number above 1, not 0.9"
    )
  }

  /// Sensitivity orders the keys by the largest median change any of their values brings.
  @Test func sensitivityOrdersTheKeys() throws {
    let names = ["baseline", "a=1", "a=2", "b=1"]
    let shifts: [Int64] = [0, 600, -120, -3_600]
    var results: [RunResult] = []
    for seed: UInt64 in 1...6 {
      for (v, name) in names.enumerated() {
        results.append(Self.run(v, name, seed: seed, 36_000 + Int64(seed) * 100 + shifts[v]))
      }
    }
    let sensitivity = try Sensitivity(SweepTable(results))
    #expect(sensitivity.entries.map(\.key) == ["b", "a"])
    #expect(sensitivity.entries[0].reach == 3_600)
    #expect(sensitivity.entries[1].effects.map(\.value) == ["1", "2"])
    #expect(sensitivity.entries[1].effects.map(\.comparison.median) == [600, -120])
    let lines = sensitivity.lines
    // −3,600 s of the baseline's median 36,350 s: −9.9%; +600 s: +1.7%.
    #expect(lines[2].hasPrefix("bearings   1     b    1      −1.0h (−1.0h … −1.0h), −9.9%"))
    #expect(lines[3].hasPrefix("           2     a    1      +0.2h (+0.2h … +0.2h), +1.7%"))
    #expect(throws: LabError.sensitivityWithoutVary) {
      try Sensitivity(SweepTable([Self.run(0, "a", seed: 1, 10)]))
    }
  }

  /// The sensitivity's intervals are those of `--baseline`, so from 6 to 29 seeds it says how often
  /// they hold; with one group of `--vary` values every column is compared there, and the table above
  /// does not say its columns are not; with several groups (two strategies) it still does.
  @Test(arguments: [(6, true), (29, true), (30, false)])
  func sensitivitySaysHowSureItIs(seeds: Int, few: Bool) throws {
    var results: [RunResult] = []
    for seed in 1...UInt64(seeds) {
      for (v, name) in ["baseline", "a=1"].enumerated() {
        results.append(Self.run(v, name, seed: seed, 36_000 + Int64(seed) * 100 + Int64(v) * 600))
      }
    }
    let sensitivity = try Sensitivity(SweepTable(results))
    #expect(sensitivity.groups == [""])
    #expect(sensitivity.lines.contains(SweepTable.fewSeedsNote) == few)
    let uncompared =
      "the columns are not compared: --baseline 1 compares each variant with the first (baseline), "
    #expect(try SweepTable(results).lines.last?.hasPrefix(uncompared) == true)
    #expect(
      try SweepTable(results).lines(comparedBelow: [""]).allSatisfy { !$0.hasPrefix("the columns are not") })
    #expect(
      try SweepTable(results).lines(comparedBelow: ["payback", "idle"]).last
        == "each --vary value is compared below with the baseline of its group (payback and idle), seed by seed, "
        + "with a 95% interval; the groups are not compared with each other")
    let payback = results.map { result in
      var named = result
      named.variant = "payback " + result.variant
      return named
    }
    let idle = results.map { result in
      var named = result
      named.variant = "idle " + result.variant
      named.variantIndex += 2
      return named
    }
    #expect(try Sensitivity(SweepTable(payback + idle)).groups == ["payback", "idle"])
  }

  /// A null key is known but has no value; suggestions come from its level; values have the key's type.
  @Test func balanceKeyErrors() throws {
    func plan(_ setting: String) throws {
      _ = try SimulatePlan.make(
        SimulateRequest(settings: [try BalanceSetting.parse(setting)]), balance: rules.balance)
    }
    #expect(
      labMessage { try plan("routes[0].charterCost=5000") }
        == "routes[0].charterCost is null in balance.json: the key has no value to change (routes[0] is never chartered)"
    )
    #expect(
      labMessage { try plan("equipment.sails.priceGrowth=fast") }
        == "--set equipment.sails.priceGrowth=fast: equipment.sails.priceGrowth takes a number, not 'fast'")
    #expect(
      labMessage { try plan("equipment.sails.basePrise=5") }
        == "--set: unknown key equipment.sails.basePrise in balance.json; did you mean equipment.sails.basePrice?"
    )
    #expect(throws: LabError.repeatedProduct(.charts)) { try Strategy.parseOwned("charts,hold,charts") }
    #expect(try Strategy.parseOwned("marks100,marks100") == [.marks100, .marks100])
  }

  /// A `--balance` file's unknown key is refused as the game refuses one in `balance.json`, matched
  /// against the keys of its own level only.
  @Test func suggestionsComeFromTheSameLevel() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let original = try Data(
      contentsOf: Fixtures.configurationFolder.appendingPathComponent("balance.json"))
    func refusal(_ edit: (inout [String: Any]) -> Void) throws -> String {
      var object = try #require(try JSONSerialization.jsonObject(with: original) as? [String: Any])
      edit(&object)
      try folder.write(
        String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self), to: "typo.json")
      return labMessage {
        _ = try BalanceVariant.load(file: folder.url.appendingPathComponent("typo.json").path)
      }
        ?? "loaded"
    }
    // A top-level key is matched against the top level only, a nested one against its siblings.
    #expect(
      try refusal { $0["scout"] = $0["scouts"] }
        == "typo.json: key 'scout' is not a balance number; did you mean 'scouts'?")
    #expect(
      try refusal { object in
        var equipment = object["equipment"] as! [String: Any]
        var sails = equipment["sails"] as! [String: Any]
        sails["basePrise"] = 30
        equipment["sails"] = sails
        object["equipment"] = equipment
      }
        == "typo.json: key 'equipment.sails.basePrise' is not a balance number; did you mean 'equipment.sails.basePrice'?"
    )
  }
}
