/// The distribution of the time to each milestone, one panel per milestone: as a CDF (the share of a
/// variant's runs that had reached it by each moment; the honest comparison picture, since it shows
/// every run and ends at the share that ever reached it) or as a histogram (how many runs reached it
/// in each stretch of time, each variant an outlined step shape).
struct ChartDistribution {
  var results: [RunResult]
  var cumulative: Bool

  static let width = 900.0
  static let panelHeight = 260.0

  func draw() -> ChartDrawing {
    let variants = SweepOutput.variantNames(results)
    let milestones = results.first?.outcomes.map(\.milestone) ?? []
    var body: [String] = []
    var top = 70.0
    var notes = Array(repeating: [String](), count: variants.count)
    for (m, milestone) in milestones.enumerated() {
      let times = variants.indices.map { v in
        results.filter { $0.variantIndex == v }.map {
          $0.outcomes[m].reached ? Double($0.outcomes[m].seconds) : nil
        }
      }
      let (svg, coinciding) = panel(milestone: milestone, times: times, names: variants, top: top)
      body += svg
      for (v, note) in coinciding.enumerated() where !note.isEmpty {
        notes[v].append("\(milestone.name): \(note)")
      }
      top += Self.panelHeight + 46 + 50
    }
    if milestones.isEmpty {
      body.append("<text x=\"90\" y=\"\(ChartStyle.fixed(top))\">no milestones</text>")
      top += 40
    }
    let legend = ChartLegend(
      entries: variants.indices.map { v in
        ChartLegend.Entry(
          sample: cumulative ? .line(v) : .lineAndBand(v), name: variants[v],
          note: notes[v].joined(separator: "; "))
      },
      footnote: cumulative
        ? "each line rises at the moment each run reached the milestone; it ends at the share that ever did"
        : "runs that did not reach a milestone are not counted; their number is in the panel's title")
    let legendTop = top - 50 + 4
    let height = legendTop + legend.height + 10
    let runsPerVariant = variants.isEmpty ? 0 : results.count / variants.count
    let title =
      cumulative
      ? "Share of runs that reached each milestone by each moment, \(runsPerVariant) runs per variant"
      : "Time to each milestone: runs per stretch of time, \(runsPerVariant) runs per variant"
    return ChartDrawing(
      width: Self.width, height: height,
      body: [ChartStyle.title(title, width: Self.width)] + body + legend.draw(left: 90, top: legendTop))
  }

  /// One milestone's panel at `top`, and per variant what its curve coincides with.
  func panel(milestone: Milestone, times: [[Double?]], names: [String], top: Double) -> ([String], [String]) {
    let reached = times.map { $0.compactMap { $0 }.sorted() }
    let longest = reached.flatMap { $0 }.max() ?? 0
    let unit = Chart.timeUnit(max(longest, 1))
    let counts = zip(reached, times).map { "\($0.count)/\($1.count)" }
    let title =
      "\(milestone.name) — reached by " + counts.joined(separator: ", ")
    let xAxis = ChartAxis.linear(upTo: max(longest, 1), unit: unit.seconds)
    if cumulative {
      let panel = ChartPanel(
        left: 90, top: top, width: Self.width - 120, height: Self.panelHeight, x: xAxis,
        y: ChartAxis(
          from: 0, to: 1, logarithmic: false, ticks: stride(from: 0, through: 1, by: 0.25).map { $0 }))
      var svg = panel.frame(xTitle: unit.title, yTitle: "share of runs reached", title: title)
      // Per variant a step line: flat, then up by 1/N at each run's time; it holds to the right edge.
      var sampled: [[Double]] = []
      for (v, values) in reached.enumerated() {
        let total = Double(max(times[v].count, 1))
        var points = [panel.point(0, 0)]
        for (i, time) in values.enumerated() {
          points.append(panel.point(time, Double(i) / total))
          points.append(panel.point(time, Double(i + 1) / total))
        }
        points.append(panel.point(xAxis.to, Double(values.count) / total))
        svg.append(
          "<polyline points=\"\(points.joined(separator: " "))\" fill=\"none\" \(ChartStyle.lineStyle(v))/>")
        sampled.append(
          (0...200).map { k in
            let at = xAxis.to * Double(k) / 200
            return panel.py(Double(values.count { $0 <= at }) / total)
          })
      }
      let partners = ChartCoincidence.partners(sampled)
      return (svg, names.indices.map { ChartCoincidence.note(partners[$0], names: names, what: "line") })
    }
    // Histogram: bins of a quarter of a tick's stretch.
    let tickStep = xAxis.ticks.count > 1 ? xAxis.ticks[1] - xAxis.ticks[0] : xAxis.to
    let binWidth = tickStep / 4
    let bins = max(1, Int((xAxis.to / binWidth).rounded()))
    let histograms = reached.map { values in
      var counts = Array(repeating: 0, count: bins)
      for value in values { counts[min(bins - 1, Int(value / binWidth))] += 1 }
      return counts
    }
    let highest = Double(histograms.flatMap { $0 }.max() ?? 1)
    let panel = ChartPanel(
      left: 90, top: top, width: Self.width - 120, height: Self.panelHeight, x: xAxis,
      y: .counts(upTo: highest))
    var svg = panel.frame(xTitle: unit.title, yTitle: "runs", title: title)
    for (v, counts) in histograms.enumerated() {
      var points = [panel.point(0, 0)]
      for (b, count) in counts.enumerated() {
        points.append(panel.point(Double(b) * binWidth, Double(count)))
        points.append(panel.point(Double(b + 1) * binWidth, Double(count)))
      }
      points.append(panel.point(Double(bins) * binWidth, 0))
      svg.append(
        "<polygon points=\"\(points.joined(separator: " "))\" \(ChartStyle.bandStyle(v, outline: 1.6))/>")
    }
    let partners = ChartCoincidence.partners(histograms.map { $0.map(Double.init) }, tolerance: 0)
    return (svg, names.indices.map { ChartCoincidence.note(partners[$0], names: names, what: "histogram") })
  }
}
