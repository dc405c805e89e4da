import QuietPlacesStore
import QuietPlacesUtilities

/// The timeline of one run (the sweep's first): the metric against simulated time over shaded
/// absences, and below it one lane each for equipment, scouts and charters, supplies, prestiges and
/// App Store purchases, each event a mark at its moment.
struct ChartTimeline {
  var results: [RunResult]
  var metric: Metric

  static let width = 900.0

  /// The lanes below the metric, each with the events it shows and their colours.
  static let lanes: [(name: String, kinds: [(what: String, colour: String)])] = [
    ("equipment", [("sails", "#1f77b4"), ("spyglass", "#2ca02c"), ("cargo", "#8c564b")]),
    ("scouts, charters", [("scout", "#ff7f0e"), ("charter", "#9467bd")]),
    ("supplies", [("supplies", "#17becf")]),
    ("prestiges", [("bearings", "#d62728"), ("atlas", "#000000")]),
    ("App Store", ProductID.allCases.map { ($0.rawValue, "#e377c2") }),
  ]
  static let awayColour = "#e8e8e8"

  func draw() -> ChartDrawing {
    let f = ChartStyle.fixed
    guard let run = results.first(where: { $0.timeline != nil }), let timeline = run.timeline else {
      return ChartDrawing(
        width: Self.width, height: 120,
        body: [
          ChartStyle.title("Timeline of one run", width: Self.width),
          "<text x=\"90\" y=\"70\">this sweep kept no run's steps: draw it from simulate or its JSON Lines</text>",
        ])
    }
    let end = Double(max(run.seconds, 1))
    let unit = Chart.timeUnit(end)
    let values = timeline.series.values[metric.index]
    let yAxis =
      metric == .discoveries
      ? ChartAxis.logarithmic(lowest: values.filter { $0 > 0 }.min() ?? 1, highest: values.max() ?? 10)
      : ChartAxis.linear(upTo: max(values.max() ?? 1, 1))
    let panel = ChartPanel(
      left: 130, top: 50, width: Self.width - 160, height: 300, x: .linear(upTo: end, unit: unit.seconds),
      y: yAxis)
    var background: [String] = []
    // Absences behind everything.
    for event in timeline.events where event.what == "away" {
      let from = panel.px(Double(event.at))
      let to = panel.px(Double(event.at + event.seconds))
      background.append(
        "<rect x=\"\(f(from))\" y=\"\(f(panel.top))\" width=\"\(f(max(to - from, 0.3)))\" "
          + "height=\"\(f(panel.height))\" fill=\"\(Self.awayColour)\"/>")
    }
    let points = timeline.series.seconds.indices.map {
      panel.point(Double(timeline.series.seconds[$0]), values[$0])
    }
    var body: [String] = []
    body.append(
      "<polyline points=\"\(points.joined(separator: " "))\" fill=\"none\" \(ChartStyle.lineStyle(0))/>")
    // The lanes, under the x axis's labels.
    let laneTop = panel.frameBottom + 10
    for (l, lane) in Self.lanes.enumerated() {
      let y = laneTop + Double(l) * 24
      body.append(
        "<text x=\"\(f(panel.left - 8))\" y=\"\(f(y + 12))\" text-anchor=\"end\" dominant-baseline=\"middle\">"
          + "\(ChartStyle.escape(lane.name))</text>")
      body.append(
        "<rect x=\"\(f(panel.left))\" y=\"\(f(y + 2))\" width=\"\(f(panel.width))\" height=\"20\" "
          + "fill=\"#fafafa\" stroke=\"#ddd\"/>")
      for event in timeline.events {
        guard let kind = lane.kinds.first(where: { $0.what == event.what }) else { continue }
        let x = f(panel.px(Double(event.at)))
        body.append(
          "<line x1=\"\(x)\" y1=\"\(f(y + 4))\" x2=\"\(x)\" y2=\"\(f(y + 20))\" stroke=\"\(kind.colour)\" "
            + "stroke-width=\"1.4\"/>")
      }
    }
    var counts: [String: Int] = [:]
    for event in timeline.events { counts[event.what, default: 0] += event.count }
    var entries = [
      ChartLegend.Entry(sample: .line(0), name: metric.title),
      ChartLegend.Entry(
        sample: .box(Self.awayColour), name: "away (app closed)",
        note: "\((counts["away"] ?? 0).withThousandsSeparators) absences"),
    ]
    for lane in Self.lanes {
      for kind in lane.kinds where lane.name != "App Store" || counts[kind.what] != nil {
        entries.append(
          ChartLegend.Entry(
            sample: .mark(kind.colour), name: kind.what,
            note: (counts[kind.what] ?? 0).withThousandsSeparators))
      }
    }
    // Two columns of entries, so the key stays short.
    let half = (entries.count + 1) / 2
    // A very long run's events of one kind close together were merged; the counts are of them all.
    let merged = timeline.events.contains { $0.count > 1 }
    let left = ChartLegend(
      entries: Array(entries.prefix(half)),
      footnote: merged
        ? "a run this long keeps its events of one kind close together as one mark; the counts are of every "
          + "event" : nil)
    let right = ChartLegend(entries: Array(entries.dropFirst(half)), footnote: nil)
    let legendTop = laneTop + Double(Self.lanes.count) * 24 + 14
    let height = legendTop + left.height + 10
    let elements =
      [
        ChartStyle.title(
          "Timeline of one run: seed \(run.seed), \(run.variant) — \(metric.title) and what it did",
          width: Self.width)
      ]
      + background
      + panel.frame(xTitle: unit.title, yTitle: metric.title + (metric == .discoveries ? " (log scale)" : ""))
      + body
      + left.draw(left: panel.left, top: legendTop) + right.draw(left: panel.left + 360, top: legendTop)
    return ChartDrawing(width: Self.width, height: height, body: elements)
  }
}
