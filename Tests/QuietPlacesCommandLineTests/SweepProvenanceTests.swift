import Foundation
import QuietPlacesLab
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesCommandLine

/// Every saved output of a sweep says what it was computed from: the table (printed or written with
/// `--table`) ends with the command that plays the whole sweep and what its runs were played on, the
/// CSV carries both in columns, and a shard's table and CSV say which shard they are.
@Suite struct SweepProvenanceTests {
  static let sweep = ["simulate", "--seeds", "1-3", "--strategy", "idle", "--until", "time:1h"]
  static let command =
    "quietplaces simulate --seeds 1-3 --strategy idle --bearings-at 0.5 --atlas on --supplies bridge "
    + "--sessions always --owned none --until time:1h --limit 3652d12h"

  /// What the runs were played on, as the configuration line on standard error says it.
  func playedOn(_ run: ProgramRun) -> String? {
    guard let line = run.errors.first(where: { $0.hasPrefix("configuration: ") }),
      let semicolon = line.firstIndex(of: ";")
    else { return nil }
    return String(line[line.index(semicolon, offsetBy: 2)...])
  }

  @Test func theTableSaysWhatItWasComputedFrom() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let run = await ProgramRun.run(Self.sweep + ["--table", "t.txt"], in: folder.url)
    #expect(run.status == .success)
    let played = try #require(playedOn(run))
    #expect(
      played.hasPrefix("balance ") && played.contains(", storekit ") && played.contains(", price-formats "))
    let lines = run.output.joined(separator: "\n").split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("milestone") == true)
    #expect(Array(lines.suffix(2)) == ["sweep: \(Self.command)", "played on: \(played)"])
    #expect(try folder.read("t.txt") == lines.joined(separator: "\n") + "\n")
  }

  /// The CSV's columns `played_on`, `sweep` and `shard` hold, on every row, what it was computed from
  /// (the whole sweep's shard is empty); printed and written alike, streamed or kept.
  @Test func theCSVCarriesItsProvenanceInColumns() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let streamed = await ProgramRun.run(Self.sweep + ["--format", "csv"], in: folder.url)
    let kept = await ProgramRun.run(Self.sweep + ["--format", "csv", "--csv", "a.csv"], in: folder.url)
    #expect(streamed.status == .success && kept.status == .success)
    #expect(streamed.output == kept.output)
    #expect(try folder.read("a.csv") == kept.output.joined(separator: "\n") + "\n")
    let played = try #require(playedOn(streamed))
    #expect(
      streamed.output.first
        == "run,variant,seed,milestone,reached,seconds,online_seconds,decisions,spent,due_seconds,played_on,sweep,shard"
    )
    #expect(streamed.output.count == 4)
    for (index, row) in streamed.output.dropFirst().enumerated() {
      #expect(row.hasPrefix("\(index),idle,\(index + 1),time:1h,true,3600,"))
      #expect(row.hasSuffix(",\"\(played)\",\(Self.command),"))
    }
  }

  /// A shard's table begins by saying it is one, with the runs it holds; its CSV says it on every row.
  @Test func aShardSaysItIsOne() async throws {
    let table = await ProgramRun.run(Self.sweep + ["--shard", "2/2"])
    #expect(table.status == .success)
    let lines = table.output.joined(separator: "\n").split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == "shard 2 of 2: the runs whose index is 1 modulo 2, 1 of the sweep's 3; not the whole sweep "
        + "(simulate merge joins the shards' --format jsonl)")
    #expect(lines.last?.hasPrefix("played on: ") == true)
    let csv = await ProgramRun.run(Self.sweep + ["--shard", "2/2", "--format", "csv"])
    #expect(csv.output.count == 2)
    #expect(csv.output.last?.hasPrefix("1,idle,2,") == true && csv.output.last?.hasSuffix(",2/2") == true)
  }

  /// A shard that holds no run is refused (kept or streamed), rather than printing an empty table as
  /// if it were a result.
  @Test(arguments: [["--format", "table"], ["--format", "jsonl"], ["--format", "csv"]])
  func anEmptyShardIsRefused(format: [String]) async {
    let run = await ProgramRun.run(Self.sweep + ["--shard", "5/5"] + format)
    #expect(run.status == .usage)
    #expect(run.output.isEmpty)
    #expect(
      run.errors == [
        "error: --shard 5/5 holds no run: the sweep has 3 runs (3 seeds × 1 variant), so only shards 1 to 3 "
          + "of 5 hold any; split it into at most 3 shards, --shard K/3 or fewer"
      ])
  }

  /// The merged shards print the whole sweep's table and CSV, provenance included.
  @Test func mergedShardsSayWhatTheWholeSweepSays() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    for k in 1...2 {
      let shard = await ProgramRun.run(
        Self.sweep + ["--shard", "\(k)/2", "--format", "jsonl"], in: folder.url)
      try folder.write(shard.output.joined(separator: "\n") + "\n", to: "s\(k).jsonl")
    }
    for format in ["table", "csv"] {
      let merged = await ProgramRun.run(
        ["simulate", "merge", "s1.jsonl", "s2.jsonl", "--format", format], in: folder.url)
      let whole = await ProgramRun.run(Self.sweep + ["--format", format], in: folder.url)
      #expect(merged.status == .success && whole.status == .success)
      #expect(
        merged.output.joined(separator: "\n") == whole.output.joined(separator: "\n"), "\(format)")
    }
  }

  /// The words a POSIX shell reads from `line`.
  static func shellWords(_ line: String) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "printf '%s\\0' " + line]
    let result = try ChildProcess.run(process, input: "")
    return result.output.split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  /// The `sweep:` line is the command that plays the sweep again, as a shell reads it: a list of
  /// products as `--owned` reads it (`charts,hold`, not the variant name's `charts+hold`), the
  /// StoreKit file played, and each value that holds a space, a quote or a glob character quoted.
  @Test func theSweepLinePlaysTheSweepAgain() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try FileManager.default.copyItem(
      at: Fixtures.storeKitFile, to: folder.url.appendingPathComponent("my shop.storekit"))
    let sweep = [
      "simulate", "--seeds", "1-2", "--strategy", "idle", "--owned", "charts,hold", "--set",
      "routes[1].places[0].name=Kelp's Shallows", "--storekit", "my shop.storekit", "--until", "time:1h",
    ]
    // The folder as a directory URL: the StoreKit file's relative path is resolved against it.
    let here = URL(fileURLWithPath: folder.url.path, isDirectory: true)
    let first = await ProgramRun.run(sweep, in: here)
    #expect(first.status == .success, "\(first.errors)")
    let lines = first.output.joined(separator: "\n").split(separator: "\n").map(String.init)
    let line = try #require(lines.first { $0.hasPrefix("sweep: ") })
    #expect(
      line
        == "sweep: quietplaces simulate --seeds 1-2 --strategy idle --bearings-at 0.5 --atlas on --supplies bridge "
        + "--sessions always --owned charts,hold --set 'routes[1].places[0].name=Kelp'\\''s Shallows' "
        + "--until time:1h --limit 3652d12h --storekit 'my shop.storekit'")
    let words = try Self.shellWords(String(line.dropFirst("sweep: ".count)))
    #expect(words.first == "quietplaces")
    let again = await ProgramRun.run(Array(words.dropFirst()), in: here)
    #expect(again.status == .success)
    #expect(again.output == first.output)
    #expect(again.errors == first.errors)
  }
}
