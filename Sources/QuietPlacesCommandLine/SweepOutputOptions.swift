import FoundationEssentials
import QuietPlacesLab
import QuietPlacesREPL
import QuietPlacesUtilities

/// `--format`, `--chart`, `--chart-kind`, `--metric`, `--report` and the output files, shared by
/// `simulate` and `simulate merge`: how a sweep's results are printed, drawn and written.
struct SweepOutputOptions: OptionGroup, Equatable {
  /// How the results are printed.
  var format = SweepOutput.Format.table
  /// Where the chart is written, if anywhere.
  var chart: String?
  /// Which chart, as given (`nil`: the lines).
  var chartKind: ChartKind?
  /// What the lines and the timeline show, as given (`nil`: Knowledge).
  var metric: Metric?
  /// Where the HTML report is written, if anywhere.
  var report: String?
  /// Files that get the CSV, the JSON Lines and the table besides what is printed.
  var csvFile: String?
  var jsonlFile: String?
  var tableFile: String?
  /// What the table shows.
  var table = SweepTableOptions()

  static var options: [OptionDeclaration<SweepOutputOptions>] {
    [
      .option(
        "--format", \.format, .choice, help: "print a table of percentiles, CSV, or JSON Lines (for merge)"),
      .option("--chart", \.chart, .path(endingIn: ".svg"), help: "draw the chart as SVG"),
      .option(
        "--chart-kind", \.chartKind, .choice, default: ChartKind.lines.rawValue,
        help:
          "what --chart draws: the metric against time, the CDF or histogram of the time to each milestone, "
          + "or one run's timeline"
      ),
      .option(
        "--metric", \.metric, .choice, default: Metric.knowledge.rawValue,
        help: "what the lines and the timeline of --chart and --report show"),
      .option(
        "--report", \.report, .path(endingIn: ".html"),
        help: "write one self-contained HTML page: command, provenance, tables and every chart"),
      .option(
        "--csv", \.csvFile, .path("FILE"),
        help: "also write the CSV there (each row with what it was played on, the sweep and the shard)"),
      .option("--jsonl", \.jsonlFile, .path("FILE"), help: "also write the JSON Lines there (for merge)"),
      .option(
        "--table", \.tableFile, .path("FILE"),
        help: "also write the table there (it ends with the sweep and what it was played on)"),
    ] + SweepTableOptions.declared(in: \.table)
  }

  /// Whether the output is printed run by run, keeping no run: csv or jsonl with no chart, report or
  /// output file (each of those needs every run).
  var streams: Bool { format != .table && files.isEmpty }

  /// The first option given that would change nothing with the others (a table option with no table
  /// printed or written, `--chart-kind` with no chart, `--metric` with no chart or report that shows
  /// one), and why: refused rather than passed over.
  var changesNothing: CommandLineError? {
    if format != .table && tableFile == nil && report == nil, let option = table.given.first {
      return .changesNothing(
        option: option,
        reason:
          "it shapes the table, and --format \(format.rawValue) prints none, nor is there a --table FILE or "
          + "--report FILE.html; add one of them, or leave out \(option)")
    }
    if let kind = chartKind, chart == nil {
      return .changesNothing(
        option: "--chart-kind",
        reason:
          "it picks the chart --chart draws, and there is no --chart\(report == nil ? "" : " (--report draws every kind)"); "
          + "add --chart FILE.svg, or leave out --chart-kind \(kind.rawValue)")
    }
    if metric != nil, report == nil {
      if chart == nil {
        return .changesNothing(
          option: "--metric",
          reason:
            "it picks what the lines and the timeline of --chart and --report show, and there is neither; "
            + "add --chart FILE.svg or --report FILE.html, or leave out --metric")
      }
      if let kind = chartKind, kind == .cdf || kind == .histogram {
        return .changesNothing(
          option: "--metric",
          reason:
            "--chart-kind \(kind.rawValue) draws the time to each milestone, whatever the metric, and there is no "
            + "--report; draw --chart-kind lines or timeline, or leave out --metric")
      }
    }
    return nil
  }

  /// Every file asked for, in the order the options are listed.
  var files: [String] { [chart, report, csvFile, jsonlFile, tableFile].compactMap { $0 } }

  /// Where `path` is: itself when absolute, else in the context's current folder.
  static func url(_ path: String, in context: ProgramContext) -> URL {
    path.hasPrefix("/") ? URL(fileURLWithPath: path) : context.currentDirectory.appendingPathComponent(path)
  }

  /// The option that writes each file asked for, in the order of ``files``.
  private var fileOptions: [(option: String, path: String?, kind: ReplacedFile.Kind)] {
    [
      ("--chart", chart, .chart), ("--report", report, .report), ("--csv", csvFile, .csv),
      ("--jsonl", jsonlFile, .jsonl), ("--table", tableFile, .table),
    ]
  }

