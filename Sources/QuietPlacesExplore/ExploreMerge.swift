import FoundationEssentials
import QuietPlacesInvariants

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
          case "run":
            let record = try decoder.decode(RunRecord.self, from: data)
            if let first = sources[record.run] {
              throw ExploreError.mergeRunTwice(run: record.run, first: first, second: name)
            }
            sources[record.run] = name
            runs[record.run] = record
          case "end":
            end = try decoder.decode(ExploreEndRecord.self, from: data).runs
          case "interrupted":
            let record = try decoder.decode(ExploreInterruptedRecord.self, from: data)
            throw ExploreError.mergeInterrupted(name, by: record.by, lastRun: record.lastRun)
          case "finding":
            let finding = try decoder.decode(Finding.self, from: data)
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
}
