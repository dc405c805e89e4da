import Foundation
import QuietPlacesREPL
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesCommandLine

/// `quietplaces explore` as a tester runs it: small fixed-seed explorations, the same bytes whatever
/// `--jobs`, shards merged, a finding written as a script that fails under `quietplaces test`, and
/// one `error:` line with exit status 2 (and nothing written) for every bad option.
@Suite(.serialized) struct ExploreModeTests {
  static let small = ["explore", "--seed", "3", "--runs", "6", "--steps", "15"]

  @Test func theSameBytesWhateverTheJobs() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let findings = ["--findings", folder.url.path]
    let one = await ProgramRun.run(Self.small + findings + ["--jobs", "1"])
    let two = await ProgramRun.run(Self.small + findings + ["--jobs", "2"])
    #expect(one.status == .success && two.status == .success)
    #expect(one.output == two.output)
    // The summary's first line: runs, steps (at most runs × steps), checks (at least the ten cheap
    // invariants a step).
    let words = try #require(one.output.first).split(separator: " ")
    #expect(words.count == 6 && words[0] == "6" && words[1] == "runs,")
    let steps = try #require(Int(words[2].replacingOccurrences(of: ",", with: "")))
    let checks = try #require(Int(words[4].replacingOccurrences(of: ",", with: "")))
    #expect(steps <= 6 * 15 && checks >= 10 * steps)
    #expect(one.output.contains("findings: none"))
    // Timings go to standard error, never to standard output.
    #expect(one.errors.contains { $0.hasPrefix("explore: 6 runs, ") })
    // Which files were read goes there too, first, with the balance's fingerprint.
    let balance = ConfigurationProvenance.fingerprint(
      of: Fixtures.configurationFolder.appendingPathComponent("balance.json"))
    #expect(one.errors.first?.hasPrefix("configuration: ") == true)
    #expect(one.errors.first?.contains("balance \(balance)") == true)
    #expect(!one.output.contains { $0.contains("steps/s") })
  }

  /// `--for` with `--format jsonl` prints the header (its seconds, not a count of runs), each run,
  /// and a last record counting them; `explore merge` of those lines prints them again.
  @Test func aTimedExplorationsJSONLinesEndWithItsCount() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let timed = await ProgramRun.run([
      "explore", "--for", "1s", "--steps", "5", "--format", "jsonl", "--findings", folder.url.path,
    ])
    #expect(timed.status == .success)
    let header = try #require(timed.output.first)
    #expect(header.contains(#""seconds":1,"#) && !header.contains(#""runs":"#))
    #expect(timed.output.last == #"{"runs":\#(timed.output.count - 2),"type":"end"}"#)
    let file = folder.url.appendingPathComponent("timed.jsonl")
    try (timed.output.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
    let merged = await ProgramRun.run(["explore", "merge", "--format", "jsonl", file.path])
    #expect(merged.status == .success && merged.output == timed.output)
  }

  @Test func shardsMergeIntoWhatOneExplorationPrints() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let findings = ["--findings", folder.url.path]
    let whole = await ProgramRun.run(Self.small + findings)
    var files: [String] = []
    for shard in 1...2 {
      let run = await ProgramRun.run(Self.small + findings + ["--shard", "\(shard)/2", "--format", "jsonl"])
      #expect(run.status == .success)
      files.append(
        try folder.write(run.output.joined(separator: "\n") + "\n", to: "shard-\(shard).jsonl").path)
    }
    let merged = await ProgramRun.run(["explore", "merge"] + files)
    #expect(merged.status == .success)
    #expect(merged.output == whole.output)
    let missing = await ProgramRun.run(["explore", "merge", files[0]])
    #expect(missing.status == .usage && missing.errors.count == 1)
  }

  @Test func changedNumbersAreSaidInTheReportAndKeptByAMerge() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let findings = ["--findings", folder.url.path]
    let changed = Self.small + findings + ["--set", "events.survey.oneIn=3"]
    let whole = await ProgramRun.run(changed)
    #expect(whole.status == .success)
    // What was played on, by the files' fingerprints, then what changed it.
    let prints = try #require(whole.output.dropFirst(2).first)
    #expect(
      prints.hasPrefix("played on balance ") && prints.contains(", storekit ")
        && prints.contains(", price-formats "))
    #expect(
      whole.output.dropFirst(3).first
        == "played under --set events.survey.oneIn=3, not the Configuration's own")
    // The Configuration's own numbers say nothing more.
    let plain = await ProgramRun.run(Self.small + findings)
    #expect(!plain.output.contains { $0.hasPrefix("played under") })
    #expect(plain.output.dropFirst(2).first == prints)
    // Shards carry it, and a shard played under other numbers does not merge with them.
    var files: [String] = []
    for (shard, arguments) in [(1, changed), (2, changed), (2, Self.small + findings)] {
      let run = await ProgramRun.run(arguments + ["--shard", "\(shard)/2", "--format", "jsonl"])
      files.append(
        try folder.write(run.output.joined(separator: "\n") + "\n", to: "shard-\(files.count).jsonl").path)
    }
    let merged = await ProgramRun.run(["explore", "merge", files[0], files[1]])
    #expect(merged.output == whole.output)
    let mixed = await ProgramRun.run(["explore", "merge", files[0], files[2]])
    #expect(mixed.status == .usage && mixed.errors.count == 1)
  }

  @Test func aFindingIsAScriptThatFailsUntilFixed() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let run = await ProgramRun.run(
      ["explore", "--seed", "1", "--runs", "4", "--steps", "20", "--only", "buy,launch,advance"]
        + ["--invariant", "postmarks <= 50", "--findings", folder.url.path])
    #expect(run.status == .failure)
    let script = try folder.read("invariant-1.qp")
    let lines = script.split(separator: "\n").map(String.init)
    let commands = lines.filter { $0.hasPrefix("> ") }
    // The commands from a new game of the run's seed, then the check that fails until fixed.
    #expect(lines.first?.hasPrefix("# Found by quietplaces explore --seed 1 --runs 4 --steps 20") == true)
    // What it was played on, by the files' fingerprints, as the report says it.
    let playedOn = try #require(run.output.first { $0.hasPrefix("played on balance ") })
    #expect(lines.dropFirst().first == "# Played on \(playedOn.dropFirst("played on ".count)).")
    #expect(commands.first?.hasPrefix("> new --seed ") == true)
    #expect(commands.last == "> check --invariant 'postmarks <= 50'")
    #expect(lines.last == "invariant 'postmarks <= 50' holds")
    // Shrunk: one purchase of a pack is enough to hold more than 50 Postmarks.
    #expect(commands.count == 3)
    #expect(commands.dropFirst().first?.hasPrefix("> buy marks") == true)
    // The script and the report count the same commands: the new game and the one step.
    #expect(
      lines.contains {
        $0.hasPrefix("# Shrunk from ") && $0.contains(" steps to 2 commands: the run's new game and 1 step.")
      })
    #expect(run.output.contains { $0.hasPrefix("  shrunk to 2 commands: new --seed ") })
    // The header says what the run found and, when the shrunk steps break it otherwise, what this
    // script's own check finds (it said only the run's, which the script never shows).
    let found = try #require(run.output.first { $0.hasPrefix("  found: ") }).dropFirst("  found: ".count)
    if let shrunk = run.output.first(where: { $0.hasPrefix("  which breaks it so: ") }) {
      #expect(lines.contains("# found: \(found) (in the run)"))
      #expect(lines.contains("# this script finds: \(shrunk.dropFirst("  which breaks it so: ".count))"))
    } else {
      #expect(lines.contains("# found: \(found)"))
      #expect(!lines.contains { $0.hasPrefix("# this script finds: ") })
    }
    let test = await ProgramRun.run(["test", folder.url.appendingPathComponent("invariant-1.qp").path])
    #expect(test.status == .failure)
  }

  /// A finding made under `--set` replays under `quietplaces test` as explored: its `new` line sets
  /// the same numbers, so the script passes every line up to the final check and fails there
  /// (played on the Configuration's numbers, the pack granted 100, not 7, and it failed early).
  /// An expression with an apostrophe is written in double quotes, which `check` reads whole.
  @Test func aFindingUnderChangedNumbersReplaysUnderThem() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let run = await ProgramRun.run(
      ["explore", "--seed", "1", "--runs", "4", "--steps", "20", "--only", "buy,launch,advance"]
        + ["--set", "purchases.packPostmarks.marks100=7", "--set", "purchases.packPostmarks.marks550=9"]
        + ["--invariant", "postmarks <= 0 or nextPlace == 'x'", "--findings", folder.url.path])
    #expect(run.status == .failure)
    let lines = try folder.read("invariant-1.qp").split(separator: "\n").map(String.init)
    let commands = lines.filter { $0.hasPrefix("> ") }
    #expect(
      commands.first?.hasSuffix(
        " --set purchases.packPostmarks.marks100=7 --set purchases.packPostmarks.marks550=9") == true)
    #expect(commands.last == "> check --invariant \"postmarks <= 0 or nextPlace == 'x'\"")
    #expect(lines.last == "invariant 'postmarks <= 0 or nextPlace == 'x'' holds")
    let test = await ProgramRun.run(["test", folder.url.appendingPathComponent("invariant-1.qp").path])
    #expect(test.status == .failure)
    // Every line but the final check's matches: the diff starts at the expected `holds` line.
    let removed = test.output.filter { $0.hasPrefix("-") && !$0.hasPrefix("---") }
    #expect(removed == ["-invariant 'postmarks <= 0 or nextPlace == 'x'' holds"])
  }

  @Test(arguments: [
    ["--only", ","], ["--without", " , "], ["--only", "y"],
    ["--invariant", "postmarks <= 3", "--invariant", "postmarks<=3"],
    ["--runs", "0"], ["--steps", "-1"], ["--shard", "4/3"], ["--only", "buy,stor approve"],
    ["--findings", "/dev/null"], ["--findings", "/proc/quietplaces/findings"],
    ["--invariant", "postmarks <="],
    ["--runs", "3", "--for", "1m"],
    ["--set", "events.survey.oneIn=2", "--set", "events.survey.oneIn=3"],
    ["--invariant", "discoveries / scouts.hired >= 0"],
  ])
  func aBadOptionIsOneErrorLineAndWritesNothing(bad: [String]) async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let findings = folder.url.appendingPathComponent("findings")
    let arguments = bad.contains("--findings") ? bad : bad + ["--findings", findings.path]
    let run = await ProgramRun.run(["explore"] + arguments)
    #expect(run.status == .usage)
    #expect(run.output.isEmpty && run.errors.count == 1)
    #expect(run.errors.first?.hasPrefix("error: ") == true)
    #expect(!FileManager.default.fileExists(atPath: findings.path))
  }

  /// A `--findings` that is a link to nothing is refused before any run, saying so (it was found
  /// only at the end, as "file exists"); a folder where a finding's script goes is named as such.
  @Test func findingsThatCannotBeWrittenAreSaidRight() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let link = folder.url.appendingPathComponent("dangling")
    let target = folder.url.appendingPathComponent("nowhere")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    let run = await ProgramRun.run(
      [
        "explore", "--runs", "3", "--steps", "5", "--jobs", "1", "--invariant", "false", "--findings",
        link.path,
      ])
    #expect(run.status == .usage && run.output.isEmpty)
    #expect(
      run.errors == [
        "error: --findings \(link.path): it is a link to \(target.path), which does not exist; give a folder "
          + "that can be written (it is made if missing)"
      ])
    let findings = folder.url.appendingPathComponent("findings")
    try FileManager.default.createDirectory(
      at: findings.appendingPathComponent("invariant-1.qp"), withIntermediateDirectories: true)
    let blocked = await ProgramRun.run(
      [
        "explore", "--runs", "3", "--steps", "5", "--jobs", "1", "--invariant", "false", "--findings",
        findings.path,
      ])
    #expect(blocked.status == .failure)
    #expect(
      blocked.errors.contains(
        "error: \(findings.path)/invariant-1.qp: a finding could not be written (a folder of that name is there; "
          + "remove it or give another --findings)"))
  }

  /// Timed shards play as many runs as their time allows and would never merge: refused, saying how
  /// to split an exploration instead.
  @Test func aTimedExplorationIsNotSharded() async {
    let run = await ProgramRun.run(["explore", "--for", "1m", "--shard", "1/2"])
    #expect(run.status == .usage && run.output.isEmpty)
    #expect(
      run.errors == [
        "error: --for and --shard cannot go together; a timed shard plays as many runs as its time allows, "
          + "so shards would not merge into one exploration (to split one across machines, shard an "
          + "exploration of --runs), so leave out --shard"
      ])
  }
}
