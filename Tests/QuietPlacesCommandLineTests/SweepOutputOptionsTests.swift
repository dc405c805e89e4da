import Foundation
import QuietPlacesLab
import QuietPlacesREPL
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesCommandLine

/// `--chart-kind`, `--report` and the output files of `simulate` and `simulate merge`: read from the
/// declaration, refused with one clear line, and written beside what is printed.
@Suite struct SweepOutputOptionsTests {
  func output(_ arguments: [String]) throws -> SweepOutputOptions {
    guard
      case .mode(let mode) = try CommandLineParser.parse(
        ["simulate"] + arguments, root: REPLMode.self, environment: [:]),
      let simulate = mode as? SimulateMode
    else { throw NotSimulate() }
    return simulate.output
  }

  struct NotSimulate: Error {}

  @Test func theOptionsAreTyped() throws {
    #expect(try output([]) == SweepOutputOptions())
    #expect(try output([]).chartKind == nil && output([]).metric == nil)
    let options = try output([
      "--chart", "c.svg", "--chart-kind", "cdf", "--report", "r.html", "--csv", "a.csv", "--jsonl", "a.jsonl",
      "--table", "a.txt",
    ])
    #expect(options.chartKind == .cdf && options.report == "r.html")
    #expect(options.csvFile == "a.csv" && options.jsonlFile == "a.jsonl" && options.tableFile == "a.txt")
    #expect(options.files == ["c.svg", "r.html", "a.csv", "a.jsonl", "a.txt"])
    // `--jsonl` is the REPL's flag before a mode, and takes a file after `simulate`.
    guard
      case .mode(let repl) = try CommandLineParser.parse(["--jsonl"], root: REPLMode.self, environment: [:])
    else { return }
    #expect((repl as? REPLMode)?.jsonl == true)
  }

  @Test(arguments: [
    (
      ["--chart-kind", "cfd"],
      "error: --chart-kind 'cfd' is not one of lines, cdf, histogram or timeline; did you mean --chart-kind cdf?"
    ),
    (
      ["--chart-kind", "pie"],
      "error: --chart-kind 'pie' is not one of lines, cdf, histogram or timeline; write one of them, "
        + "such as --chart-kind lines"
    ),
    (["--report", "r.htm"], "error: --report 'r.htm' does not end in .html; write --report FILE.html"),
    (["--csv"], "error: --csv needs a value; write it after the option, such as --csv FILE"),
  ])
  func badValuesSayWhatWouldBeRight(arguments: [String], message: String) async {
    let run = await ProgramRun.run(["simulate"] + arguments)
    #expect(run.status == .usage && run.output.isEmpty)
    #expect(run.errors == [message])
  }

