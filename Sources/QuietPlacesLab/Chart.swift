/// The sweep's charts as SVG, of the kind asked for (``ChartKind``); each has labelled axes and a
/// legend below its plots, never over the data.
public enum Chart {
  /// The chart of `kind`; `metric` is what the lines and the timeline show. `footer`, lines under
  /// everything else, says what it was computed from in a chart file of its own (a report's charts
  /// sit on a page that says it).
  public static func svg(_ results: [RunResult], kind: ChartKind, metric: Metric, footer: [String] = [])
    -> String
  {
    let drawing =
      switch kind {
      case .lines: ChartLines(results: results, metric: metric).draw()
      case .cdf: ChartDistribution(results: results, cumulative: true).draw()
      case .histogram: ChartDistribution(results: results, cumulative: false).draw()
      case .timeline: ChartTimeline(results: results, metric: metric).draw()
      }
    return drawing.svg(footer: footer).joined(separator: "\n") + "\n"
  }

  /// The lines chart of `metric`.
  public static func svg(_ results: [RunResult], metric: Metric) -> String {
    svg(results, kind: .lines, metric: metric)
  }

  /// The unit a span of time up to `longest` seconds reads best in, and its axis title.
  static func timeUnit(_ longest: Double) -> (seconds: Double, title: String) {
    let unit = LabDuration.spanUnit(longest)
    let word = ["h": "hours", "d": "days", "y": "years"][unit.name] ?? "days"
    return (unit.seconds, "simulated \(word)")
  }
}
