import Foundation
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesCommandLine

/// What `simulate` would otherwise drop or misread without a word is refused before any run: one
/// `error:` line, exit 2, nothing printed and no file written.
@Suite struct SimulateRefusalsTests {
  static let sweep = ["simulate", "--seeds", "1-2", "--strategy", "idle", "--until", "time:1h"]

  /// Runs the sweep with `extra` in a fresh folder: what it printed, and the files it left there.
  func refused(_ extra: [String], prepare: (TemporaryFolder) throws -> Void = { _ in }) async throws -> (
    run: ProgramRun, files: [String]
  ) {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try prepare(folder)
    let before = try FileManager.default.subpathsOfDirectory(atPath: folder.url.path).sorted()
    let run = await ProgramRun.run(Self.sweep + extra, in: folder.url)
    let after = try FileManager.default.subpathsOfDirectory(atPath: folder.url.path).sorted()
    return (run, after.filter { !before.contains($0) })
  }

  static let again =
    "makes a variant, and the second would play every seed as the first does, so give each value once"

  @Test(arguments: [
    (
      ["--strategy", "idle"],
      "error: --strategy idle is given twice; each value of --strategy \(again)"
    ),
    // A value written otherwise is quoted as typed, not in the words the lab reads it as.
    (
      ["--supplies", "on", "--supplies", "eager"],
      "error: --supplies eager is --supplies on again, written otherwise; each value of --supplies \(again)"
    ),
    (
      ["--sessions", "15m/8h", "--sessions", "900s/8h"],
      "error: --sessions 900s/8h is --sessions 15m/8h again, written otherwise; each value of --sessions "
        + "\(again)"
    ),
    (
      ["--vary", "equipment.sails.priceGrowth=1.5,1.5"],
      "error: --vary equipment.sails.priceGrowth=1.5 is given twice; each value of --vary \(again)"
    ),
    (
      ["--set", "equipment.sails.priceGrowth=1.5", "--set", "equipment.sails.priceGrowth=1.5"],
      "error: --set equipment.sails.priceGrowth=1.5 is given twice; each value of --set \(again)"
    ),
    (
      ["--format", "csv", "--percentiles", "25,50,75"],
      "error: --percentiles changes nothing here: it shapes the table, and --format csv prints none, nor is "
        + "there a --table FILE or --report FILE.html; add one of them, or leave out --percentiles"
    ),
    (
      ["--format", "jsonl", "--baseline", "1"],
      "error: --baseline changes nothing here: it shapes the table, and --format jsonl prints none, nor is "
        + "there a --table FILE or --report FILE.html; add one of them, or leave out --baseline"
    ),
    (
      ["--chart-kind", "cdf"],
      "error: --chart-kind changes nothing here: it picks the chart --chart draws, and there is no --chart; "
        + "add --chart FILE.svg, or leave out --chart-kind cdf"
    ),
    (
      ["--chart-kind", "histogram", "--report", "r.html"],
      "error: --chart-kind changes nothing here: it picks the chart --chart draws, and there is no --chart "
        + "(--report draws every kind); add --chart FILE.svg, or leave out --chart-kind histogram"
    ),
    (
      ["--format", "csv", "--metric", "postmarks"],
      "error: --metric changes nothing here: it picks what the lines and the timeline of --chart and "
        + "--report show, and there is neither; add --chart FILE.svg or --report FILE.html, or leave out "
        + "--metric"
    ),
    (
      ["--chart", "c.svg", "--chart-kind", "cdf", "--metric", "postmarks"],
      "error: --metric changes nothing here: --chart-kind cdf draws the time to each milestone, whatever "
        + "the metric, and there is no --report; draw --chart-kind lines or timeline, or leave out --metric"
    ),
    (
      ["--due"],
      "error: --due changes nothing here: it adds when New Bearings and the Atlas fell due, and the "
        + "milestones (time:1h) hold neither; add bearings or atlas to --until, or leave out --due"
    ),
  ])
  func refusedBeforeAnyRun(extra: [String], message: String) async throws {
    let (run, files) = try await refused(extra)
    #expect(run.status == .usage)
    #expect(run.output.isEmpty)
    #expect(run.errors == [message])
    #expect(files.isEmpty)
  }

