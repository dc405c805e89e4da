import FoundationEssentials
import QuietPlacesLab
import QuietPlacesUtilities

/// The files a command-line option writes (`simulate --csv`, `--jsonl`, `--table`, `--chart`,
/// `--report`, `test --junit`), and what each may write over.
///
/// A run writes its file again and again (a sweep re-run, every CI run), so a file this tool wrote
/// there is replaced; an empty one is too. Anything else (a path mistyped onto notes, a README, a
/// designer's own chart) is refused before anything runs, with one error, and keeps every byte, as
/// the REPL's `save FILE`, `bundle FILE` and `record FILE` refuse it. A file is known as this
/// tool's by what each writer puts first: the CSV's header (or an earlier version's), a sweep
/// record, the table's header row with the provenance lines it ends with, the chart's opening tag,
/// the report's title, the JUnit report's suite.
enum OutputFileKind {
  case csv, jsonl, table, chart, report, junit

  /// The most bytes read to tell: every file this tool writes says what it is near its start (the
  /// table at its end, and a table is small).
  static let readLimit = 1_048_576

  /// What the file is when this tool wrote it, for the refusal.
  var name: String {
    switch self {
    case .csv: "a CSV that simulate wrote"
    case .jsonl: "JSON Lines that simulate wrote"
    case .table: "a table that simulate wrote"
    case .chart: "a chart that simulate drew"
    case .report: "a report that simulate wrote"
    case .junit: "a JUnit report that test wrote"
    }
  }

  /// Why the file at `url` may not be written over with this kind, or `nil` when it may (nothing
  /// there, an empty file, or one this tool wrote of this kind).
  func replacementProblem(at url: URL) -> String? {
    guard FileKind(of: url) == .regular else { return nil }
    guard let data = try? FileBytes.read(url, atMost: Self.readLimit) else {
      return "not replaced: the file there is not \(name) (or it cannot be read to tell); "
        + "remove it first or give another name"
    }
    if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) || isWritten(data) {
      return nil
    }
    return "not replaced: the file there is not \(name); remove it first or give another name"
  }

  /// Whether `data` is a file of this kind as this tool writes it.
  func isWritten(_ data: Data) -> Bool {
    let text = String(decoding: data, as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let first = lines.first.map(String.init) ?? ""
    switch self {
    case .csv:
      // The columns this version writes, or those of an earlier one (they begin alike).
      return first == SweepOutput.csvHeader || first.hasPrefix("run,variant,seed,milestone,")
    case .jsonl:
      guard let record = (try? JSONValue(parsing: first))?.object else { return false }
      return ["run", "variant", "seed"].allSatisfy { record[$0] != nil }
    case .table:
      let header = first.hasPrefix("milestone ") || first.hasPrefix("variant ") || first.hasPrefix("shard ")
      return header && lines.contains { $0.hasPrefix("sweep: ") }
        && lines.contains { $0.hasPrefix("played on: ") }
    case .chart:
      return first.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width=""#)
        && first.hasSuffix(#"font-family="Helvetica, Arial, sans-serif" font-size="13">"#)
    case .report:
      return first == "<!DOCTYPE html>"
        && lines.prefix(8).contains { $0 == "<title>Balance lab report</title>" }
    case .junit:
      return first == #"<?xml version="1.0" encoding="UTF-8"?>"# && lines.count > 2
        && lines[1] == "<testsuites>"
        && lines[2].hasPrefix("  <testsuite ") && lines[2].contains(#"package="quietplaces">"#)
    }
  }
}
