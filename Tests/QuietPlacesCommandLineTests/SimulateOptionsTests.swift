import QuietPlacesLab
import QuietPlacesStore
import QuietPlacesTestSupport
import QuietPlacesUtilities
import Testing

@testable import QuietPlacesCommandLine

/// `quietplaces simulate` and `simulate merge`: typed values from one declaration, the lab's own
/// readers for its values, and one clear error for each mistake.
@Suite struct SimulateOptionsTests {
  /// The mode `arguments` (after `simulate`) give.
  func simulate(_ arguments: [String]) throws -> SimulateMode {
    let parsed = try CommandLineParser.parse(["simulate"] + arguments, root: REPLMode.self, environment: [:])
    guard case .mode(let mode) = parsed, let simulate = mode as? SimulateMode else { throw NotSimulate() }
    return simulate
  }

  struct NotSimulate: Error {}

  /// The error line `arguments` (after `simulate`) give.
  func error(_ arguments: [String]) -> String? {
    do {
      _ = try simulate(arguments)
      return nil
    } catch {
      return (error as? CommandLineError)?.description
    }
  }

  @Test func defaultsAreTheLabsRequest() throws {
    let mode = try simulate([])
    #expect(mode.request == SimulateRequest())
    #expect(mode.request.seeds == Array(1...100) && mode.request.strategies == [.payback])
    #expect(mode.output == SweepOutputOptions())
    #expect(mode.output.format == .table && mode.output.metric == nil && mode.output.chartKind == nil)
  }

  @Test func everyOptionIsTyped() throws {
    let mode = try simulate([
      "--seeds", "1-3", "--strategy", "idle", "--strategy", "cheapest", "--bearings-at", "never",
      "--bearings-at", "0.25", "--atlas", "off", "--supplies", "on", "--sessions", "15m/8h", "--owned",
      "charts,hold",
      "--owned", "none", "--balance", "b.json", "--set", "equipment.sails.priceGrowth=1.5", "--until",
      "bearings:2,time:30d", "--limit", "52w", "--format", "csv", "--chart", "c.svg", "--metric", "postmarks",
      "--record", "rec", "--jobs", "3", "--shard", "2/4", "--storekit", "x.storekit",
    ])
    let request = mode.request
    #expect(request.seeds == [1, 2, 3])
    #expect(request.strategies == [.idle, .cheapest])
    #expect(request.bearingsAt == [nil, 0.25])
    #expect(request.atlas == [false] && request.supplies == [.eager])
    #expect(request.sessions == [.cycle(online: 900, offline: 28_800)])
    #expect(request.owned == [[.charts, .hold], []])
    #expect(request.balanceFiles == ["b.json"])
    #expect(request.settings.map(\.text) == ["equipment.sails.priceGrowth=1.5"])
    #expect(request.milestones == [.bearings(2), .time(30 * 86_400)])
    #expect(request.limit == 52 * 604_800)
    #expect(mode.output.format == .csv && mode.output.chart == "c.svg" && mode.output.metric == .postmarks)
    #expect(mode.record == "rec")
    #expect(mode.parallel == ParallelOptions(jobs: 3, shard: Shard(index: 1, count: 4)))
    #expect(mode.storeKit.file == "x.storekit")
  }

  @Test(arguments: [
    (["--seeds", "5-1"], "error: --seeds 5-1 runs backwards; write the smaller seed first, such as 1-5"),
    (
      ["--seeds", "1,1,1"],
      "error: --seeds 1,1,1 gives seed 1 more than once, which would count one player several times; "
        + "give each seed once"
    ),
    (
      ["--shard", "3/2"],
      "error: --shard '3/2': there is no shard 3 of 2; K runs from 1 to N, so write --shard 1/2 to --shard 2/2"
    ),
    (
      ["--sessions", "0m/8h"],
      "error: the online part of '0m/8h' is no time at all; write ON/OFF with both at least 1s, such as 15m/8h, or always"
    ),
    (["--until", "nowhere"], "error: 'nowhere' is not a milestone; write \(Milestone.forms)"),
    (["--seeds"], "error: --seeds needs a value; write it after the option, such as --seeds 1-100"),
    (
      ["--formt", "csv"],
      "error: unknown option '--formt' for quietplaces simulate; did you mean --format? "
        + "(quietplaces simulate --help lists its options)"
    ),
    (
      ["--metric", "gold"],
      "error: --metric 'gold' is not one of knowledge, discoveries, postmarks or generations; write one of them, "
        + "such as --metric knowledge"
    ),
    (
      ["--format", "xml"],
      "error: --format 'xml' is not one of table, csv or jsonl; write one of them, such as --format table"
    ),
    (["--chart", "c.png"], "error: --chart 'c.png' does not end in .svg; write --chart FILE.svg"),
    (
      ["--limit", "0s"],
      "error: '--limit 0s' is no time at all; write at least 1s, such as --limit 3650d or --limit 52w"
    ),
    (["--atlas", "maybe"], "error: 'maybe' is not a setting of --atlas; write --atlas on or --atlas off"),
    (
      ["--jobs", "2000"],
      "error: --jobs '2000' is not a whole number from 1 to 1024; write one, such as --jobs 2"
    ),
    (["--seeds", "1-3", "--seeds", "4"], "error: --seeds is given more than once; give it once"),
  ])
  func badArgumentsSayWhatWouldBeRight(arguments: [String], message: String) {
    #expect(error(arguments) == message)
  }

