/// The sweep's report: one self-contained HTML page (inline CSS and SVG, no scripts, no fonts or
/// anything else fetched) with the command, where the numbers came from, the tables and every chart.
public struct ReportPage: Sendable {
  /// The command that made the sweep, as typed.
  public var command: String
  /// Where the numbers came from: (what, value) pairs such as the files' fingerprints.
  public var provenance: [(name: String, value: String)]
  /// Each table's title and its lines, as printed.
  public var tables: [(title: String, lines: [String])]
  /// Each chart's title and SVG.
  public var charts: [(title: String, svg: String)]

  public init(
    command: String, provenance: [(name: String, value: String)], tables: [(title: String, lines: [String])],
    charts: [(title: String, svg: String)]
  ) {
    self.command = command
    self.provenance = provenance
    self.tables = tables
    self.charts = charts
  }

  /// Every chart of a sweep: the lines of each metric, the CDF and the histogram of the milestones,
  /// the timeline of its first run (of `metric`), and a tornado for each milestone of a sensitivity
  /// analysis (its name and bars).
  public static func charts(
    _ results: [RunResult], metric: Metric, sensitivity: [(milestone: String, bars: [TornadoBar])] = []
  ) -> [(title: String, svg: String)] {
    var charts = Metric.allCases.map {
      ("\($0.title) against time", Chart.svg(results, kind: .lines, metric: $0))
    }
    charts.append(("Time to each milestone: CDF", Chart.svg(results, kind: .cdf, metric: metric)))
    charts.append(("Time to each milestone: histogram", Chart.svg(results, kind: .histogram, metric: metric)))
    charts.append(("Timeline of the first run", Chart.svg(results, kind: .timeline, metric: metric)))
    for (milestone, bars) in sensitivity where !bars.isEmpty {
      charts.append(("Sensitivity of \(milestone)", ChartTornado.svg(bars, milestone: milestone)))
    }
    return charts
  }

  /// The page.
  public var html: String {
    let e = ChartStyle.escape
    var page = [
      "<!DOCTYPE html>",
      "<html lang=\"en\">",
      "<head>",
      "<meta charset=\"utf-8\">",
      "<title>Balance lab report</title>",
      "<style>",
      "body { font-family: Helvetica, Arial, sans-serif; margin: 24px; color: #222; }",
      "h1 { font-size: 24px; } h2 { font-size: 19px; margin-top: 32px; border-bottom: 1px solid #ddd; }",
      "h3 { font-size: 15px; }",
      "pre { background: #f6f6f6; padding: 10px; overflow-x: auto; font-size: 13px; line-height: 1.35; }",
      "pre.command { white-space: pre-wrap; max-width: 900px; } pre.command span { white-space: nowrap; }",
      "table.provenance td { padding: 2px 14px 2px 0; vertical-align: top; }",
      "table.provenance td:first-child { color: #555; }",
      "code { font-size: 13px; }",
      "figure { margin: 16px 0; max-width: 900px; } figure svg { max-width: 100%; height: auto; }",
      "nav a { margin-right: 12px; }",
      "</style>",
      "</head>",
      "<body>",
      "<h1>Balance lab report</h1>",
      "<nav><a href=\"#command\">Command</a><a href=\"#provenance\">Provenance</a>"
        + "<a href=\"#tables\">Tables</a><a href=\"#charts\">Charts</a></nav>",
      "<h2 id=\"command\">Command</h2>",
      // Each word whole: a long command wraps between words, never inside `--until`.
      "<pre class=\"command\">"
        + command.split(separator: " ").map { "<span>\(e(String($0)))</span>" }.joined(separator: " ")
        + "</pre>",
      "<h2 id=\"provenance\">Provenance</h2>",
      "<table class=\"provenance\">",
    ]
    for (name, value) in provenance {
      page.append("<tr><td>\(e(name))</td><td><code>\(e(value))</code></td></tr>")
    }
    page += ["</table>", "<h2 id=\"tables\">Tables</h2>"]
    for (title, lines) in tables {
      page.append("<h3>\(e(title))</h3>")
      page.append("<pre>\(lines.map(e).joined(separator: "\n"))</pre>")
    }
    page.append("<h2 id=\"charts\">Charts</h2>")
    for (title, svg) in charts {
      page.append("<h3>\(e(title))</h3>")
      // Inline SVG needs no namespace in HTML; without it the page names no address at all.
      let inline = svg.replacing(" xmlns=\"http://www.w3.org/2000/svg\"", with: "")
      page.append("<figure>\n\(inline)</figure>")
    }
    page += ["</body>", "</html>"]
    return page.joined(separator: "\n") + "\n"
  }
}
