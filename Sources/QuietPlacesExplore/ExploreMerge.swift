import FoundationEssentials
import QuietPlacesInvariants
import QuietPlacesUtilities

/// `quietplaces explore merge FILE…`: the JSON Lines of an exploration's shards combined into
/// exactly what the whole exploration prints.
public enum ExploreMerge {
  /// Combines the files' records (`files` pairs each file's name with its text); the text or JSON
  /// Lines of the whole exploration, and whether it found anything.
  public static func merge(
    _ files: [(name: String, text: String)], format: ExploreOptions.Format
  ) throws(ExploreError) -> Explorer.Outcome {
    let decoder = JSONDecoder()
    var header: (name: String, record: ExploreHeader)?
    // A timed exploration's count of runs, from its last record.
    var end: Int?
    var runs: [Int: RunRecord] = [:]
    var findings: [String: Finding] = [:]
    // Which file each run came from: a run read twice would count its finding twice.
    var sources: [Int: String] = [:]
    var names: Set<String> = []
    for (name, _) in files where !names.insert(name).inserted { throw .mergeFileTwice(name) }
    for (name, text) in files {
      // The file's own header: each shard's file starts with one, and its runs are the shard's.
      var fileHeader: ExploreHeader?
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
        let data = Data(line.utf8)
        struct Kind: Decodable { var type: String }
        guard let kind = try? decoder.decode(Kind.self, from: data) else {
          throw .mergeFile(name, reason: "line \(number + 1) is not a record of explore --format jsonl")
        }
        do {
          switch kind.type {
          case "explore":
            let record = try decoder.decode(ExploreHeader.self, from: data)
            if let header, header.record.playedOn != record.playedOn {
              throw ExploreError.mergePlayedOn(
                header.name, header.record.playedOn, name, record.playedOn)
            }
            if let header, header.record.generatorRevision != record.generatorRevision {
              throw ExploreError.mergeGenerator(
                header.name, header.record.generatorRevision, name, record.generatorRevision)
            }
            if let header, !header.record.sameExploration(as: record) {
              throw ExploreError.mergeMismatch(header.name, name)
            }
            if header == nil { header = (name, record) }
            guard fileHeader == nil else {
              throw ExploreError.mergeFile(
                name,
                reason: "line \(number + 1) is a second header; a shard's file has one, on its first line")
            }
            fileHeader = record
          case "run":
            let record = try decoder.decode(RunRecord.self, from: data)
            try Self.check(run: record.run, seed: record.seed, line: number + 1, of: name, under: fileHeader)
            // A run plays --steps steps, or fewer when an invariant broke (the run stops there).
            if let steps = fileHeader?.steps,
              record.steps > steps || (record.broken == nil && record.steps != steps)
            {
              throw ExploreError.mergeFile(
                name,
                reason:
                  "line \(number + 1): run \(record.run) played \(record.steps) steps and the exploration's "
                  + "runs play --steps \(steps) (fewer only when an invariant breaks): it is a run of another exploration"
              )
            }
            if let first = sources[record.run] {
              throw ExploreError.mergeRunTwice(run: record.run, first: first, second: name)
            }
            sources[record.run] = name
            runs[record.run] = record
          case "end":
            try Self.check(line: number + 1, of: name, under: fileHeader)
            end = try decoder.decode(ExploreEndRecord.self, from: data).runs
          case "interrupted":
            let record = try decoder.decode(ExploreInterruptedRecord.self, from: data)
            throw ExploreError.mergeInterrupted(name, by: record.by, lastRun: record.lastRun)
          case "finding":
            let finding = try decoder.decode(Finding.self, from: data)
            try Self.check(
              run: finding.run, seed: finding.seed, line: number + 1, of: name, under: fileHeader)
            if let kept = findings[finding.invariant], kept.run < finding.run {
              findings[finding.invariant]?.otherRuns += 1 + finding.otherRuns
            } else {
              let others = findings[finding.invariant].map { 1 + $0.otherRuns } ?? 0
              var earliest = finding
              earliest.otherRuns += others
              findings[finding.invariant] = earliest
            }
          default:
            throw ExploreError.mergeFile(
              name, reason: "line \(number + 1) is a record of type '\(kind.type)'")
          }
        } catch let error as ExploreError {
          throw error
        } catch {
          throw .mergeFile(name, reason: "line \(number + 1) is not a record of explore --format jsonl")
        }
      }
    }
    guard var whole = header?.record else {
      throw .mergeFile(files.first?.name ?? "(no file)", reason: "it holds no exploration")
    }
    guard let count = whole.runs ?? end else {
      throw .mergeFile(
        header?.name ?? "(no file)",
        reason: "it ends before its last record, which counts the runs of a timed exploration (--for): "
          + "the exploration was cut short (its process killed?), so its runs are not a whole exploration")
    }
    let missing = (1...max(1, count)).filter { runs[$0] == nil }
    guard missing.isEmpty else { throw .mergeMissing(runs: missing, of: count) }
    whole.shard = "1/1"
    let order = Invariant.allCases.map(\.name) + whole.invariants.map { "'\($0)'" }
    let report = ExploreReport(
      header: whole, runs: (1...count).compactMap { runs[$0] },
      findings: order.compactMap { findings[$0] })
    return Explorer.Outcome(output: format == .jsonl ? report.jsonl : report.text, found: !findings.isEmpty)
  }

  /// Refuses a record (on line `line` of `file`) before its file's header: the header says which
  /// exploration and shard the file's runs belong to.
  static func check(line: Int, of file: String, under header: ExploreHeader?) throws(ExploreError) {
    guard header == nil else { return }
    throw .mergeFile(
      file,
      reason: "line \(line) comes before the file's header (a record of type 'explore'), with which the file "
        + "of every shard starts")
  }

  /// Refuses a run (or its finding) that is not the exploration's run `run`: another seed than the
  /// one the header's seed gives that run, or a run of another shard than the file's.
  static func check(
    run: Int, seed: UInt64, line: Int, of file: String, under header: ExploreHeader?
  ) throws(ExploreError) {
    try check(line: line, of: file, under: header)
    guard let header else { return }
    let expected = ExploreContext.runSeed(header.seed, run: run)
    guard seed == expected else {
      throw .mergeFile(
        file,
        reason: "line \(line): run \(run) has the seed \(seed), but run \(run) of the exploration of --seed "
          + "\(header.seed) has the seed \(expected): it is a run of another exploration")
    }
    if let shard = Shard(header.shard), run < 1 || !shard.contains(run - 1) {
      throw .mergeFile(
        file, reason: "line \(line): run \(run) is not a run of shard \(header.shard), which its header names"
      )
    }
  }
}
