import Foundation
import QuietPlacesREPL
import QuietPlacesTestSupport
import QuietPlacesUtilities
import Synchronization
import Testing

@testable import QuietPlacesExplore

/// The explorer's output depends only on its arguments: not on `--jobs`, not on shards merged.
@Suite(.serialized) struct ExplorerTests {
  let environment = TestSessions.environment(saveDirectory: FileManager.default.temporaryDirectory)

  func explore(
    stopRequested: @escaping @Sendable () -> String? = { nil }, stream: ((String) -> Void)? = nil,
    errors: @escaping @Sendable (String) -> Void = { _ in }, _ change: (inout ExploreOptions) -> Void
  ) async throws -> Explorer.Outcome {
    var options = ExploreOptions()
    options.runs = 12
    options.steps = 25
    options.seed = 5
    options.findings =
      FileManager.default.temporaryDirectory.appendingPathComponent("explore-tests-\(UUID())").path
    change(&options)
    let explorer = try await Explorer.make(
      options, rules: rules, storeKit: storeKit, environment: environment)
    return await explorer.run(errors: errors, progress: false, stopRequested: stopRequested, stream: stream)
  }

  /// A stop request answering true from its `after + 1`th question on: the explorer asks once
  /// before each run starts.
  static func stop(after questions: Int, by cause: String = "Ctrl-C (SIGINT)") -> @Sendable () -> String? {
    let asked = Mutex(0)
    return {
      asked.withLock {
        $0 += 1
        return $0 > questions ? cause : nil
      }
    }
  }

