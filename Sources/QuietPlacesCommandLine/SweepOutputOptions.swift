import FoundationEssentials
import QuietPlacesLab
import QuietPlacesREPL
import QuietPlacesUtilities

/// `--format`, `--chart` and `--metric`, shared by `simulate` and `simulate merge`: how a sweep's
/// results are printed and drawn.
struct SweepOutputOptions: OptionGroup, Equatable {
  /// How the results are printed.
  var format = SweepOutput.Format.table
  /// Where the chart is written, if anywhere.
  var chart: String?
  /// What the chart shows.
  var metric = Metric.knowledge

  static var options: [OptionDeclaration<SweepOutputOptions>] {
    [
      .option(
        "--format", \.format, .choice, help: "print a table of percentiles, CSV, or JSON Lines (for merge)"),
      .option(
        "--chart", \.chart, .path(endingIn: ".svg"), help: "draw the metric against simulated days as SVG"),
      .option("--metric", \.metric, .choice, help: "what the chart shows"),
    ]
  }

  /// Prints `results` and writes the chart; a chart that cannot be written is a failure.
  func show(_ results: [RunResult], in context: ProgramContext) -> ExitStatus {
    context.print(SweepOutput.lines(results, format: format).joined(separator: "\n"))
    guard let chart else { return .success }
    do {
      try AtomicFile.write(
        Chart.svg(results, metric: metric),
        to: URL(fileURLWithPath: chart, relativeTo: context.currentDirectory))
    } catch {
      context.printError(OutputLine.errorText(error.description))
      return .failure
    }
    return .success
  }
}