  /// A file that cannot be written is refused before any run is played, with one line.
  @Test func anUnwritableReportIsRefusedFirst() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let run = await ProgramRun.run(
      ["simulate", "--seeds", "1", "--report", "missing/r.html"], in: folder.url)
    #expect(run.status == .usage && run.output.isEmpty)
    #expect(
      run.errors.filter { !$0.hasPrefix("configuration: ") } == [
        "error: cannot write missing/r.html (there is no folder \(folder.url.path)/missing); "
          + "give a path in a folder that exists and is writable"
      ])
    let merge = await ProgramRun.run(["simulate", "merge", "a.jsonl", "--csv", "no/a.csv"], in: folder.url)
    #expect(merge.status == .usage && merge.errors.first?.hasPrefix("error: cannot write no/a.csv") == true)
  }

  /// An output path that is a folder, or a file two options write, is refused before any run is
  /// played: one line, exit 2, nothing printed or written.
  @Test(arguments: [
    (["--csv", "out"], "error: cannot write out (it is a folder); give the path of a file"),
    (["--jsonl", "out/"], "error: cannot write out/ (it is a folder); give the path of a file"),
    (["--table", "new/"], "error: cannot write new/ (it is a folder); give the path of a file"),
    (["--report", "page.html"], "error: cannot write page.html (it is a folder); give the path of a file"),
    (
      ["--csv", "a.txt", "--jsonl", "./a.txt"],
      "error: --csv and --jsonl both write ./a.txt; give each output its own file"
    ),
  ])
  func anOutputThatIsAFolderIsRefusedFirst(arguments: [String], message: String) async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    for name in ["out", "page.html"] {
      try FileManager.default.createDirectory(
        at: folder.url.appendingPathComponent(name), withIntermediateDirectories: false)
    }
    for command in [
      ["simulate", "--seeds", "1", "--strategy", "idle", "--until", "time:1h"],
      ["simulate", "merge", "a.jsonl"],
    ] {
      let run = await ProgramRun.run(command + arguments, in: folder.url)
      #expect(run.status == .usage && run.output.isEmpty)
      #expect(run.errors.filter { !$0.hasPrefix("configuration: ") } == [message])
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["out", "page.html"])
  }

  /// One run prints its format and writes the CSV, JSON Lines, table, chart and report, each equal
  /// to what that format prints; the report shows the command without --jobs, and the fingerprints.
  @Test func oneRunWritesEveryFile() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let sweep = ["simulate", "--seeds", "1-2", "--strategy", "idle", "--until", "time:1d"]
    let run = await ProgramRun.run(
      sweep + [
        "--jobs", "2", "--csv", "a.csv", "--jsonl", "a.jsonl", "--table", "a.txt", "--chart", "c.svg",
        "--chart-kind", "histogram", "--report", "r.html",
      ], in: folder.url)
    // Beside the files, standard error says only which configuration the sweep read.
    #expect(run.status == .success && run.errors.filter { !$0.hasPrefix("configuration: ") }.isEmpty)
    for (file, format) in [("a.csv", "csv"), ("a.jsonl", "jsonl"), ("a.txt", "table")] {
      let printed = await ProgramRun.run(sweep + ["--format", format], in: folder.url)
      #expect(try folder.read(file) == printed.output.joined(separator: "\n") + "\n")
    }
    #expect(try folder.read("a.txt") == run.output.joined(separator: "\n") + "\n")
    #expect(try folder.read("c.svg").contains("runs per stretch of time"))
    let report = try folder.read("r.html")
    let balance = try Data(contentsOf: Fixtures.configurationFolder.appendingPathComponent("balance.json"))
    #expect(
      report.contains(
        ConfigurationProvenance.fingerprint(
          of: Fixtures.configurationFolder.appendingPathComponent("balance.json"))))
    #expect(
      ConfigurationProvenance.fingerprint(
        of: Fixtures.configurationFolder.appendingPathComponent("balance.json")
      ).count
        == 12)
    #expect(!balance.isEmpty)
    #expect(
      report.replacing("<span>", with: "").replacing("</span>", with: "").contains(
        "quietplaces simulate --seeds 1-2 --strategy idle --until time:1d --csv a.csv --jsonl a.jsonl"))
    #expect(!report.contains("--jobs"))
    // The same arguments with another number of jobs write the same report.
    let again = await ProgramRun.run(
      sweep + [
        "--jobs", "1", "--csv", "a.csv", "--jsonl", "a.jsonl", "--table", "a.txt", "--chart", "c.svg",
        "--chart-kind", "histogram", "--report", "r.html",
      ], in: folder.url)
    #expect(again.status == .success)
    #expect(try folder.read("r.html") == report)
  }

  /// A merged report shows the command that merged it and the settings of the sweep its shards
  /// belong to; the whole sweep's report shows the same settings.
  @Test func aMergedReportShowsTheSweep() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let sweep = [
      "simulate", "--seeds", "1-2", "--strategy", "idle", "--owned", "charts", "--until", "time:1d",
    ]
    for k in 1...2 {
      let shard = await ProgramRun.run(sweep + ["--shard", "\(k)/2", "--format", "jsonl"], in: folder.url)
      _ = try folder.write(shard.output.joined(separator: "\n") + "\n", to: "s\(k).jsonl")
    }
    let merged = await ProgramRun.run(
      ["simulate", "merge", "s1.jsonl", "s2.jsonl", "--report", "m.html"], in: folder.url)
    #expect(merged.status == .success)
    let settings =
      "quietplaces simulate --seeds 1-2 --strategy idle --bearings-at 0.5 --atlas on --supplies bridge "
      + "--sessions always --owned charts --until time:1d --limit 3652d12h"
    #expect(merged.errors.contains("sweep: " + settings))
    let whole = await ProgramRun.run(sweep + ["--report", "w.html"], in: folder.url)
    #expect(whole.status == .success)
    for page in ["m.html", "w.html"] {
      #expect(
        try folder.read(page).replacing("<span>", with: "").replacing("</span>", with: "").contains(settings))
    }
  }

  @Test func theCommandIsQuotedAsAShellWouldNeed() {
    #expect(
      ReportCommand.text(["simulate", "-j", "3", "--set", "a b=1", "--jobs=2"])
        == "quietplaces simulate --set 'a b=1'")
    #expect(ReportCommand.quoted("it's") == "'it'\\''s'")
  }
}