  /// A Ctrl-C stops the runs: those started finish, and the report is theirs, saying so. Five runs
  /// then report what `--runs 5` reports, but for the line that says they were interrupted.
  @Test(arguments: [1, 2]) func aStopRequestReportsTheRunsPlayed(jobs: Int) async throws {
    let stopped = try await explore(stopRequested: Self.stop(after: 5)) { $0.jobs = jobs }
    let five = try await explore { $0.runs = 5 }
    #expect(stopped.interrupted && !five.interrupted)
    let line =
      "interrupted by Ctrl-C (SIGINT): 5 runs played of the 12 runs asked for; the rest were not played, and "
      + "this report counts only those played"
    #expect(stopped.output.hasPrefix("5 runs, "))
    var lines = Explorer.lines(stopped.output)
    #expect(lines[2] == line)
    lines.remove(at: 2)
    #expect(lines == Explorer.lines(five.output))
    // Timed runs say what they were given.
    let timed = try await explore(stopRequested: Self.stop(after: 3, by: "SIGTERM")) { $0.duration = 3600 }
    #expect(timed.interrupted)
    #expect(
      Explorer.lines(timed.output)[2]
        == "interrupted by SIGTERM: 3 runs played before the end of --for 3600 s; the rest were not "
        + "played, and this report counts only those played")
    // A request before the first run: nothing played, and said.
    let none = try await explore(stopRequested: { "SIGTERM" }) { $0.jobs = jobs }
    #expect(none.interrupted && none.output.hasPrefix("0 runs, 0 steps, 0 checks\n"))
  }

  /// JSON Lines stream as the runs end: the header, then each run in order, the same lines as when
  /// they are printed at the end. A timed exploration's header does not count its runs (it is
  /// written before them); its last record does.
  @Test func jsonLinesStreamAsTheRunsEnd() async throws {
    let whole = try await explore {
      $0.format = .jsonl
      $0.jobs = 2
    }
    let streamed = Mutex<[String]>([])
    let rest = try await explore(stream: { line in streamed.withLock { $0.append(line) } }) {
      $0.format = .jsonl
      $0.jobs = 2
    }
    let lines = streamed.withLock { $0 }
    #expect(lines.count == 13)
    #expect(lines + Explorer.lines(rest.output) == Explorer.lines(whole.output))
    let timedStream = Mutex<[String]>([])
    let timed = try await explore(stream: { line in timedStream.withLock { $0.append(line) } }) {
      $0.format = .jsonl
      $0.duration = 1
    }
    let timedLines = timedStream.withLock { $0 }
    let timedHeader = try #require(timedLines.first)
    #expect(timedHeader.hasPrefix(#"{"commands":"#) && timedHeader.contains(#""seconds":1,"#))
    #expect(!timedHeader.contains(#""runs":"#))
    #expect(timedLines.count >= 2 && timedLines.dropFirst().allSatisfy { $0.hasSuffix(#""type":"run"}"#) })
    #expect(Explorer.lines(timed.output) == [#"{"runs":\#(timedLines.count - 1),"type":"end"}"#])
    // A stop while streaming ends the lines with what stopped it.
    let stopped = try await explore(stopRequested: Self.stop(after: 3, by: "standard output closing")) {
      $0.format = .jsonl
    }
    #expect(
      Explorer.lines(stopped.output).last
        == #"{"by":"standard output closing","lastRun":3,"planned":12,"played":3,"type":"interrupted"}"#)
  }

  /// The JSON Lines of an interrupted exploration lack runs: `explore merge` names why, rather than
  /// calling them missing or of another exploration.
  @Test func anInterruptedShardIsNotMerged() async throws {
    let shard = try await explore(stopRequested: Self.stop(after: 2)) {
      $0.format = .jsonl
      $0.shardIndex = 1
      $0.shardCount = 3
    }
    #expect(shard.output.hasPrefix(#"{"commands":"#))
    #expect(
      Explorer.lines(shard.output).last
        == #"{"by":"Ctrl-C (SIGINT)","lastRun":5,"planned":12,"played":2,"type":"interrupted"}"#)
    let error = ExploreError.mergeInterrupted("shard-2.jsonl", by: "Ctrl-C (SIGINT)", lastRun: 5)
    #expect(throws: error) {
      try ExploreMerge.merge([("shard-2.jsonl", shard.output)], format: .text)
    }
    #expect(
      error.message
        == "shard-2.jsonl is of an exploration stopped by Ctrl-C (SIGINT) after run 5, so it lacks the runs after "
        + "it; play that shard again to the end, then merge")
  }

  /// A timed exploration's JSON Lines merge into themselves (or its text report); cut before the
  /// last record that counts its runs (a process killed while it streamed), they are refused, not
  /// read as a whole exploration of the runs they hold.
  @Test func aTimedExplorationMergesOnlyWhole() async throws {
    let timed = try await explore {
      $0.format = .jsonl
      $0.duration = 1
    }
    #expect(try ExploreMerge.merge([("timed.jsonl", timed.output)], format: .jsonl).output == timed.output)
    let report = try ExploreMerge.merge([("timed.jsonl", timed.output)], format: .text).output
    let runs = Explorer.lines(timed.output).count - 2
    #expect(report.hasPrefix("\(runs.withThousandsSeparators) runs, "))
    let cut = Explorer.lines(timed.output).dropLast().joined(separator: "\n")
    #expect(throws: ExploreError.self) { try ExploreMerge.merge([("cut.jsonl", cut)], format: .text) }
  }

  /// The runs the benchmark times play the same lines, in run order, on one job or two.
  @Test func playedLinesAreTheSameWhateverTheJobs() async throws {
    var options = ExploreOptions()
    options.runs = 8
    options.steps = 15
    options.findings =
      FileManager.default.temporaryDirectory.appendingPathComponent("explore-tests-\(UUID())").path
    let explorer = try await Explorer.make(
      options, rules: rules, storeKit: storeKit, environment: environment)
    let one = await explorer.playedLines(runs: 8)
    #expect(one.count == 8 && one.allSatisfy { $0.first?.hasPrefix("new --seed ") == true && $0.count > 1 })
    #expect(await explorer.playedLines(runs: 8, jobs: 2) == one)
  }

  @Test func theOutputIsTheSameWhateverTheJobs() async throws {
    let one = try await explore { $0.jobs = 1 }
    let two = try await explore { $0.jobs = 2 }
    #expect(one.output == two.output)
    #expect(one.output.hasPrefix("12 runs, "))
  }

  @Test func shardsMergeIntoWhatOneRunPrints() async throws {
    let whole = try await explore { $0.jobs = 2 }
    var shards: [(name: String, text: String)] = []
    for index in 0..<3 {
      let shard = try await explore {
        $0.format = .jsonl
        $0.shardIndex = index
        $0.shardCount = 3
      }
      shards.append(("shard-\(index + 1).jsonl", shard.output))
    }
    #expect(try ExploreMerge.merge(shards, format: .text).output == whole.output)
    let missing = Array(shards.dropLast())
    #expect(throws: ExploreError.mergeMissing(runs: [3, 6, 9, 12], of: 12)) {
      try ExploreMerge.merge(missing, format: .text)
    }
    // A shard read twice would count its runs' findings twice ("1 other run broke it too"): refused,
    // whether the same name is given twice, the file under another name, or its lines twice over.
    #expect(throws: ExploreError.mergeFileTwice("shard-1.jsonl")) {
      try ExploreMerge.merge(shards + [shards[0]], format: .text)
    }
    #expect(throws: ExploreError.mergeRunTwice(run: 1, first: "shard-1.jsonl", second: "./shard-1.jsonl")) {
      try ExploreMerge.merge(shards + [("./shard-1.jsonl", shards[0].text)], format: .text)
    }
    let doubled = [("shard-1.jsonl", shards[0].text + shards[0].text)] + shards.dropFirst()
    let headerLines = shards[0].text.split(separator: "\n").count
    #expect(
      throws: ExploreError.mergeFile(
        "shard-1.jsonl",
        reason: "line \(headerLines + 1) is a second header; a shard's file has one, on its first line")
    ) {
      try ExploreMerge.merge(doubled, format: .text)
    }
  }

  /// A shard's report says below its totals which of the exploration's runs it holds, by the numbers
  /// its findings cite, so that it is never read as the whole exploration; shard 1 of 1 is the whole
  /// one, and says nothing of shards.
  @Test func aShardsReportSaysItIsOne() async throws {
    func secondLine(_ k: Int, of n: Int) async throws -> String {
      let outcome = try await explore {
        $0.steps = 5
        $0.shardIndex = k - 1
        $0.shardCount = n
      }
      return String(outcome.output.split(separator: "\n")[1])
    }
    let merge =
      " of the exploration's 12; not the whole exploration (explore merge joins the shards' --format jsonl)"
    #expect(try await secondLine(2, of: 3) == "shard 2 of 3: runs 2, 5, 8, …, 11 (one in 3), 4" + merge)
    #expect(try await secondLine(5, of: 8) == "shard 5 of 8: run 5, 1" + merge)
    #expect(try await secondLine(4, of: 5) == "shard 4 of 5: runs 4 and 9, 2" + merge)
    #expect(try await secondLine(1, of: 1).hasPrefix("seed 5, "))
    #expect(
      ExploreError.emptyShard(Shard(index: 2, count: 3), runs: 2).message
        == "--shard 3/3 holds no run: the exploration has 2 runs, so only shards 1 to 2 of 3 hold any; split it "
        + "into at most 2 shards, --shard K/2 or fewer")
  }

  @Test func aStudiosInvariantIsCheckedAfterEveryStep() async throws {
    let outcome = try await explore { $0.invariants = ["postmarks >= 0"] }
    let lines = outcome.output.split(separator: "\n").map(String.init)
    // `12 runs, N steps, K checks`: the expression is checked once a step, as each cheap invariant is,
    // and once on each run's new game before its first step.
    let steps = try #require(lines.first?.split(separator: " ").dropFirst(2).first)
    let count = try #require(Int(steps.replacingOccurrences(of: ",", with: "")))
    let row = try #require(lines.first { $0.hasPrefix("  'postmarks >= 0'") })
    #expect(row.hasSuffix(" \((count + 12).withThousandsSeparators)"))
    let ledger = try #require(lines.first { $0.hasPrefix("  postmarks.ledger") })
    #expect(ledger.hasSuffix(" \(steps)"))
    #expect(!outcome.found)
  }

  /// A property the new game already breaks is found before any step: its script is the new game
  /// alone, not the new game and whichever step happened to come first.
  @Test func aPropertyTheNewGameBreaksIsFoundBeforeAnyStep() async throws {
    let outcome = try await explore {
      $0.runs = 2
      $0.invariants = ["postmarks >= 1"]
    }
    #expect(outcome.found)
    #expect(outcome.output.contains("broken in run 1 (seed "))
    #expect(outcome.output.contains("), before its first step; 1 other run broke it too"))
    let shrunk = try #require(outcome.output.split(separator: "\n").first { $0.hasPrefix("  shrunk to ") })
    #expect(shrunk.hasPrefix("  shrunk to 1 command: new --seed ") && !shrunk.contains(";"))
    #expect(outcome.output.hasPrefix("2 runs, 0 steps, "))
  }

  /// A stop once every run is played cuts the shrinking short: the finding keeps the fewest steps
  /// found so far (which break it too), says that they may not be the fewest, and the outcome is an
  /// interrupted one; the runs themselves were all played, so no line says otherwise.
  @Test func aStopWhileShrinkingKeepsTheShortestSoFar() async throws {
    // Seed 7's one run breaks it after 15 steps; shrunk, 3 steps do.
    func options(_ options: inout ExploreOptions) {
      options.runs = 1
      options.seed = 7
      options.invariants = ["discoveries <= 50"]
    }
    let whole = try await explore(options)
    // One ask before the run, then one before each replay: stopped before the third replay.
    let stopped = try await explore(stopRequested: Self.stop(after: 3, by: "SIGTERM"), options)
    #expect(whole.found && stopped.found)
    #expect(!whole.interrupted && stopped.interrupted)
    func shrunk(_ outcome: Explorer.Outcome) throws -> String {
      try #require(Explorer.lines(outcome.output).first { $0.hasPrefix("  shrunk to ") })
    }
    let line = try shrunk(stopped)
    #expect(line.contains(" (shrinking stopped by SIGTERM: perhaps not the fewest): new --seed "))
    #expect(!(try shrunk(whole)).contains("shrinking stopped"))
    let count = { (line: String) in Int(line.split(separator: " ")[2]) ?? 0 }
    #expect(count(line) > count(try shrunk(whole)))
    #expect(!stopped.output.contains("interrupted by"))
  }

  /// A bad option, by what it changes.
  enum BadOption: CaseIterable, Sendable {
    case noRuns, negativeSteps, unknownCommand, nothingLeft, findingsNotAFolder, findingsCannotBeMade
    case repeatedInvariant, emptyShard

    func apply(_ options: inout ExploreOptions) {
      switch self {
      case .noRuns: options.runs = 0
      case .negativeSteps: options.steps = -1
      case .unknownCommand: options.only = ["buy", "stor approve"]
      case .nothingLeft:
        options.only = ["buy"]
        options.without = ["buy"]
      case .findingsNotAFolder: options.findings = "/dev/null"
      // `/proc` refuses new files to everyone, an administrator too, whatever `access` says.
      case .findingsCannotBeMade: options.findings = "/proc/quietplaces/findings"
      // Checked twice and counted twice under one name, were it not refused.
      case .repeatedInvariant: options.invariants = ["postmarks >= 0", "knowledge >= 0", "postmarks >= 0"]
      // Shard 13 of 13 of 12 runs: it would print a report of nothing, as if it were a result.
      case .emptyShard:
        options.shardIndex = 12
        options.shardCount = 13
      }
    }

    var error: ExploreError {
      switch self {
      case .noRuns: .runs(0)
      case .negativeSteps: .steps(-1)
      case .unknownCommand: .unknownStep("stor approve", suggestion: "store approve")
      case .nothingLeft: .nothingToPlay
      case .findingsNotAFolder: .findingsFolder("/dev/null", reason: "it is not a folder")
      case .findingsCannotBeMade:
        .findingsFolder(
          "/proc/quietplaces/findings",
          reason: "it cannot be made (/proc is not a folder that can be written)")
      case .repeatedInvariant: .repeatedInvariant("postmarks >= 0")
      case .emptyShard: .emptyShard(Shard(index: 12, count: 13), runs: 12)
      }
    }
  }

  @Test(arguments: BadOption.allCases)
  func refusesBadOptions(bad: BadOption) async {
    await #expect(throws: bad.error) { try await explore(bad.apply) }
  }

  /// On a terminal, a progress line is rewritten in place, whether the runs are counted or timed; it
  /// is cleared before the timings' line.
  @Test(arguments: [false, true]) func progressIsToldForCountedAndTimedRuns(timed: Bool) async throws {
    var options = ExploreOptions()
    options.steps = 20
    if timed { options.duration = 1 } else { options.runs = 60 }
    options.findings =
      FileManager.default.temporaryDirectory.appendingPathComponent("explore-tests-\(UUID())").path
    let explorer = try await Explorer.make(
      options, rules: rules, storeKit: storeKit, environment: environment)
    let told = Mutex<[String]>([])
    _ = await explorer.run(errors: { line in told.withLock { $0.append(line) } }, progress: true)
    let lines = told.withLock { $0 }
    let progress = lines.filter { $0.hasPrefix("\r\u{1B}[Kexplore: run ") }
    #expect(!progress.isEmpty)
    let of = timed ? " at " : " of 60, "
    #expect(progress.allSatisfy { $0.contains(of) && $0.hasSuffix(" broken") })
    if timed { #expect(progress.allSatisfy { $0.contains(" s of 1 s, ") }) }
    let cleared = try #require(lines.firstIndex(of: "\r\u{1B}[K"))
    #expect(lines[cleared + 1].hasPrefix("explore: "))
  }

  @Test func aFindingWhoseScriptCannotBeWrittenIsReportedAllTheSame() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("explore-tests-\(UUID())")
    var options = ExploreOptions()
    options.runs = 2
    options.steps = 3
    options.findings = folder.path
    options.invariants = ["postmarks < 0"]
    let explorer = try await Explorer.make(
      options, rules: rules, storeKit: storeKit, environment: environment)
    // The folder was fine when the exploration began, and is a file by the time it ends.
    try Data().write(to: folder)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = await explorer.run(errors: { _ in }, progress: false)

    #expect(outcome.found)
    #expect(outcome.output.contains("finding: 'postmarks < 0' broken in run 1"))
    #expect(outcome.output.contains("  not written: \(folder.path): a finding could not be written ("))
    #expect(outcome.notWritten.count == 1)
    #expect(outcome.notWritten.first?.hasPrefix("\(folder.path): a finding could not be written (") == true)
  }

  /// A finding replaces an earlier finding of its name (explore is run again and again), but a
  /// file of that name that explore did not write stays as it was, and the report says why the
  /// finding is not beside it.
  @Test func aFindingReplacesAnEarlierFindingButNotAScriptWrittenByHand() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var options = ExploreOptions()
    options.runs = 2
    options.steps = 3
    options.findings = folder.url.path
    options.invariants = ["postmarks < 0"]
    let file = folder.url.appendingPathComponent("invariant-1.qp")
    let explorer = try await Explorer.make(
      options, rules: rules, storeKit: storeKit, environment: environment)

    _ = try folder.write("# Found by quietplaces explore --seed 9: an earlier one\n", to: "invariant-1.qp")
    let again = await explorer.run(errors: { _ in }, progress: false)
    #expect(again.found && again.notWritten.isEmpty)
    #expect(try String(contentsOf: file, encoding: .utf8).contains("'postmarks < 0' broken in run 1"))

    let mine = "# Postmarks never go below zero: written by hand\n> check\n"
    _ = try folder.write(mine, to: "invariant-1.qp")
    let kept = await explorer.run(errors: { _ in }, progress: false)
    #expect(kept.found)
    #expect(try String(contentsOf: file, encoding: .utf8) == mine)
    #expect(
      kept.notWritten == [
        "\(file.path): a finding could not be written (not replaced: the file there is not a finding that "
          + "explore wrote (its first line is not '# Found by quietplaces explore…'); remove it first or give "
          + "another name)"
      ])
  }

  /// What the exploration played on is printed, and shards played on other files are not merged.
  @Test func shardsPlayedOnOtherFilesAreNotMerged() async throws {
    let these = "balance 05a22b6106da, storekit 239f96d8d328, price-formats c81bb912c77c"
    func shard(_ k: Int, playedOn: String?) async throws -> (name: String, text: String) {
      let outcome = try await explore {
        $0.runs = 4
        $0.format = .jsonl
        $0.shardIndex = k - 1
        $0.shardCount = 2
        $0.playedOn = playedOn
      }
      return ("shard-\(k).jsonl", outcome.output)
    }
    let first = try await shard(1, playedOn: these)
    let merged = try ExploreMerge.merge([first, try await shard(2, playedOn: these)], format: .text)
    #expect(merged.output.split(separator: "\n").contains { $0 == "played on \(these)" })
    let other = "balance 0123456789ab, storekit 239f96d8d328, price-formats c81bb912c77c"
    let second = try await shard(2, playedOn: other)
    #expect(throws: ExploreError.mergePlayedOn("shard-1.jsonl", these, "shard-2.jsonl", other)) {
      try ExploreMerge.merge([first, second], format: .text)
    }
  }

  /// Run records are the exploration's own: a file starts with its header, each run has the seed
  /// the header's seed gives its number, belongs to the file's shard and plays --steps steps (fewer
  /// only when it broke an invariant). Records of another exploration under a copied header, or
  /// without one, were merged into a report that claimed the header's seed.
  @Test func runsOfAnotherExplorationAreNotMerged() async throws {
    func shard(_ k: Int, seed: UInt64 = 1, steps: Int = 12) async throws -> [String] {
      let outcome = try await explore {
        $0.runs = 6
        $0.seed = seed
        $0.steps = steps
        $0.format = .jsonl
        $0.shardIndex = k - 1
        $0.shardCount = 2
      }
      return outcome.output.split(separator: "\n").map(String.init)
    }
    let first = try await shard(1)
    let second = try await shard(2)
    func text(_ lines: [String]) -> String { lines.joined(separator: "\n") + "\n" }
    _ = try ExploreMerge.merge([("1.jsonl", text(first)), ("2.jsonl", text(second))], format: .text)
    func refusal(_ lines: [String]) -> String? {
      do {
        _ = try ExploreMerge.merge([("1.jsonl", text(lines)), ("2.jsonl", text(second))], format: .text)
        return nil
      } catch {
        guard case .mergeFile("1.jsonl", let reason) = error else { return "\(error)" }
        return reason
      }
    }
    let otherSeed = try await shard(1, seed: 2)
    let seed = ExploreContext.runSeed(1, run: 1)
    #expect(
      refusal([first[0]] + otherSeed.dropFirst())
        == "line 2: run 1 has the seed \(ExploreContext.runSeed(2, run: 1)), but run 1 of the exploration of "
        + "--seed 1 has the seed \(seed): it is a run of another exploration")
    let fewerSteps = try await shard(1, steps: 5)
    #expect(refusal([first[0]] + fewerSteps.dropFirst())?.hasPrefix("line 2: run 1 played ") == true)
    #expect(
      refusal(Array(first.dropFirst()))
        == "line 1 comes before the file's header (a record of type 'explore'), with which the file of every "
        + "shard starts")
    #expect(
      refusal([first[0]] + second.dropFirst())
        == "line 2: run 2 is not a run of shard 1/2, which its header names")
  }

  /// Shards drawn by another revision of the step generator (an older build: the same seed drew
  /// other steps) are refused by the merge, naming both revisions; a file that does not say its
  /// revision is of revision 1.
  @Test func shardsOfAnotherGeneratorAreNotMerged() async throws {
    func shard(_ k: Int) async throws -> (String, String) {
      let outcome = try await explore {
        $0.runs = 4
        $0.format = .jsonl
        $0.shardIndex = k - 1
        $0.shardCount = 2
      }
      return ("shard-\(k).jsonl", outcome.output)
    }
    let first = try await shard(1)
    let second = try await shard(2)
    #expect(first.1.hasPrefix("{") && first.1.contains(#""generator":\#(StepGenerator.revision)"#))
    _ = try ExploreMerge.merge([first, second], format: .text)
    let older = (
      second.0, second.1.replacingOccurrences(of: #","generator":\#(StepGenerator.revision)"#, with: "")
    )
    #expect(older.1 != second.1)
    #expect(throws: ExploreError.mergeGenerator("shard-1.jsonl", StepGenerator.revision, "shard-2.jsonl", 1))
    {
      try ExploreMerge.merge([first, older], format: .text)
    }
  }

  /// Standard error's last line says how many findings were shrunk, and that there was none to
  /// shrink when there was none (not that none was shrunk in 0.00 s).
  @Test func theTimingLineSaysWhatWasShrunk() async throws {
    let said = Mutex<[String]>([])
    let record: @Sendable (String) -> Void = { line in said.withLock { $0.append(line) } }
    _ = try await explore(errors: record) { $0.runs = 2 }
    #expect(said.withLock { $0.last?.hasSuffix("; no finding to shrink\n") == true })
    said.withLock { $0 = [] }
    _ = try await explore(errors: record) {
      $0.runs = 2
      $0.invariants = ["postmarks >= 1"]
    }
    let last = said.withLock { $0.last ?? "" }
    #expect(last.contains("; 1 finding shrunk in "), "\(last)")
  }

  /// The coverage table counts an illegal line refused as its command refused, and says beside the
  /// one row a simulated store cannot reach why it stays unreached.
  @Test func theCoverageTableCountsRefusalsByCommandAndSaysWhatCannotBeReached() async throws {
    // Of the 42 illegal lines, 3 are advance's: in 150 runs of 60 steps some are drawn.
    let outcome = try await explore {
      $0.runs = 150
      $0.steps = 60
      $0.seed = 1
    }
    let lines = outcome.output.split(separator: "\n").map(String.init)
    let advance = try #require(lines.first { $0.hasPrefix("  advance ") })
    #expect(!advance.hasSuffix("never reached"), "\(advance)")
    #expect(
      lines.contains {
        $0.hasPrefix("    revoked during a restore's read ")
          && $0.hasSuffix("never reached (the simulated store answers a read at once)")
      })
    #expect(lines.contains { $0.contains("advance 0s in advance") })
  }

  /// The report says which commands were drawn when `--only` or `--without` left some out.
  @Test func theReportNamesTheCommandsLeftOut() async throws {
    let whole = try await explore { $0.runs = 2 }
    #expect(!whole.output.contains("played "))
    let only = try await explore {
      $0.runs = 2
      $0.only = ["advance", "fault"]
    }
    let line = "played only fault save-fails, fault crash-before-save, fault crash-before-finish, advance"
    #expect(only.output.split(separator: "\n").contains { $0 == line })
    let without = try await explore {
      $0.runs = 2
      $0.without = ["advance"]
    }
    #expect(without.output.split(separator: "\n").contains { $0 == "played every command but advance" })
  }

  /// The illegal lines the explorer draws are refused with one `error:` line whether the app is
  /// open or closed; typed while a question waits, each but `y` cancels the question instead.
  @Test func illegalLinesAreRefusedAndCancelAQuestion() async throws {
    let explorer = try await Explorer.make(
      ExploreOptions(), findingsIn: FileManager.default.temporaryDirectory, rules: rules,
      storeKit: storeKit, environment: environment)
    for line in StepGenerator.illegalLines {
      for setUp in [[], ["close"]] {
        let session = try #require(await explorer.context.session(game: 3))
        for command in setUp { _ = await session.execute(command) }
        let answer = await session.execute(line)
        #expect(answer.count == 1 && answer[0].isError, "\(line) after \(setUp)")
        #expect(session.lastStep.refused, "\(line) after \(setUp)")
        await session.finish()
      }
      guard line != "y" else { continue }
      let session = try #require(await explorer.context.session(game: 3))
      _ = await session.execute("fresh-voyage")
      #expect(session.isAskingQuestion)
      let answer = await session.execute(line)
      // A line that names a command is also said not to have run.
      #expect(answer.first?.text == "Cancelled; nothing changed.", "\(line) while asked")
      #expect(answer.dropFirst().allSatisfy { $0.text.hasPrefix("warning: ") && !$0.isError }, "\(line)")
      #expect(!session.isAskingQuestion)
      await session.finish()
    }
  }
}
