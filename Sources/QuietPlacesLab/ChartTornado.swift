/// The tornado chart of a sensitivity analysis: one row per balance key, ordered by the largest
/// change any of its values made, each value a bar from the baseline (0) to its paired median
/// difference, with its confidence interval as a whisker and its value written at the bar's end.
public enum ChartTornado {
  static let width = 900.0

  /// The chart of `bars` for `milestone` (its name, for the title).
  public static func svg(_ bars: [TornadoBar], milestone: String) -> String {
    let f = ChartStyle.fixed
    var keys: [String] = []
    for bar in bars where !keys.contains(bar.key) { keys.append(bar.key) }
    func reach(_ key: String) -> Double { bars.filter { $0.key == key }.map { abs($0.median) }.max() ?? 0 }
    // Largest first; equal reaches keep the order given.
    keys = keys.enumerated().sorted { (reach($0.element), -$0.offset) > (reach($1.element), -$1.offset) }
      .map(\.element)
    let extent = max(
      bars.flatMap { [$0.lower, $0.upper, $0.median].compactMap { $0.map(abs) } }.filter(\.isFinite).max()
        ?? 0,
      1)
    let unit = Chart.timeUnit(extent)
    // A quarter more than the longest whisker, so each value's label fits beside it (more when a
    // label says it has no interval).
    let untested = bars.contains { $0.lower == nil || $0.upper == nil }
    let ticks = ChartStyle.niceTicks(upTo: extent * (untested ? 1.6 : 1.25) / unit.seconds).map {
      $0 * unit.seconds
    }
    let edge = ticks.last ?? extent
    // Both halves share the width: every other tick when one half has many.
    let shown = ticks.count > 5 ? ticks.enumerated().filter { $0.offset % 2 == 0 }.map(\.element) : ticks
    let allTicks = shown.reversed().dropLast().map { -$0 } + shown
    let rowHeight = 34.0
    let plotHeight = max(Double(keys.count), 1) * rowHeight
    let panel = ChartPanel(
      left: 290, top: 60, width: width - 320, height: plotHeight,
      x: ChartAxis(from: -edge, to: edge, logarithmic: false, ticks: allTicks, unit: unit.seconds),
      y: ChartAxis(from: 0, to: max(Double(keys.count), 1), logarithmic: false, ticks: []))
    var svg = ChartStyle.header(width: width, height: panel.frameBottom + 60)
    svg.append(
      ChartStyle.title(
        "Which balance numbers move \(milestone) most — change against the baseline", width: width))
    svg += panel.frame(
      xTitle: "change in \(unit.title) to \(milestone) (median of paired differences, 95% interval)",
      yTitle: "")
    svg.append(
      "<line x1=\"\(f(panel.px(0)))\" y1=\"\(f(panel.top))\" x2=\"\(f(panel.px(0)))\" "
        + "y2=\"\(f(panel.top + panel.height))\" stroke=\"#333\"/>")
    for (row, key) in keys.enumerated() {
      let y = panel.top + Double(row) * rowHeight
      svg.append(
        "<text x=\"\(f(panel.left - 8))\" y=\"\(f(y + rowHeight / 2))\" text-anchor=\"end\" "
          + "dominant-baseline=\"middle\">\(ChartStyle.escape(key))</text>")
      let values = bars.filter { $0.key == key }
      let barHeight = (rowHeight - 8) / Double(max(values.count, 1))
      for (i, bar) in values.enumerated() {
        let top = y + 4 + Double(i) * barHeight
        let from = panel.px(min(0, bar.median))
        let to = panel.px(max(0, bar.median))
        let colour = bar.median < 0 ? "#2ca02c" : "#d62728"
        svg.append(
          "<rect x=\"\(f(from))\" y=\"\(f(top))\" width=\"\(f(max(to - from, 0.5)))\" "
            + "height=\"\(f(barHeight - 2))\" fill=\"\(colour)\" fill-opacity=\"0.55\" stroke=\"\(colour)\"/>"
        )
        let middle = f(top + (barHeight - 2) / 2)
        // A bar from too few seeds has no whisker, and says so beside its value.
        var (low, high) = (from, to)
        var note = ""
        if let lower = bar.lower, let upper = bar.upper {
          (low, high) = (min(from, panel.px(lower)), max(to, panel.px(upper)))
          svg.append(
            "<line x1=\"\(f(panel.px(lower)))\" y1=\"\(middle)\" x2=\"\(f(panel.px(upper)))\" "
              + "y2=\"\(middle)\" stroke=\"#222\" stroke-width=\"1.2\"/>")
        } else {
          note = " (no interval)"
        }
        let outside = bar.median < 0 ? low - 4 : high + 4
        svg.append(
          "<text x=\"\(f(outside))\" y=\"\(middle)\" dominant-baseline=\"middle\" font-size=\"11\" "
            + "text-anchor=\"\(bar.median < 0 ? "end" : "start")\">= \(ChartStyle.escape(bar.value))\(note)</text>"
        )
      }
    }
    var legend = ChartLegend(
      entries: [
        ChartLegend.Entry(sample: .box("#2ca02c"), name: "sooner than the baseline"),
        ChartLegend.Entry(sample: .box("#d62728"), name: "later than the baseline"),
      ],
      footnote: "the black whisker is the 95% interval of the paired median difference"
        + (untested
          ? "; a bar with no interval had fewer than \(PairedComparison.fewestPairs) seeds that reached it in both "
            + "variants, too few for any 95% interval of a median" : ""))
    legend.lineLength = Int((width - panel.left - 20) / 6.6)
    svg += legend.draw(left: panel.left, top: panel.frameBottom + 8)
    svg[0] = ChartStyle.header(width: width, height: panel.frameBottom + 8 + legend.height + 6)[0]
    svg.append("</svg>")
    return svg.joined(separator: "\n") + "\n"
  }
}
