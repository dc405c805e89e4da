import FoundationEssentials

/// Reads the JSON Lines of sweeps (the shards of one) back into runs, for `simulate merge`.
public enum SweepRecords {
  private struct Record: Decodable {
    var run: Int
    var variant: String
    var seed: UInt64
    var milestone: String?
    var reached: Bool?
    var seconds: Int64?
    var onlineSeconds: Int64?
    var decisions: Int?
    var spent: Double?
    var series: [String: [Double]]?
    var end: Int64?
    var runs: Int?

    enum CodingKeys: String, CodingKey {
      case run, variant, seed, milestone, reached, seconds, decisions, spent, series, end, runs
      case onlineSeconds = "online_seconds"
    }
  }

  /// The runs in these files, in run order; an error names a bad line, a run given twice, or the
  /// runs that are missing from the whole sweep.
  public static func merge(_ files: [(name: String, text: String)]) throws(LabError) -> [RunResult] {
    var byRun:
      [Int: (
        variant: String, seed: UInt64, outcomes: [MilestoneOutcome], series: Series?, end: Int64, total: Int
      )] = [:]
    var sources: [Int: String] = [:]
    let decoder = JSONDecoder()
    for file in files {
      for (number, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        if line.isEmpty { continue }
        let record: Record
        do {
          record = try decoder.decode(Record.self, from: Data(line.utf8))
        } catch {
          throw .notARecord(file: file.name, line: number + 1)
        }
        if let source = sources[record.run], source != file.name {
          throw .runInTwoFiles(run: record.run, first: source, second: file.name)
        }
        sources[record.run] = file.name
        var entry = byRun[record.run] ?? (record.variant, record.seed, [], nil, 0, 0)
        if let series = record.series {
          guard let seconds = series["seconds"], let end = record.end, let total = record.runs else {
            throw .seriesIncomplete(file: file.name, line: number + 1)
          }
          let values = Sample.metrics.map { series[$0] ?? [] }
          guard values.allSatisfy({ $0.count == seconds.count }) else {
            throw .seriesLengthsDiffer(file: file.name, line: number + 1)
          }
          entry.series = Series(seconds: seconds.map { Int64($0) }, values: values)
          entry.end = end
          entry.total = total
        } else {
          guard let name = record.milestone, let reached = record.reached, let seconds = record.seconds,
            let online = record.onlineSeconds, let decisions = record.decisions, let spent = record.spent
          else { throw .milestoneColumnsMissing(file: file.name, line: number + 1) }
          let milestone: Milestone
          do {
            milestone = try Milestone.parse(name)
          } catch {
            throw .recordMilestone(file: file.name, line: number + 1, error)
          }
          entry.outcomes.append(
            MilestoneOutcome(
              milestone: milestone, reached: reached, seconds: seconds, onlineSeconds: online,
              decisions: decisions,
              spent: spent))
        }
        byRun[record.run] = entry
      }
    }
    guard let total = byRun.values.first?.total else { throw .noRuns }
    let missing = (0..<total).filter { byRun[$0]?.series == nil }
    guard missing.isEmpty else {
      throw .runsMissing(total: total, missing: missing)
    }
    // Variants are numbered in order of first appearance in run order (the sweep's own order).
    var variantIndex: [String: Int] = [:]
    var results: [RunResult] = []
    for index in 0..<total {
      let entry = byRun[index]!
      if variantIndex[entry.variant] == nil { variantIndex[entry.variant] = variantIndex.count }
      results.append(
        RunResult(
          index: index, variant: entry.variant, variantIndex: variantIndex[entry.variant]!, seed: entry.seed,
          total: total, outcomes: entry.outcomes, seconds: entry.end, series: entry.series!))
    }
    return results
  }
}
