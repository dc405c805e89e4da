import Foundation
import QuietPlacesREPL
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesCommandLine

/// An output file already there is written over only when this tool wrote it, of its kind, or it is
/// empty: a path mistyped onto notes or a README is refused before any run is played, one line,
/// exit 2, and the file keeps every byte.
@Suite struct ReplacedOutputFileTests {
  static let notes = "# Notes\nThe sweep of Tuesday, by hand.\n"

  @Test(arguments: [
    (["--csv", "notes.md"], "a CSV that simulate wrote"),
    (["--jsonl", "notes.md"], "JSON Lines that simulate wrote"),
    (["--table", "notes.md"], "a table that simulate wrote"),
    (["--chart", "notes.svg"], "a chart that simulate drew"),
    (["--report", "notes.html"], "a report that simulate wrote"),
  ])
  func aFileOfAnotherKindIsRefusedAndKept(arguments: [String], kind: String) async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    for name in ["notes.md", "notes.svg", "notes.html"] { _ = try folder.write(Self.notes, to: name) }
    for command in [
      ["simulate", "--seeds", "1", "--strategy", "idle", "--until", "time:1h"],
      ["simulate", "merge", "a.jsonl"],
    ] {
      let run = await ProgramRun.run(command + arguments, in: folder.url)
      #expect(run.status == .usage && run.output.isEmpty)
      #expect(
        run.errors.filter { !$0.hasPrefix("configuration: ") } == [
          "error: \(arguments[1]): not replaced: the file there is not \(kind); remove it first or give "
            + "another name"
        ])
    }
    for name in ["notes.md", "notes.svg", "notes.html"] { #expect(try folder.read(name) == Self.notes) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).count == 3)
  }

  /// What each writer writes is known as its own kind, and as no other: a sweep's CSV is not taken
  /// for its table, nor its JSON Lines for its CSV. Shards' tables and transposed ones are tables.
  @Test func eachKindKnowsItsOwnAndNoOther() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let sweep = ["simulate", "--seeds", "1-2", "--strategy", "idle", "--until", "time:1d"]
    var written: [(String, ReplacedFile.Kind)] = [
      ("a.csv", .csv), ("a.jsonl", .jsonl), ("a.txt", .table), ("c.svg", .chart), ("r.html", .report),
    ]
    let run = await ProgramRun.run(
      sweep + [
        "--csv", "a.csv", "--jsonl", "a.jsonl", "--table", "a.txt", "--chart", "c.svg", "--report", "r.html",
      ], in: folder.url)
    #expect(run.status == .success)
    let shard = await ProgramRun.run(sweep + ["--shard", "1/2", "--table", "s.txt"], in: folder.url)
    let transposed = await ProgramRun.run(sweep + ["--transpose", "--table", "t.txt"], in: folder.url)
    #expect(shard.status == .success && transposed.status == .success)
    written += [("s.txt", .table), ("t.txt", .table)]
    let tests = await ProgramRun.run(
      ["test", Fixtures.packageRoot.appendingPathComponent("Scripts/tour").path, "--junit", "j.xml"],
      in: folder.url)
    #expect(tests.status == .success)
    written.append(("j.xml", .junit))
    // Nor is any taken for a save, a bundle or a recording.
    for (name, kind) in written {
      let data = try Data(contentsOf: folder.url.appendingPathComponent(name))
      for other in ReplacedFile.Kind.allCases {
        #expect(other.isWritten(data) == (other == kind), "\(name) read as \(other)")
      }
    }
    // A CSV of an earlier version, with fewer columns after the first four, is one too.
    let earlier = "run,variant,seed,milestone,reached,seconds\n0,a,1,x,true,3\n"
    #expect(ReplacedFile.Kind.csv.isWritten(Data(earlier.utf8)))
    #expect(!ReplacedFile.Kind.csv.isWritten(Data("run,variant\n".utf8)))
    // So the same outputs written again replace them, and an empty file is written over too.
    _ = try folder.write("", to: "empty.csv")
    let again = await ProgramRun.run(
      sweep + [
        "--csv", "a.csv", "--jsonl", "a.jsonl", "--table", "a.txt", "--chart", "c.svg", "--report", "r.html",
      ], in: folder.url)
    let empty = await ProgramRun.run(sweep + ["--csv", "empty.csv"], in: folder.url)
    #expect(again.status == .success && empty.status == .success)
    #expect(try folder.read("empty.csv").hasPrefix("run,variant,seed,"))
  }

  @Test func aJUnitReportIsNotWrittenOverNotes() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try folder.write(Self.notes, to: "notes.md")
    let run = await ProgramRun.run(
      ["test", Fixtures.packageRoot.appendingPathComponent("Scripts/tour").path, "--junit", "notes.md"],
      in: folder.url)
    #expect(run.status == .usage && run.output.isEmpty)
    #expect(
      run.errors == [
        "error: notes.md: not replaced: the file there is not a JUnit report that test wrote; remove it first "
          + "or give another name"
      ])
    #expect(try folder.read("notes.md") == Self.notes)
  }
}
