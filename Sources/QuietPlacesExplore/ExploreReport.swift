import FoundationEssentials
import QuietPlacesInvariants
import QuietPlacesUtilities

/// The runs of an exploration added up as they arrive: all the text report needs of them, so an
/// exploration of hours holds its totals, not its runs.
struct ExploreTally: Sendable {
  var runs = 0
  var steps = 0
  /// Checks made, by invariant.
  var checks: [String: Int] = [:]
  var coverage = Coverage()

  /// Adds a run.
  mutating func add(_ run: RunRecord) {
    runs += 1
    steps += run.steps
    for (name, count) in run.checks { checks[name, default: 0] += count }
    coverage.merge(Coverage(counts: run.coverage))
  }
}

/// What an exploration prints on standard output, made from its records alone (so `explore merge`
/// of shards prints exactly what one run prints): the summary line, checks per invariant, the
/// coverage table with every row (those never reached say so), and the findings.
struct ExploreReport {
  let header: ExploreHeader
  /// The runs' totals.
  let tally: ExploreTally
  /// Every run as its line of JSON Lines, in order (none when only the text is wanted).
  let runLines: [String]
  /// The findings, in the order of the invariants.
  let findings: [Finding]
  /// What stopped the exploration before its end, if anything did.
  let interrupted: ExploreInterruptedRecord?

  init(
    header: ExploreHeader, tally: ExploreTally, runLines: [String], findings: [Finding],
    interrupted: ExploreInterruptedRecord? = nil
  ) {
    self.header = header
    self.tally = tally
    self.runLines = runLines
    self.findings = findings
    self.interrupted = interrupted
  }

  /// The report of `runs`, every one of them, in order.
  init(header: ExploreHeader, runs: [RunRecord], findings: [Finding]) {
    var tally = ExploreTally()
    for run in runs { tally.add(run) }
    self.init(header: header, tally: tally, runLines: runs.map(Self.jsonLine), findings: findings)
  }

  /// A record as one line of the JSON Lines.
  static func jsonLine(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }

  /// The text for a person.
  var text: String {
    var lines: [String] = []
    let (checks, coverage) = (tally.checks, tally.coverage)
    let total = checks.values.reduce(0, +)
    func counted(_ count: Int, _ word: String) -> String {
      "\(count.withThousandsSeparators) \(word)\(count == 1 ? "" : "s")"
    }
    lines.append("\(counted(tally.runs, "run")), \(counted(tally.steps, "step")), \(counted(total, "check"))")
    // A shard's report is never read as the whole exploration's (whose run numbers its findings cite).
    if let shard = Shard(header.shard), shard.count > 1 {
      lines.append(Self.shardLine(shard, runs: interrupted.map { $0.planned } ?? header.runs))
    }
    lines.append(
      "seed \(header.seed), up to \(header.steps) steps a run; costly invariants (*) every "
        + "\(ExploreContext.costlyEvery) steps and at each run's end, determinism in every "
        + "\(ExploreContext.replayEveryRuns)th run")
    if let interrupted { lines.append(Self.interruptedLine(interrupted)) }
    // Which commands were drawn, when --only or --without left some out.
    let all = StepKind.allCases.filter { $0.weight > 0 }.map(\.rawValue)
    let left = all.filter { !header.commands.contains($0) }
    if !left.isEmpty {
      lines.append(
        header.commands.count <= left.count
          ? "played only \(header.commands.joined(separator: ", "))"
          : "played every command but \(left.joined(separator: ", "))")
    }
    // Read back from shards' files by a merge: shown as outside text.
    if let playedOn = header.playedOn { lines.append("played on \(playedOn.fromOutside)") }
    if let changes = header.playedUnder, !changes.isEmpty {
      lines.append("played under \(changes.joined(separator: " ")), not the Configuration's own")
    }
    lines.append("")
    lines.append("checks per invariant:")
    let names = Invariant.allCases.map(\.name) + header.invariants.map { "'\($0)'" }
    let width = names.map(\.count).max() ?? 0
    for invariant in Invariant.allCases {
      lines.append(
        row(invariant.name + (invariant.isCostly ? " *" : ""), width + 2, [checks[invariant.name] ?? 0]))
    }
    for expression in header.invariants {
      let name = "'\(expression)'"
      lines.append(row(name, width + 2, [checks[name] ?? 0]))
    }
    lines.append("")
    lines.append("coverage (what was never reached says so):")
    let played = Set(header.commands)
    let commandRows = StepKind.allCases.filter { played.contains($0.rawValue) || $0 == .yes || $0 == .no }
    let firstWidth = max(34, (commandRows.map(\.rawValue.count).max() ?? 0) + 2)
    lines.append("  " + pad("command", firstWidth) + pad("done", 16) + "refused")
    // Every cell that can be reached, and those that were not.
    var cells = 0
    var unreached = 0
    func cell(_ count: Int) -> String {
      cells += 1
      guard count > 0 else {
        unreached += 1
        return "never reached"
      }
      return count.withThousandsSeparators
    }
    for kind in commandRows {
      let done = coverage.count("commands", "\(kind.rawValue) done")
      // An illegal line is always refused (typed while a question waits, it cancels it: the row
      // below), so its done cell has nothing to reach; a count there is a line the REPL took. One
      // that names a command is counted in that command's row.
      let doneCell = kind == .illegal && done == 0 ? "—" : cell(done)
      lines.append(
        "  " + pad(kind.rawValue, firstWidth) + pad(doneCell, 16)
          + cell(coverage.count("commands", "\(kind.rawValue) refused")))
    }
    let cancels = coverage.count("commands", Coverage.cancelRow)
    lines.append("  " + pad(Coverage.cancelRow, firstWidth) + cell(cancels))
    if commandRows.contains(.illegal) {
      lines.append("  (an illegal line refused counts in the row of the command it names, if that is played:")
      lines.append("   advance 0s in advance; illegal counts those that name none, such as frobnicate;")
      lines.append("   —: an illegal line is never done)")
    }
    for (title, rows) in Coverage.sections.dropFirst() {
      lines.append("  " + title)
      let rowWidth = max(firstWidth - 2, (rows.map(\.count).max() ?? 0) + 2)
      for name in rows {
        let count = coverage.count(title, name)
        let why = count == 0 ? Coverage.unreachableWhy["\(title)|\(name)"].map { " " + $0 } ?? "" : ""
        lines.append("    " + pad(name, rowWidth) + cell(count) + why)
      }
    }
    lines.append("  \(unreached) of \(cells) counts never reached")
    lines.append("")
    if findings.isEmpty {
      lines.append("findings: none")
    }
    for finding in findings {
      let others =
        finding.otherRuns == 0
        ? "" : "; \(finding.otherRuns) other \(finding.otherRuns == 1 ? "run" : "runs") broke it too"
      lines.append(
        "finding: \(finding.invariant) broken in run \(finding.run) (seed \(finding.seed)), "
          + (finding.step == 0 ? "before its first step" : "step \(finding.step)") + others
      )
      lines.append("  expected: \(finding.expected)")
      lines.append("  found: \(finding.found)")
      lines.append(
        "  shrunk to \(finding.commands.count) \(finding.commands.count == 1 ? "command" : "commands")"
          + (finding.shrinkingStoppedBy.map { " (shrinking stopped by \($0): perhaps not the fewest)" } ?? "")
          + ": " + finding.commands.joined(separator: "; "))
      lines.append("  which breaks it so: \(finding.shrunkFound)")
      lines.append(finding.notWritten.map { "  not written: \($0)" } ?? "  written to \(finding.file)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The line a shard's report says below its totals: which of the exploration's `runs` (`nil` for a
  /// timed one, which counts them only at its end) are the shard's, by the numbers its findings cite.
  static func shardLine(_ shard: Shard, runs: Int?) -> String {
    let first = shard.index + 1
    let which: String
    if let runs {
      // Counted, not listed: a shard of a hundred million runs holds millions.
      let count = runs >= first ? (runs - first) / shard.count + 1 : 0
      let shown = (0..<min(count, 3)).map { (first + $0 * shard.count).withThousandsSeparators }
      let last = (first + (count - 1) * shard.count).withThousandsSeparators
      switch count {
      case 0: which = "no run"
      case 1: which = "run \(shown[0])"
      case 2...3: which = "runs \(shown.dropLast().joined(separator: ", ")) and \(last)"
      default: which = "runs \(shown.joined(separator: ", ")), …, \(last) (one in \(shard.count))"
      }
      return "shard \(shard.index + 1) of \(shard.count): \(which), \(count.withThousandsSeparators) of the "
        + "exploration's \(runs.withThousandsSeparators); not the whole exploration (explore merge joins the "
        + "shards' --format jsonl)"
    }
    return "shard \(shard.index + 1) of \(shard.count): runs \(first), \(first + shard.count), … (one in "
      + "\(shard.count)); not the whole exploration (explore merge joins the shards' --format jsonl)"
  }

  /// Says what stopped the exploration, what it played, and what it was asked to play.
  static func interruptedLine(_ interrupted: ExploreInterruptedRecord) -> String {
    let runs = interrupted.played
    let asked: String
    if let planned = interrupted.planned {
      asked = "of the \(planned.withThousandsSeparators) runs asked for"
    } else {
      let seconds = interrupted.seconds ?? 0
      let shown = seconds == seconds.rounded() ? "\(Int(seconds))" : Explorer.format(seconds)
      asked = "before the end of --for \(shown) s"
    }
    return
      "interrupted by \(interrupted.by): \(runs.withThousandsSeparators) \(runs == 1 ? "run" : "runs") played \(asked); "
      + "the rest were not played, and this report counts only those played"
  }

  /// The JSON Lines: the header, every run, every finding.
  var jsonl: String {
    // A timed exploration's header does not count its runs; its last record does.
    let end = header.runs == nil ? [Self.jsonLine(ExploreEndRecord(runs: tally.runs))] : []
    return ([Self.jsonLine(header)] + runLines + findings.map(Self.jsonLine) + end).joined(separator: "\n")
      + "\n"
  }

  private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }

  private func row(_ name: String, _ width: Int, _ counts: [Int]) -> String {
    "  " + pad(name, width) + counts.map(\.withThousandsSeparators).joined(separator: "  ")
  }
}