  /// A sweep of more runs than one process keeps is refused before any run is played, naming the
  /// shards that would each be small enough: ⌈10,000,000 / 200,000⌉ = 50.
  /// A balance changed for every variant is not in the variants' names (only what varies is), so
  /// the line that says which files were read says it.
  @Test func theProvenanceLineSaysTheBalanceWasChanged() async {
    let arguments = [
      "simulate", "--seeds", "1-2", "--strategy", "idle", "--until", "bearings", "--limit", "1h",
    ]
    let plain = await ProgramRun.run(arguments)
    let changed = await ProgramRun.run(arguments + ["--set", "events.survey.oneIn=3"])
    #expect(plain.status == .success && changed.status == .success)
    let line = plain.errors.first { $0.hasPrefix("configuration: ") }
    #expect(line != nil && line?.contains("balance changed") == false)
    #expect(
      changed.errors.first { $0.hasPrefix("configuration: ") }
        == line.map { $0 + "; balance changed by --set events.survey.oneIn=3" })
  }

  /// A product the StoreKit file does not sell cannot be owned: the sweep is refused before any run,
  /// naming it (it failed at the first run, with the outcome's Swift name), and `--owned` of what it
  /// sells is played.
  @Test func aProductTheStoreKitFileDoesNotSellIsRefusedForOwned() async {
    let file = Fixtures.packageRoot.appendingPathComponent(
      "Tests/QuietPlacesAppStoreTests/Fixtures/StoreKit/v1.0-WristSteps.storekit"
    ).path
    let arguments = [
      "simulate", "--seeds", "1-2", "--until", "bearings", "--limit", "1h", "--storekit", file,
    ]
    let refused = await ProgramRun.run(arguments + ["--owned", "none", "--owned", "hold,signal"])
    #expect(refused.status == .usage && refused.output.isEmpty)
    #expect(
      refused.errors == [
        "error: --owned hold: \(file) has no com.gallaxgames.quietplaces.hold, so the store answers that it is "
          + "unavailable and no run can buy it; leave it out of --owned, or give a StoreKit file that sells it"
      ])
    let none = await ProgramRun.run(arguments + ["--owned", "none"])
    #expect(none.status == .success)
  }

  @Test func aSweepBeyondTheRunLimitIsRefusedWithItsShards() async {
    let run = await ProgramRun.run(["simulate", "--seeds", "1-10000000", "--until", "bearings"])
    #expect(run.status == .usage)
    #expect(run.output.isEmpty)
    #expect(
      run.errors == [
        "error: this sweep plays 10,000,000 runs in one process, more than the 200,000 whose results one "
          + "process keeps for a table, chart, report, file or recording; print --format csv or jsonl alone "
          + "(which keeps none), or split it with --shard K/50 (K from 1 to 50, each its own process) and join "
          + "the --format jsonl files with simulate merge"
      ])
    // A shard counts its own runs: the first of two shards of 400,001 runs holds 200,001, one too many.
    let shard = await ProgramRun.run([
      "simulate", "--seeds", "1-400001", "--shard", "1/2", "--until", "bearings",
    ])
    #expect(shard.status == .usage)
    #expect(shard.errors.first?.hasPrefix("error: this sweep plays 200,001 runs in one process") == true)
    #expect(shard.errors.first?.contains("--shard K/4 ") == true)
  }

  /// csv and jsonl printed alone keep no run, so the limit of kept runs does not hold for them: a
  /// sweep of ten million runs streams; a table, an output file, a chart, a report or a recording
  /// keeps every run and is refused past the limit.
  @Test func onlyKeptSweepsHaveARunLimit() throws {
    func streams(_ extra: [String]) throws -> Bool {
      let parsed = try CommandLineParser.parse(
        ["simulate", "--seeds", "1-10000000"] + extra, root: REPLMode.self, environment: [:])
      guard case .mode(let mode) = parsed, let simulate = mode as? SimulateMode else {
        Issue.record("not simulate")
        return false
      }
      return simulate.streams
    }
    #expect(try streams(["--format", "csv"]))
    #expect(try streams(["--format", "jsonl", "--jobs", "2", "--shard", "1/3"]))
    for kept in [
      [], ["--format", "table"], ["--format", "csv", "--table", "t.txt"],
      ["--format", "csv", "--csv", "c.csv"],
      ["--format", "jsonl", "--jsonl", "j.jsonl"], ["--format", "csv", "--chart", "c.svg"],
      ["--format", "csv", "--report", "r.html"], ["--format", "csv", "--record", "runs"],
    ] {
      #expect(try !streams(kept), "\(kept)")
    }
  }

  /// A streamed sweep prints what the kept sweep prints, byte for byte: the csv header, then each
  /// run's records in run order (csv: one per milestone; jsonl: those, its series, and the first
  /// run's timeline).
  @Test func aStreamedSweepPrintsWhatAKeptOnePrints() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let arguments = [
      "simulate", "--seeds", "3-7", "--strategy", "idle", "--strategy", "payback", "--until",
      "bearings,time:30m", "--limit", "1h", "--jobs", "3",
    ]
    for (format, lines) in [("csv", 1 + 10 * 2), ("jsonl", 10 * 3 + 1)] {
      let streamed = await ProgramRun.run(arguments + ["--format", format])
      let kept = await ProgramRun.run(
        arguments + ["--format", format, "--table", folder.url.appendingPathComponent("table.txt").path])
      #expect(streamed.status == .success && kept.status == .success)
      #expect(streamed.output.count == lines)
      // The kept csv is printed in one piece, the streamed one line by line: the same bytes.
      #expect(streamed.output.joined(separator: "\n") == kept.output.joined(separator: "\n"))
    }
  }

  @Test func mergeTakesFilesAndTheOutputOptions() throws {
    let parsed = try CommandLineParser.parse(
      ["simulate", "merge", "a.jsonl", "--format", "jsonl", "b.jsonl"], root: REPLMode.self, environment: [:])
    guard case .mode(let mode) = parsed, let merge = mode as? SimulateMergeMode else {
      Issue.record("not merge")
      return
    }
    #expect(merge.files == ["a.jsonl", "b.jsonl"])
    #expect(merge.output.format == .jsonl)
    #expect(
      error(["merge", "a.jsonl", "--seeds", "1-3"])
        == "error: --seeds is an option of quietplaces simulate, not of quietplaces simulate merge; "
        + "quietplaces simulate merge --help lists its options")
    #expect(
      error(["merge"])?.hasPrefix(
        "error: quietplaces simulate merge needs FILE.jsonl; write quietplaces simulate merge")
        == true)
  }

  /// The shared `--storekit` may come before or after the mode.
  @Test func sharedOptionsGoBeforeOrAfterTheMode() throws {
    func storeKit(_ arguments: [String]) throws -> String? {
      guard
        case .mode(let mode) = try CommandLineParser.parse(arguments, root: REPLMode.self, environment: [:]),
        let simulate = mode as? SimulateMode
      else { return nil }
      #expect(simulate.request.seeds == [1, 2, 3])
      return simulate.storeKit.file
    }
    #expect(try storeKit(["--storekit", "x.storekit", "simulate", "--seeds", "1-3"]) == "x.storekit")
    #expect(try storeKit(["simulate", "--seeds", "1-3", "--storekit", "x.storekit"]) == "x.storekit")
  }

  @Test func theHelpListsEveryOptionAndMerge() async {
    let run = await ProgramRun.run(["simulate", "--help"])
    #expect(run.status == .success)
    for option in [
      "--seeds", "--strategy", "--bearings-at", "--atlas", "--supplies", "--sessions", "--owned", "--balance",
      "--set", "--vary", "--until", "--limit", "--format", "--chart", "--metric", "--percentiles",
      "--baseline",
      "--due", "--transpose", "--sensitivity", "--record", "-j, --jobs", "--shard", "--storekit",
      "-h, --help",
    ] {
      #expect(run.output.contains { $0.hasPrefix("  \(option) ") }, "\(option)")
    }
    #expect(
      run.output.contains { $0.hasPrefix("       quietplaces simulate merge FILE.jsonl ... [") })
    #expect(run.output.joined(separator: " ").contains("Milestones: \(Milestone.forms)."))
  }
}
