import FoundationEssentials
import QuietPlacesGame

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
    var timeline: RunTimeline.Record?
    var dueSeconds: Int64?
    var playedOn: String?
    var sweep: [String: [String]]?

    enum CodingKeys: String, CodingKey {
      case run, variant, seed, milestone, reached, seconds, decisions, spent, series, end, runs, timeline,
        sweep
      case onlineSeconds = "online_seconds"
      case dueSeconds = "due_seconds"
      case playedOn = "played_on"
    }

    /// The first number outside what a sweep writes, as the key, its value and its range, or `nil`:
    /// the merge computes with these (run indexes, instants of the chart), so none may be negative,
    /// beyond 100 years or not finite.
    func outOfRange() -> (key: String, value: String, range: LabError.RecordRange)? {
      let longest = LabDuration.maximumSeconds
      if run < 0 { return ("run", "\(run)", .runIndex) }
      if let runs, runs < 1 { return ("runs", "\(runs)", .runCount) }
      for (key, value) in [
        ("seconds", seconds), ("online_seconds", onlineSeconds), ("end", end), ("due_seconds", dueSeconds),
      ] {
        if let value, !(0...longest).contains(value) { return (key, "\(value)", .seconds) }
      }
      if let decisions, decisions < 0 { return ("decisions", "\(decisions)", .decisions) }
      if let spent, !(spent.isFinite && spent >= 0) { return ("spent", "\(spent)", .spent) }
      for (key, values) in (series ?? [:]).sorted(by: { $0.key < $1.key }) {
        // Counts stop at 1e15 (as the game's do); Discoveries at the largest finite number.
        let (largest, range): (Double, LabError.RecordRange) =
          switch key {
          case "seconds": (Double(longest), .seriesSeconds)
          case "discoveries": (.greatestFiniteMagnitude, .discoveries)
          default: (Double(GameState.maximumCount), .count)
          }
        let whole = key == "seconds" || key == "voyage"
        if let bad = values.first(where: { !($0 >= 0 && $0 <= largest) || (whole && $0 != $0.rounded()) }) {
          return ("series.\(key)", "\(bad)", range)
        }
      }
      return nil
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
    // What the first series record read was played on, and where it was.
    var playedOn: (value: String?, file: String)?
    // The settings of the sweep the first series record read belongs to, and where it was.
    var settings: (value: SweepSettings?, file: String)?
    var timelines: [Int: RunTimeline] = [:]
    let decoder = JSONDecoder()
    var names: Set<String> = []
    for file in files where !names.insert(file.name).inserted { throw .fileTwice(file.name) }
    for file in files {
      for (number, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        if line.isEmpty { continue }
        let record: Record
        do {
          record = try decoder.decode(Record.self, from: Data(line.utf8))
        } catch {
          throw .notARecord(file: file.name, line: number + 1)
        }
        if let (key, value, range) = record.outOfRange() {
          throw .recordNumber(file: file.name, line: number + 1, key: key, value: value, range)
        }
        if let source = sources[record.run], source != file.name {
          throw .runInTwoFiles(run: record.run, first: source, second: file.name)
        }
        sources[record.run] = file.name
        if let timeline = record.timeline {
          guard let read = RunTimeline(timeline) else {
            throw .seriesLengthsDiffer(file: file.name, line: number + 1)
          }
          timelines[record.run] = read
          continue
        }
        var entry = byRun[record.run] ?? (record.variant, record.seed, [], nil, 0, 0)
        if let series = record.series {
          guard entry.series == nil else {
            throw .runTwiceInFile(run: record.run, file: file.name, line: number + 1)
          }
          guard let seconds = series["seconds"], let end = record.end, let total = record.runs else {
            throw .seriesIncomplete(file: file.name, line: number + 1)
          }
          let values = Sample.metrics.map { series[$0] ?? [] }
          let voyages = series["voyage"] ?? []
          guard values.allSatisfy({ $0.count == seconds.count }),
            voyages.isEmpty || voyages.count == seconds.count
          else {
            throw .seriesLengthsDiffer(file: file.name, line: number + 1)
          }
          if let earlier = byRun.values.first(where: { $0.series != nil })?.total, earlier != total {
            throw .runCountsDiffer(file: file.name, line: number + 1, runs: total, earlier: earlier)
          }
          if let earlier = playedOn, earlier.value != record.playedOn {
            throw .playedOnDiffer(
              file: file.name, line: number + 1, playedOn: record.playedOn, earlierFile: earlier.file,
              earlier: earlier.value)
          }
          if playedOn == nil { playedOn = (record.playedOn, file.name) }
          let these = record.sweep.map(SweepSettings.init(record:))
          // Compared option by option, an option a record lacks as one without values: records written
          // before an option was recorded (`--storekit`) merge with those written since that leave it out.
          if let earlier = settings, !SweepSettings.same(earlier.value, these) {
            throw .sweepDiffers(
              file: file.name, line: number + 1, these: these, earlierFile: earlier.file,
              earlier: earlier.value)
          }
          if settings == nil { settings = (these, file.name) }
          entry.series = Series(
            seconds: seconds.map { Int64($0) }, values: values, voyages: voyages.map { Int($0) })
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
          guard !entry.outcomes.contains(where: { $0.milestone == milestone }) else {
            throw .runTwiceInFile(run: record.run, file: file.name, line: number + 1)
          }
          entry.outcomes.append(
            MilestoneOutcome(
              milestone: milestone, reached: reached, seconds: seconds, onlineSeconds: online,
              decisions: decisions, spent: spent, dueSeconds: record.dueSeconds))
        }
        byRun[record.run] = entry
      }
    }
    guard let total = byRun.values.first(where: { $0.series != nil })?.total else { throw .noRuns }
    if let beyond = byRun.keys.filter({ $0 >= total }).min() {
      throw .runBeyondSweep(run: beyond, file: sources[beyond] ?? "", total: total)
    }
    // Every run is there when as many runs have their series as the sweep has. Only the first
    // missing ones are looked for, so a damaged count cannot make the search run without end.
    let present = byRun.values.count { $0.series != nil }
    guard present == total else {
      var missing: [Int] = []
      var index = 0
      while index < total && missing.count < 5 {
        if byRun[index]?.series == nil { missing.append(index) }
        index += 1
      }
      throw .runsMissing(total: total, present: present, first: missing)
    }
    // The table reads every run's milestones by position: each run must have the sweep's milestones.
    let milestones = byRun[0]!.outcomes.map(\.milestone.name)
    if let odd = (0..<total).first(where: { byRun[$0]!.outcomes.map(\.milestone.name) != milestones }) {
      throw .milestonesDiffer(
        run: odd, file: sources[odd] ?? "", milestones: byRun[odd]!.outcomes.map(\.milestone.name),
        first: milestones)
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
          total: total, outcomes: entry.outcomes, seconds: entry.end, series: entry.series!,
          timeline: timelines[index], playedOn: playedOn?.value, settings: settings?.value ?? nil))
    }
    return results
  }
}
