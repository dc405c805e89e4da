import QuietPlacesUtilities

/// The printed results of a sweep: a table of percentiles, CSV, or JSON Lines.
///
/// CSV and JSON Lines hold one record per run × milestone with the columns `run`, `variant`, `seed`,
/// `milestone`, `reached`, `seconds`, `online_seconds`, `decisions`, `spent`, `due_seconds` (prestiges
/// only: when the strategy's rule first held); CSV adds what each record was computed from:
/// `played_on`, `sweep` (the command that plays the whole sweep) and `shard` (`K/N`, empty for the
/// whole sweep); a table ends with the sweep and what it was played on, and a shard's begins by saying
/// it is one. JSON Lines adds one `series` record per run (the
/// chart's data, the sweep's run count, `played_on`, the fingerprints of the files played, and
/// `sweep`, the settings that shaped the runs as ``SweepSettings``) and a
/// `timeline` record for the sweep's first run, so that the shards of a sweep merge into exactly what
/// the whole sweep prints.
public enum SweepOutput {
  /// How a sweep's results are printed.
  public enum Format: String, Sendable, CaseIterable {
    case table
    case csv
    case jsonl
  }

  /// The results as `format` prints them (`shard`: the shard they are, which CSV says).
  public static func lines(_ results: [RunResult], format: Format, shard: Shard? = nil) -> [String] {
    switch format {
    case .table: table(results)
    case .csv: csv(results, shard: shard)
    case .jsonl: jsonl(results)
    }
  }

  /// The CSV header.
  public static let csvHeader =
    "run,variant,seed,milestone,reached,seconds,online_seconds,decisions,spent,due_seconds,played_on,sweep,shard"

  /// The results as CSV lines, header first; `shard` is the shard they are (`nil`: the whole sweep).
  public static func csv(_ results: [RunResult], shard: Shard? = nil) -> [String] {
    [csvHeader] + results.flatMap { csvRecords($0, shard: shard) }
  }

  /// One run's CSV lines, one per milestone, each with what it was computed from: what the run was
  /// played on, the sweep's command and the shard (empty where a merged shard's records do not say).
  public static func csvRecords(_ result: RunResult, shard: Shard? = nil) -> [String] {
    let provenance = [
      csvField(result.playedOn ?? ""), csvField(result.settings?.commandLine ?? ""), shard?.description ?? "",
    ]
    return result.outcomes.map { outcome in
      ([
        "\(result.index)", csvField(result.variant), "\(result.seed)", outcome.milestone.name,
        outcome.reached ? "true" : "false", "\(outcome.seconds)", "\(outcome.onlineSeconds)",
        "\(outcome.decisions)", number(outcome.spent), outcome.dueSeconds.map(String.init) ?? "",
      ] + provenance).joined(separator: ",")
    }
  }

  /// What stands for the files or settings of shards written before their records said them.
  public static let notRecorded = "not recorded in the shards (written before their records said it)"

  /// The lines a table ends with, printed or written: the command that plays the whole sweep, and
  /// what its runs were played on (the files' fingerprints and what changed the balance), as the
  /// runs say them.
  public static func tableProvenance(_ results: [RunResult]) -> [String] {
    [
      "sweep: " + (results.first?.settings?.commandLine ?? notRecorded),
      "played on: " + (results.first?.playedOn ?? notRecorded),
    ]
  }

  /// The line a shard's table begins with, so that it is never read as the whole sweep: which runs
  /// it holds (`runs` of the sweep's `total`).
  public static func shardLine(_ shard: Shard, runs: Int, total: Int) -> String {
    "shard \(shard.index + 1) of \(shard.count): the runs whose index is \(shard.index) modulo \(shard.count), "
      + "\(runs) of the sweep's \(total); not the whole sweep (simulate merge joins the shards' --format jsonl)"
  }