  /// Whether every file asked for can be written (it is no folder, its folder exists and is writable,
  /// no other option writes it, and what is there already is of its kind, ``ReplacedFile``); says
  /// why not for the first that cannot, before any run is played.
  func checkFiles(in context: ProgramContext) -> Bool {
    var written: [String: String] = [:]
    for (option, path, _) in fileOptions {
      guard let file = path else { continue }
      let url = Self.url(file, in: context).standardizedFileURL.resolvingSymlinksInPath()
      if let earlier = written[url.path] {
        context.printError(
          OutputLine.errorText(
            "\(earlier) and \(option) both write \(file.fromOutside); give each output its own file"))
        return false
      }
      written[url.path] = option
    }
    for file in files {
      let folder = Self.url(file, in: context).deletingLastPathComponent()
      var isFolder = false
      let reason: String
      if file.hasSuffix("/")
        || (FileManager.default.fileExists(atPath: Self.url(file, in: context).path, isDirectory: &isFolder)
          && isFolder)
      {
        let error = AtomicFile.WriteError(
          path: file, reason: "it is a folder", advice: "give the path of a file")
        context.printError(OutputLine.errorText(error.description))
        return false
      } else if !FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
        reason = "there is no folder \(folder.path)"
      } else if !isFolder {
        reason = "\(folder.path) is not a folder"
      } else if !FileManager.default.isWritableFile(atPath: folder.path) {
        reason = "the folder \(folder.path) is not writable"
      } else {
        continue
      }
      context.printError(OutputLine.errorText(AtomicFile.WriteError(path: file, reason: reason).description))
      return false
    }
    // A file already there is written over only when it is one of its kind that this tool wrote.
    for (_, path, kind) in fileOptions {
      guard let file = path,
        let problem = ReplacedFile.problem(at: Self.url(file, in: context), replacingWith: kind)
      else {
        continue
      }
      context.printError(OutputLine.errorText("\(file.fromOutside): \(problem)"))
      return false
    }
    return true
  }

  /// Prints `results` (of `shard`, or the whole sweep) and writes every file asked for; a file that
  /// cannot be written is a failure. The table and the CSV, printed or written, say what they were
  /// computed from, and a shard's that it is one.
  ///
  /// A sweep a signal stopped says so (`interrupted`) above its table, printed, written or in the
  /// report; its CSV and JSON Lines stay records (the sweep says it on standard error).
  func show(
    _ results: [RunResult], provenance: ReportProvenance, shard: Shard? = nil, interrupted: String? = nil,
    in context: ProgramContext
  ) -> ExitStatus {
    let tableLines: [String]
    let tornadoes: [(milestone: String, bars: [TornadoBar])]
    do {
      tableLines = try table.lines(results)
      tornadoes = table.sensitivity ? try Self.tornadoes(results, options: table) : []
    } catch {
      context.printError(OutputLine.errorText(error.message))
      return .usage
    }
    let shardLine = shard.map {
      [SweepOutput.shardLine($0, runs: results.count, total: results.first?.total ?? 0)]
    }
    let stopped = interrupted.map { [$0] } ?? []
    let savedTable = (shardLine ?? []) + stopped + tableLines + SweepOutput.tableProvenance(results)
    let lines = format == .table ? savedTable : SweepOutput.lines(results, format: format, shard: shard)
    // JSON Lines are records `simulate merge` reads back, and CSV rows records for another program:
    // never cut.
    if format == .table {
      context.print(lines.joined(separator: "\n"))
    } else {
      lines.forEach(context.printRecord)
    }
    var writes: [(path: String, text: () -> String)] = []
    let metric = metric ?? .knowledge
    if let chart {
      // A chart file is often looked at alone: it says what it was computed from, as the table does.
      let footer = (shardLine ?? []) + stopped + SweepOutput.tableProvenance(results)
      writes.append(
        (chart, { Chart.svg(results, kind: chartKind ?? .lines, metric: metric, footer: footer) }))
    }
    if let report {
      writes.append(
        (
          report,
          {
            ReportPage(
              command: ReportCommand.text(context.arguments),
              provenance: provenance.entries + (interrupted.map { [("stopped", $0)] } ?? []),
              tables: [("Time to each milestone", stopped + tableLines)],
              charts: ReportPage.charts(results, metric: metric, sensitivity: tornadoes)
            ).html
          }
        ))
    }
    for (file, format) in [(csvFile, SweepOutput.Format.csv), (jsonlFile, .jsonl), (tableFile, .table)] {
      if let file {
        writes.append(
          (
            file,
            {
              (format == .table ? savedTable : SweepOutput.lines(results, format: format, shard: shard))
                .joined(separator: "\n") + "\n"
            }
          ))
      }
    }
    for (path, text) in writes {
      do {
        try AtomicFile.write(text(), to: Self.url(path, in: context))
      } catch {
        context.printError(OutputLine.errorText(error.description))
        return .failure
      }
    }
    return .success
  }

  /// The sensitivity's bars, one tornado per milestone, for the report.
  static func tornadoes(
    _ results: [RunResult], options: SweepTableOptions
  ) throws(LabError) -> [(milestone: String, bars: [TornadoBar])] {
    let sensitivity = try Sensitivity(SweepTable(results, options: options.table))
    var charts: [(milestone: String, bars: [TornadoBar])] = []
    for entry in sensitivity.entries {
      let name = entry.group.isEmpty ? entry.milestone.name : "\(entry.milestone.name) (\(entry.group))"
      let bars = entry.effects.map { effect in
        TornadoBar(
          key: entry.key, value: effect.value, median: effect.comparison.median ?? 0,
          lower: effect.comparison.low, upper: effect.comparison.high)
      }
      if let last = charts.indices.last, charts[last].milestone == name {
        charts[last].bars += bars
      } else {
        charts.append((name, bars))
      }
    }
    return charts
  }
}