  /// An option that does count with the others is played: a metric for the report's timeline, a
  /// table option with a table file, a chart kind with a chart.
  @Test(arguments: [
    ["--chart", "c.svg", "--chart-kind", "cdf", "--metric", "postmarks", "--report", "r.html"],
    ["--format", "csv", "--table", "t.txt", "--percentiles", "25,75"],
    ["--format", "csv", "--report", "r.html", "--transpose"],
    ["--chart", "c.svg", "--chart-kind", "timeline", "--metric", "discoveries"],
  ])
  func optionsThatCountArePlayed(extra: [String]) async throws {
    let (run, files) = try await refused(extra)
    #expect(run.status == .success)
    #expect(!files.isEmpty)
  }

  /// A recording into a folder that holds one would mix two sweeps: refused before any run, and the
  /// folder is left as it was; a folder without scripts (or a new one) records.
  @Test func aRecordingIsNotMixedWithAnother() async throws {
    let (run, files) = try await refused(["--record", "runs"]) { folder in
      try folder.write("> status\n", to: "runs/earlier.qp")
    }
    #expect(run.status == .usage && run.output.isEmpty)
    #expect(
      run.errors == [
        "error: --record runs already holds a .qp script; the runs' scripts would overwrite those of the same "
          + "names and sit beside the others, so quietplaces test would test two sweeps as one; give a new or "
          + "empty folder"
      ])
    #expect(files.isEmpty)
    let (file, _) = try await refused(["--record", "runs"]) { folder in try folder.write("", to: "runs") }
    #expect(
      file.status == .usage && file.errors == ["error: --record runs is a file; give a folder, new or empty"])
    let (fresh, written) = try await refused(["--record", "runs"]) { folder in
      try folder.write("notes\n", to: "runs/README")
    }
    #expect(fresh.status == .success)
    #expect(written.filter { $0.hasSuffix(".qp") }.count == 2)
  }

  /// Two balance files of one name are told apart in the table; a note says when two variants meet.
  @Test func balanceFilesOfOneNameAreToldApart() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let speed = rules.balance.ship.baseSpeedKnots
    try folder.write(try Fixtures.balanceText(shipSpeed: speed), to: "a/balance.json")
    try folder.write(try Fixtures.balanceText(shipSpeed: speed + 1), to: "b/balance.json")
    let run = await ProgramRun.run(
      Self.sweep + ["--balance", "a/balance.json", "--balance", "b/balance.json"], in: folder.url)
    #expect(run.status == .success)
    #expect(
      run.output.first?.split(separator: "\n").first?.split(separator: " ", omittingEmptySubsequences: true)
        == ["milestone", "balance=a/balance.json", "balance=b/balance.json"])
    let own = Int(speed)
    let noted = await ProgramRun.run(
      Self.sweep + ["--vary", "ship.baseSpeedKnots=\(own - 2)..\(own + 2)/2"], in: folder.url)
    #expect(noted.status == .success)
    #expect(
      noted.errors.filter { $0.hasPrefix("note: ") } == [
        "note: --vary ship.baseSpeedKnots=\(own) is the balance's own value: variant 'ship.baseSpeedKnots=\(own)' "
          + "plays as 'baseline' does"
      ])
  }

  /// `--seeds 20` is the seed 20: a sweep of one seed numbered 2 or more says so, and how to ask
  /// for 20 seeds; a sweep of seed 1, or of many seeds, says nothing of it.
  @Test func oneSeedIsSaidToBeOne() async throws {
    let folder = try TemporaryFolder()
    let base = ["simulate", "--strategy", "idle", "--until", "time:1h", "--seeds"]
    let one = await ProgramRun.run(base + ["20"], in: folder.url)
    #expect(one.status == .success)
    #expect(
      one.errors.filter { $0.hasPrefix("note: ") } == [
        "note: the sweep plays one seed, seed 20; for 20 seeds, write --seeds 1-20"
      ])
    for seeds in ["1", "1-20", "20,21"] {
      let run = await ProgramRun.run(base + [seeds], in: folder.url)
      #expect(run.status == .success)
      #expect(run.errors.filter { $0.hasPrefix("note: ") }.isEmpty, "\(seeds)")
    }
  }
}