  /// The line a sweep a signal stopped says above its table and on standard error: the `seeds` of
  /// `of` every one of `variants` played (`runs` of the sweep's `total`), and the runs played of a
  /// seed not every variant played, left out so that the variants are compared on the same seeds.
  public static func interruptedLine(
    by: String, seeds: Int, of: Int, variants: Int, runs: Int, total: Int, leftOut: Int
  ) -> String {
    guard variants > 1 else {
      return "interrupted by \(by): \(runs.withThousandsSeparators) of the \(total.withThousandsSeparators) "
        + "\(total == 1 ? "run" : "runs") \(runs == 1 ? "was" : "were") played; the rest were not played, and the "
        + "output counts only those runs"
    }
    let left =
      leftOut == 0
      ? ""
      : "; \(leftOut) \(leftOut == 1 ? "run" : "runs") of the next seed, not played by every variant, "
        + "\(leftOut == 1 ? "is" : "are") left out"
    return "interrupted by \(by): \(seeds.withThousandsSeparators) of the \(of.withThousandsSeparators) "
      + "\(of == 1 ? "seed" : "seeds") \(seeds == 1 ? "was" : "were") played by every variant (\(runs.withThousandsSeparators) of the "
      + "\(total.withThousandsSeparators) runs)\(left); the rest were not played, and the output counts only "
      + "those seeds"
  }

  /// The results as JSON Lines.
  public static func jsonl(_ results: [RunResult]) -> [String] {
    results.flatMap(jsonlRecords)
  }

  /// One run's JSON Lines: one per milestone, its series, and its timeline if it is the sweep's first.
  public static func jsonlRecords(_ result: RunResult) -> [String] {
    var lines: [String] = []
    let head = "{\"run\":\(result.index),\"variant\":\(result.variant.jsonQuoted),\"seed\":\(result.seed)"
    for outcome in result.outcomes {
      lines.append(
        head + ",\"milestone\":\(outcome.milestone.name.jsonQuoted),\"reached\":\(outcome.reached)"
          + ",\"seconds\":\(outcome.seconds),\"online_seconds\":\(outcome.onlineSeconds)"
          + ",\"decisions\":\(outcome.decisions),\"spent\":\(number(outcome.spent))"
          + (outcome.dueSeconds.map { ",\"due_seconds\":\($0)" } ?? "") + "}")
    }
    var series = "\"seconds\":[\(result.series.seconds.map(String.init).joined(separator: ","))]"
    for (m, metric) in Sample.metrics.enumerated() {
      series += ",\"\(metric)\":[\(result.series.values[m].map(number).joined(separator: ","))]"
    }
    if !result.series.voyages.isEmpty {
      series += ",\"voyage\":[\(result.series.voyages.map(String.init).joined(separator: ","))]"
    }
    let playedOn = result.playedOn.map { ",\"played_on\":\($0.jsonQuoted)" } ?? ""
    let settings = result.settings.map { ",\"sweep\":\($0.json)" } ?? ""
    lines.append(
      head
        + ",\"series\":{\(series)},\"end\":\(result.seconds),\"runs\":\(result.total)\(playedOn)\(settings)}")
    if let timeline = result.timeline { lines.append(head + ",\"timeline\":\(timeline.json)}") }
    return lines
  }

  /// The table with the default cells (p10 / median / p90), no baseline.
  public static func table(_ results: [RunResult]) -> [String] {
    (try? SweepTable(results))?.lines ?? []
  }

  /// The results as `format` prints them, the table as `options` asks; an error when the baseline
  /// names no variant.
  public static func lines(_ results: [RunResult], format: Format, table options: SweepTable.Options)
    throws(LabError) -> [String]
  {
    guard format == .table else { return lines(results, format: format) }
    return try SweepTable(results, options: options).lines
  }

  /// Variant names in the order of the sweep.
  static func variantNames(_ results: [RunResult]) -> [String] {
    var seen: [Int: String] = [:]
    for result in results where seen[result.variantIndex] == nil {
      seen[result.variantIndex] = result.variant
    }
    return seen.keys.sorted().map { seen[$0]! }
  }

  /// The `p`-quantile of sorted values, linear between the closest ranks.
  public static func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    let h = Double(sorted.count - 1) * p
    let low = Int(h.rounded(.down))
    let high = min(low + 1, sorted.count - 1)
    return sorted[low] + (sorted[high] - sorted[low]) * (h - Double(low))
  }

  /// A number as Swift writes it shortest (whole numbers without `.0`): the same text on every machine.
  static func number(_ value: Double) -> String {
    value.isFinite ? value.plainText : "0"
  }

  static func csvField(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return text }
    return "\"" + text.replacing("\"", with: "\"\"") + "\""
  }
}

extension String {
  /// Without trailing spaces.
  func trimmingSuffix() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
