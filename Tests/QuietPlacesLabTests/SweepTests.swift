import QuietPlacesGame
import QuietPlacesTestSupport
import QuietPlacesUtilities
import Synchronization
import Testing

@testable import QuietPlacesLab

/// Variants, sweeps, shards and merging.
@Suite struct SweepTests {
  /// Two strategies × two session models × two values of one key: eight variants; the owned list has
  /// one value, so it is not in the names. Run index = seed index × 8 + variant index.
  @Test func variantsAreTheCrossProduct() throws {
    let request = SimulateRequest(
      seeds: [1, 2, 3], strategies: [.payback, .idle],
      sessions: [.always, .cycle(online: 900, offline: 28_800)],
      owned: [[.charts]],
      settings: [
        try BalanceSetting.parse("equipment.sails.priceGrowth=1.5"),
        try BalanceSetting.parse("equipment.sails.priceGrowth=1.6"),
      ])
    let plan = try SimulatePlan.make(request, balance: rules.balance)
    #expect(plan.variants.count == 8)
    #expect(
      plan.variants.map(\.name) == [
        "payback always equipment.sails.priceGrowth=1.5", "payback always equipment.sails.priceGrowth=1.6",
        "payback 15m/8h equipment.sails.priceGrowth=1.5", "payback 15m/8h equipment.sails.priceGrowth=1.6",
        "idle always equipment.sails.priceGrowth=1.5", "idle always equipment.sails.priceGrowth=1.6",
        "idle 15m/8h equipment.sails.priceGrowth=1.5", "idle 15m/8h equipment.sails.priceGrowth=1.6",
      ])
    #expect(plan.variants[0].rules.balance.equipment.sails.priceGrowth == 1.5)
    #expect(plan.variants[1].rules.balance.equipment.sails.priceGrowth == 1.6)
    #expect(plan.variants.allSatisfy { $0.strategy.owned == [.charts] && !$0.defaultBalance })
    #expect(plan.total == 24)
    // Shard 2/3: indices 1, 4, 7, …
    let shard = plan.runs(shard: Shard(index: 1, count: 3))
    #expect(shard.map(\.index) == Array(stride(from: 1, to: 24, by: 3)))
    #expect(shard[1] == SimulatePlan.Run(index: 4, seed: 1, variant: 4))
    #expect(shard[3] == SimulatePlan.Run(index: 10, seed: 2, variant: 2))
  }

  @Test func oneVariantIsNamedAfterItsStrategy() throws {
    let plan = try SimulatePlan.make(
      SimulateRequest(strategies: [.cheapest]), balance: rules.balance)
    #expect(plan.variants.map(\.name) == ["cheapest"])
    #expect(plan.variants[0].defaultBalance)
  }

  /// `--set` with an unknown key names the closest key; a value the game refuses says why.
  @Test func setErrors() throws {
    func plan(_ setting: String) throws -> SimulatePlan {
      try SimulatePlan.make(
        SimulateRequest(settings: [try BalanceSetting.parse(setting)]), balance: rules.balance)
    }
    #expect(
      throws: LabError.setting(
        try BalanceSetting.parse("equipment.sails.priceGrowht=1.5"),
        .unknownKey(closest: "equipment.sails.priceGrowth", keys: []))
    ) {
      try plan("equipment.sails.priceGrowht=1.5")
    }
    #expect(
      labMessage { _ = try plan("equipment.sails.priceGrowht=1.5") }
        == "--set: unknown key equipment.sails.priceGrowht in balance.json; did you mean equipment.sails.priceGrowth?"
    )
    #expect(
      labMessage { _ = try plan("equipment.sails.priceGrowth=0.9") }
        == "--set equipment.sails.priceGrowth=0.9: key 'equipment.sails.priceGrowth' must be a number above 1, not 0.9"
    )
    #expect(throws: LabError.self) { try plan("equipment.sails.priceGrowth=fast") }
    #expect(throws: LabError.self) { try BalanceSetting.parse("priceGrowth") }
    // Both spellings of an index reach the same leaf.
    #expect(try plan("routes.1.charterCost=5000").variants[0].rules.balance.routes[1].charterCost == 5000)
  }

  /// Each `--set` and `--vary` value is checked against its key's type and range before any run, and
  /// the error names the option it came from; an unknown key's suggestion comes from the keys at the
  /// level where the path first leads nowhere.
  @Test(arguments: [
    (
      "--set", "equipment.cargo.levelLimit=2.5",
      "--set equipment.cargo.levelLimit=2.5: equipment.cargo.levelLimit takes a whole number, not 2.5"
    ),
    (
      "--set", "equipment.cargo.levelLimit=1e308",
      "--set equipment.cargo.levelLimit=1e308: equipment.cargo.levelLimit takes a whole number from 0 to 1e15, "
        + "not 1e308"
    ),
    (
      "--set", "equipment.sails.priceGrowth=1e400",
      "--set equipment.sails.priceGrowth=1e400: equipment.sails.priceGrowth takes a number from -1.8e308 to "
        + "1.8e308, not 1e400"
    ),
    (
      "--vary", "equipment.cargo.levelLimit=2.5",
      "--vary equipment.cargo.levelLimit=2.5: equipment.cargo.levelLimit takes a whole number, not 2.5"
    ),
    (
      "--vary", "equipment.sails.priceGrowth=fast",
      "--vary equipment.sails.priceGrowth=fast: equipment.sails.priceGrowth takes a number, not 'fast'"
    ),
    (
      "--vary", "scouts.priceGrowth=0.5",
      "--vary scouts.priceGrowth=0.5: key 'scouts.priceGrowth' must be a number above 1, not 0.5"
    ),
    (
      "--vary", "scouts.prceGrowth=1.1",
      "--vary: unknown key scouts.prceGrowth in balance.json; did you mean scouts.priceGrowth?"
    ),
    (
      "--set", "equipment.sail.priceGrowth=1.5",
      "--set: unknown key equipment.sail.priceGrowth in balance.json; did you mean equipment.sails.priceGrowth?"
    ),
    (
      "--set", "equipmnt.sails.priceGrowth=1.5",
      "--set: unknown key equipmnt.sails.priceGrowth in balance.json; did you mean equipment.sails.priceGrowth?"
    ),
    (
      "--set", "equipment.sail=1.5",
      "--set: unknown key equipment.sail in balance.json; did you mean equipment.sails?"
    ),
    (
      "--set", "equipment.sails=1.5",
      "--set equipment.sails=1.5: equipment.sails holds equipment.sails.basePrice, "
        + "equipment.sails.effectPerLevel, equipment.sails.priceGrowth, not one value; set one of them, "
        + "such as --set equipment.sails.basePrice=VALUE"
    ),
    (
      "--set", "equipment.rudder=2",
      "--set: unknown key equipment.rudder in balance.json; the keys at that level are equipment.cargo, "
        + "equipment.sails, equipment.spyglass"
    ),
    (
      "--set", "routes[9].charterCost=1",
      "--set: unknown key routes[9].charterCost in balance.json; routes is a list of 8 elements, routes[0] to "
        + "routes[7]"
    ),
    (
      "--set", "ship.baseSpeedKnots.max=1",
      "--set: unknown key ship.baseSpeedKnots.max in balance.json; ship.baseSpeedKnots is a value with no keys "
        + "inside, so write --set ship.baseSpeedKnots=VALUE"
    ),
  ])
  func settingErrorsNameTheOptionAndTheRange(option: String, text: String, message: String) throws {
    let request: SimulateRequest
    if option == "--vary" {
      request = SimulateRequest(variations: [try BalanceVariation.parse(text)])
    } else {
      request = SimulateRequest(settings: [try BalanceSetting.parse(text)])
    }
    #expect(labMessage { _ = try SimulatePlan.make(request, balance: rules.balance) } == message)
  }

  /// Values the balance can hold are taken as written: a large number whole (`1e17`, beyond what a
  /// `Decimal` writes), a name that reads as a number kept as text.
  @Test func valuesAreTakenAsWritten() throws {
    func balance(_ setting: String) throws -> Balance {
      try BalanceVariant.apply([try BalanceSetting.parse(setting)], to: rules.balance)
    }
    #expect(try balance("routes[7].charterCost=1e200").routes[7].charterCost == 1e200)
    #expect(try balance("routes[1].places[0].name=42").routes[1].places[0].name == "42")
    #expect(
      try balance("equipment.cargo.levelLimit=1e15").equipment.cargo.levelLimit == 1_000_000_000_000_000)
    #expect(try balance("equipment.cargo.priceGrowth=9").equipment.cargo.priceGrowth == 9)
  }

  /// A stop request keeps any further run from starting: the runs played are the sweep's first ones,
  /// each as a whole sweep plays it, and of them the whole seeds (every variant played) are kept.
  @Test(arguments: [1, 2])
  func aStopRequestEndsTheSweepAfterTheRunsStarted(jobs: Int) async throws {
    let plan = try SimulatePlan.make(Self.small, balance: rules.balance)
    let whole = try await Sweep.run(plan.runs(shard: nil), plan: plan, configuration: storeKit, jobs: jobs)
    #expect(whole.count == 16)
    // Asked before each run starts: the seventh ask (before the seventh run) is the first to stop.
    var asked = 0
    let stopped = try await Sweep.run(
      plan.runs(shard: nil), plan: plan, configuration: storeKit, jobs: jobs,
      stopRequested: {
        asked += 1
        return asked > 6
      })
    #expect(stopped.count == 6)
    #expect(stopped.map(\.index) == Array(0..<6))
    #expect(stopped.map(\.outcomes) == whole.prefix(6).map(\.outcomes))
    // Four variants a seed: the first four runs make seed 1 whole; runs 4 and 5 (seed 2) are left out.
    #expect(Sweep.wholeSeeds(stopped, variants: 4).map(\.index) == [0, 1, 2, 3])
    #expect(Sweep.wholeSeeds(Array(stopped.prefix(3)), variants: 4).isEmpty)
    #expect(Sweep.wholeSeeds(stopped, variants: 1).count == 6)
  }

  /// What a stopped sweep says: the whole seeds of how many, the runs, any left out; with one variant,
  /// the runs alone.
  @Test func aStoppedSweepSaysWhatItCounts() {
    #expect(
      SweepOutput.interruptedLine(
        by: "SIGTERM", seeds: 93, of: 1_000, variants: 2, runs: 186, total: 2_000, leftOut: 1)
        == "interrupted by SIGTERM: 93 of the 1,000 seeds were played by every variant (186 of the 2,000 runs); "
        + "1 run of the next seed, not played by every variant, is left out; the rest were not played, and the "
        + "output counts only those seeds")
    #expect(
      SweepOutput.interruptedLine(by: "SIGTERM", seeds: 1, of: 3, variants: 4, runs: 4, total: 12, leftOut: 3)
        == "interrupted by SIGTERM: 1 of the 3 seeds was played by every variant (4 of the 12 runs); 3 runs of "
        + "the next seed, not played by every variant, are left out; the rest were not played, and the output "
        + "counts only those seeds")
    #expect(
      SweepOutput.interruptedLine(
        by: "Ctrl-C (SIGINT)", seeds: 212, of: 1_000, variants: 1, runs: 212, total: 1_000, leftOut: 0)
        == "interrupted by Ctrl-C (SIGINT): 212 of the 1,000 runs were played; the rest were not played, and the "
        + "output counts only those runs")
  }

  func sweep(_ request: SimulateRequest, jobs: Int, shard: Shard? = nil) async throws -> [RunResult] {
    let plan = try SimulatePlan.make(request, balance: rules.balance)
    return try await Sweep.run(plan.runs(shard: shard), plan: plan, configuration: storeKit, jobs: jobs)
  }

  /// Seeds 1-4 × payback, cheapest × always, 5m/1h, until the first New Bearings and 12 hours.
  static let small = SimulateRequest(
    seeds: [1, 2, 3, 4], strategies: [.payback, .cheapest],
    sessions: [.always, .cycle(online: 300, offline: 3_600)],
    milestones: [.bearings(1), .time(43_200)])

  /// The number of jobs changes nothing, and the same arguments print the same bytes.
  @Test func jobsNeverChangeTheResults() async throws {
    let one = try await sweep(Self.small, jobs: 1)
    let three = try await sweep(Self.small, jobs: 3)
    #expect(SweepOutput.jsonl(one) == SweepOutput.jsonl(three))
    #expect(SweepOutput.csv(one) == SweepOutput.csv(three))
    #expect(one.count == 16 && one.map(\.index) == Array(0..<16))
  }

  /// Merged shards print exactly what the whole sweep prints: table, csv, jsonl and chart.
  @Test func mergedShardsAreTheWholeSweep() async throws {
    let whole = try await sweep(Self.small, jobs: 2)
    var files: [(name: String, text: String)] = []
    for k in 1...3 {
      let part = try await sweep(Self.small, jobs: 2, shard: Shard(index: k - 1, count: 3))
      files.append(("shard-\(k).jsonl", SweepOutput.jsonl(part).joined(separator: "\n") + "\n"))
    }
    let merged = try SweepRecords.merge(files.reversed())
    #expect(SweepOutput.jsonl(merged) == SweepOutput.jsonl(whole))
    #expect(SweepOutput.csv(merged) == SweepOutput.csv(whole))
    #expect(SweepOutput.table(merged) == SweepOutput.table(whole))
    for metric in Metric.allCases {
      #expect(Chart.svg(merged, metric: metric) == Chart.svg(whole, metric: metric))
    }
    // A missing shard is an error that says what is missing.
    #expect(throws: LabError.self) { try SweepRecords.merge(Array(files.prefix(2))) }
    // A shard read twice is refused, by the name given twice or by a record repeated in one file.
    #expect(throws: LabError.fileTwice("shard-1.jsonl")) { try SweepRecords.merge(files + [files[0]]) }
    let lines = files[0].text.split(separator: "\n").count
    let doubled = [("shard-1.jsonl", files[0].text + files[0].text)] + files.dropFirst()
    #expect(throws: LabError.runTwiceInFile(run: 0, file: "shard-1.jsonl", line: lines + 1)) {
      try SweepRecords.merge(doubled)
    }
  }

  /// Shards say what they were played on; the merge keeps it, and refuses shards played on other
  /// files (or one that does not say, beside one that does).
  @Test func shardsPlayedOnOtherFilesAreNotMerged() async throws {
    func shard(_ k: Int, playedOn: String?) async throws -> (name: String, text: String) {
      var part = try await sweep(Self.small, jobs: 2, shard: Shard(index: k - 1, count: 2))
      for index in part.indices { part[index].playedOn = playedOn }
      return ("shard-\(k).jsonl", SweepOutput.jsonl(part).joined(separator: "\n") + "\n")
    }
    let these = "balance 05a22b6106da, storekit 239f96d8d328, price-formats c81bb912c77c"
    let first = try await shard(1, playedOn: these)
    #expect(first.text.contains(",\"played_on\":\"\(these)\"}"))
    let merged = try SweepRecords.merge([first, try await shard(2, playedOn: these)])
    #expect(merged.allSatisfy { $0.playedOn == these })

    let other = these.replacingOccurrences(of: "balance 05a22b6106da", with: "balance 0123456789ab")
    for second in [try await shard(2, playedOn: other), try await shard(2, playedOn: nil)] {
      #expect {
        try SweepRecords.merge([first, second])
      } throws: { error in
        guard
          case .playedOnDiffer(let file, _, let playedOn, let earlierFile, let earlier) = error as? LabError
        else { return false }
        return file == "shard-2.jsonl" && earlierFile == "shard-1.jsonl" && earlier == these
          && playedOn == (second.text.contains("0123456789ab") ? other : nil)
      }
    }
    // What a file says is shown as outside text: escaped, on the one line of the error.
    let forged = try await shard(2, playedOn: "balance\n\u{1B}[31m")
    #expect {
      try SweepRecords.merge([first, forged])
    } throws: { error in
      let message = (error as? LabError)?.message ?? ""
      return !message.contains("\n") && message.contains("balance\\u{A}\\u{1B}[31m")
    }
  }

  /// One band and one median line per variant, each line in its colour and its own dash pattern, so
  /// two variants whose medians coincide both stay visible; the legend shows the same line.
  @Test func chartDrawsEachVariantDistinctly() async throws {
    let results = try await sweep(Self.small, jobs: 2)
    let svg = Chart.svg(results, metric: .knowledge)
    let lines = svg.split(separator: "\n").map(String.init)
    #expect(lines.filter { $0.hasPrefix("<polygon ") }.count == 4)
    let medians = lines.filter { $0.hasPrefix("<polyline ") }
    #expect(medians.count == 4)
    /// The value of attribute `name` in an SVG element's line, or `nil`.
    func attribute(_ name: String, _ line: String) -> String? {
      guard let range = line.firstRange(of: " \(name)=\"") else { return nil }
      return String(line[range.upperBound...].prefix { $0 != "\"" })
    }
    #expect(medians.map { attribute("stroke-dasharray", $0) } == [nil, "9 5", "2 4", "9 4 2 4"])
    #expect(Set(medians.compactMap { attribute("stroke", $0) }).count == 4)
    for variant in ["payback always", "payback 5m/1h", "cheapest always", "cheapest 5m/1h"] {
      #expect(svg.contains(">\(variant)</text>"))
    }
    #expect(lines.filter { $0.hasPrefix("<line ") && $0.contains("stroke-width=\"2.2\"") }.count == 4)
  }

  /// The table: p10 / median / p90 over the runs that reached the milestone, and n/N.
  @Test func tableCells() {
    func result(_ index: Int, _ seconds: Int64, reached: Bool) -> RunResult {
      RunResult(
        index: index, variant: "v", variantIndex: 0, seed: UInt64(index + 1), total: 5,
        outcomes: [
          MilestoneOutcome(
            milestone: .bearings(1), reached: reached, seconds: seconds, onlineSeconds: 0, decisions: 0,
            spent: 0)
        ],
        seconds: seconds, series: Series(seconds: [0], values: [[0], [0], [0], [0]]))
    }
    // Reached at 1, 2, 3 and 5 hours; one not reached. Sorted [1,2,3,5] h: p10 at rank 0.3 → 1.3 h,
    // median at rank 1.5 → 2.5 h, p90 at rank 2.7 → 3 + 0.7 × 2 = 4.4 h.
    let results = [
      result(0, 3_600, reached: true), result(1, 7_200, reached: true), result(2, 10_800, reached: true),
      result(3, 18_000, reached: true), result(4, 99_999, reached: false),
    ]
    let table = SweepOutput.table(results)
    #expect(table[2] == "bearings   1.3h / 2.5h / 4.4h (4/5)")
  }
}

/// Each run's series record carries the settings of its sweep; the merge refuses shards whose
/// settings differ, naming the setting and both values, and merges the shards of one sweep.
@Suite struct SweepSettingsTests {
  /// A shard of `request` whose runs say they belong to a sweep of `settings`.
  func shard(
    _ k: Int, of count: Int, request: SimulateRequest, settings: SimulateRequest
  ) async throws -> (name: String, text: String) {
    let plan = try SimulatePlan.make(request, balance: rules.balance)
    var part = try await Sweep.run(
      plan.runs(shard: Shard(index: k - 1, count: count)), plan: plan, configuration: storeKit, jobs: 2)
    for index in part.indices { part[index].settings = SweepSettings(settings) }
    return ("shard-\(k).jsonl", SweepOutput.jsonl(part).joined(separator: "\n") + "\n")
  }

  static let base = SimulateRequest(seeds: [1, 2], strategies: [.idle], milestones: [.time(3_600)])

  @Test func theSettingsWriteEveryDefault() {
    let settings = SweepSettings(Self.base)
    #expect(settings.entries.map(\.option) == SweepSettings.options)
    #expect(
      settings.command
        == "--seeds 1-2 --strategy idle --bearings-at 0.5 --atlas on --supplies bridge --sessions always "
        + "--owned none --until time:1h --limit 3652d12h")
    // A default given explicitly is the same sweep.
    var explicit = Self.base
    explicit.sessions = [.always]
    explicit.owned = [[]]
    #expect(SweepSettings(explicit) == settings)
    #expect(SweepSettings.seedsText([1, 2, 3, 5, 7, 8]) == "1-3,5,7-8")
    let many = SweepSettings.seedsText(Array(stride(from: 1, through: 2_000, by: 2)))
    #expect(many.hasPrefix("1000 seeds from 1 to 1999, fnv1a ") && many.count < 60)
  }

  /// The settings read as the options that give them: a list of products as `--owned` reads it, the
  /// StoreKit file played (when one is given), values quoted where a shell would read them otherwise.
  @Test func theSettingsAreOptionsAShellReads() {
    var request = Self.base
    request.owned = [[], [.charts, .hold]]
    request.settings = [BalanceSetting(key: "routes[1].places[0].name", value: "Kelp Shallows")]
    let settings = SweepSettings(request, storeKitFile: "shop.storekit")
    #expect(
      settings.command
        == "--seeds 1-2 --strategy idle --bearings-at 0.5 --atlas on --supplies bridge --sessions always "
        + "--owned none --owned charts,hold --set 'routes[1].places[0].name=Kelp Shallows' --until time:1h "
        + "--limit 3652d12h --storekit shop.storekit")
    // The JSON object keeps each value as given; without a StoreKit file the option has none.
    #expect(settings.json.contains(#""--owned":["none","charts,hold"]"#))
    #expect(settings.json.hasSuffix(#""--storekit":["shop.storekit"]}"#))
    #expect(SweepSettings(Self.base).json.hasSuffix(#""--storekit":[]}"#))
    // Records written before `--storekit` was recorded hold the same sweep as those that leave it out.
    var before = SweepSettings(Self.base)
    before.entries.removeAll { $0.option == "--storekit" }
    #expect(SweepSettings.same(before, SweepSettings(Self.base)))
    #expect(!SweepSettings.same(before, settings))
  }

  /// Shards of one sweep merge; a shard of a sweep that differs in any setting is refused with the
  /// setting and both values.
  /// The base request with one setting changed.
  static func changed(_ option: String) -> SimulateRequest {
    var request = base
    switch option {
    case "--owned": request.owned = [[.charts]]
    case "--sessions": request.sessions = [.cycle(online: 900, offline: 28_800)]
    case "--strategy": request.strategies = [.payback]
    case "--seeds": request.seeds = [3, 4]
    case "--limit": request.limit = 7_200
    case "--until": request.milestones = [.time(1_800)]
    case "--set": request.settings = [BalanceSetting(key: "ship.baseSpeedKnots", value: "11")]
    default: request.variations = [BalanceVariation(key: "ship.baseSpeedKnots", values: ["11", "12"])]
    }
    return request
  }

  @Test(arguments: [
    ("--owned", "--owned charts", "--owned none"), ("--sessions", "--sessions 15m/8h", "--sessions always"),
    ("--strategy", "--strategy payback", "--strategy idle"), ("--seeds", "--seeds 3-4", "--seeds 1-2"),
    ("--limit", "--limit 2h", "--limit 3652d12h"), ("--until", "--until time:30m", "--until time:1h"),
    ("--set", "--set ship.baseSpeedKnots=11", "no --set"),
    ("--vary", "--vary ship.baseSpeedKnots=11,12", "no --vary"),
  ])
  func shardsOfOtherSweepsAreRefused(option: String, these: String, earlier: String) async throws {
    let first = try await shard(1, of: 2, request: Self.base, settings: Self.base)
    let same = try await shard(2, of: 2, request: Self.base, settings: Self.base)
    let merged = try SweepRecords.merge([first, same])
    #expect(merged.count == 2 && merged.allSatisfy { $0.settings == SweepSettings(Self.base) })
    let second = try await shard(2, of: 2, request: Self.base, settings: Self.changed(option))
    #expect {
      try SweepRecords.merge([first, second])
    } throws: { error in
      let message = (error as? LabError)?.message ?? ""
      return message.hasPrefix("shard-2.jsonl:2 was played with \(these), shard-1.jsonl with \(earlier); ")
        && message.hasSuffix("; merge the shards of one sweep, played with the same settings")
    }
  }
}
