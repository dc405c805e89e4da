/// The lines chart: a metric against simulated time, per variant a median line and a p10–p90 band
/// over its runs (a run holds its last value after it ended).
///
/// A metric that a prestige resets (Knowledge at the Atlas, Discoveries at New Bearings and the
/// Atlas) is drawn voyage by voyage (for Knowledge, generation by generation), every run in each:
/// at each instant the voyage drawn is the median run's, and a run counts its value in that voyage —
/// the value it reset from once it has left it, 0 (what a reset leaves) before it reaches it. So a
/// voyage's line is never pulled down by runs leaving it (nor by runs behind it that have not
/// reset yet), and each reset shows as a dotted drop at the moment the median run reset.
struct ChartLines {
  var results: [RunResult]
  var metric: Metric

  static let width = 900.0
  static let steps = 240

  /// The prestige that resets `metric`.
  var reset: String? {
    switch metric {
    case .discoveries: "New Bearings and Passing the Atlas"
    case .knowledge: "Passing the Atlas"
    case .postmarks, .generations: nil
    }
  }

  /// For each of a run's points, how many resets of the metric came before it: Knowledge's are the
  /// generations; the Discoveries' are the New Bearings and Atlases the series counts (a series read
  /// without them counts each change of Knowledge or generations, which surveys also make).
  func voyages(_ series: Series) -> [Int] {
    let count = series.seconds.count
    switch metric {
    case .postmarks, .generations:
      return Array(repeating: 0, count: count)
    case .knowledge:
      return series.values[Metric.generations.index].map { Int(min(max($0, 0), 1e15)) }
    case .discoveries:
      if series.voyages.count == count { return series.voyages }
      var voyage = 0
      return series.seconds.indices.map { k in
        if k > 0,
          [Metric.knowledge, .generations].contains(where: {
            series.values[$0.index][k] != series.values[$0.index][k - 1]
          })
        {
          voyage += 1
        }
        return voyage
      }
    }
  }

  /// The run's value and voyage at `instant`: linear between two points of the same voyage; held
  /// at the earlier point when a reset lies between them; the last value after the run's end.
  /// `cursor` is where the search for the instant's stretch starts, and is left where it ended, so a
  /// run read at increasing instants is read once.
  func value(_ series: Series, voyages: [Int], at instant: Double, cursor: inout Int) -> (
    value: Double, voyage: Int
  ) {
    let values = series.values[metric.index]
    guard let last = series.seconds.last, instant < Double(last), values.count > 1 else {
      return (values.last ?? 0, voyages.last ?? 0)
    }
    var k = Double(series.seconds[cursor]) <= instant ? cursor : 0
    while k + 1 < series.seconds.count && Double(series.seconds[k + 1]) <= instant { k += 1 }
    cursor = k
    let t0 = Double(series.seconds[k])
    let t1 = Double(series.seconds[k + 1])
    guard t1 > t0, voyages[k + 1] == voyages[k] else { return (values[k], voyages[k]) }
    return (values[k] + (values[k + 1] - values[k]) * (instant - t0) / (t1 - t0), voyages[k])
  }

  /// For each voyage of a run, the value at its last point in it: what it reset from.
  func resetFrom(_ series: Series, voyages: [Int]) -> [Int: Double] {
    var last: [Int: Double] = [:]
    for (k, voyage) in voyages.enumerated() { last[voyage] = series.values[metric.index][k] }
    return last
  }

  /// One variant's curve up to the end of its longest run: per instant the voyage drawn — the median
  /// run's (the lower median), which never goes back, as each run's voyages only go up — and (p10,
  /// median, p90) over every run's value in that voyage.
  func curve(_ runs: [RunResult], end: Double) -> [(voyage: Int, low: Double, median: Double, high: Double)] {
    let voyages = runs.map { self.voyages($0.series) }
    let resets = runs.indices.map { resetFrom(runs[$0].series, voyages: voyages[$0]) }
    let last = Double(runs.map(\.seconds).max() ?? 0)
    var cursors = Array(repeating: 0, count: runs.count)
    let curve = (0...Self.steps).map { k -> (voyage: Int, low: Double, median: Double, high: Double)? in
      let instant = end * Double(k) / Double(Self.steps)
      guard instant <= last, !runs.isEmpty else { return nil }
      let points = runs.indices.map {
        value(runs[$0].series, voyages: voyages[$0], at: instant, cursor: &cursors[$0])
      }
      let drawn = points.map(\.voyage).sorted()[(points.count - 1) / 2]
      let values = points.indices.map { r in
        let (value, voyage) = points[r]
        if voyage == drawn { return value }
        return voyage > drawn ? resets[r][drawn] ?? 0 : 0
      }.sorted()
      return (
        drawn, SweepOutput.percentile(values, 0.1), SweepOutput.percentile(values, 0.5),
        SweepOutput.percentile(values, 0.9)
      )
    }
    return curve.prefix { $0 != nil }.compactMap { $0 }
  }

  func draw() -> ChartDrawing {
    let f = ChartStyle.fixed
    let variants = SweepOutput.variantNames(results)
    let end = Double(results.map(\.seconds).max() ?? 0)
    let curves = variants.indices.map { v in curve(results.filter { $0.variantIndex == v }, end: end) }
    let everything = curves.flatMap { $0.flatMap { [$0.low, $0.median, $0.high] } }.filter(\.isFinite)
    let unit = Chart.timeUnit(max(end, 1))
    let yAxis =
      metric == .discoveries
      ? ChartAxis.logarithmic(
        lowest: everything.filter { $0 > 0 }.min() ?? 1, highest: everything.max() ?? 10)
      : ChartAxis.linear(upTo: max(everything.max() ?? 1, 1))
    let panel = ChartPanel(
      left: 90, top: 50, width: Self.width - 120, height: 400,
      x: .linear(upTo: max(end, 1), unit: unit.seconds), y: yAxis)
    func x(_ k: Int) -> Double { end * Double(k) / Double(Self.steps) }

    var body: [String] = []
    // Bands first, then medians on top; each voyage's stretch is its own shape.
    var medianYs: [[Double]] = []
    for (v, curve) in curves.enumerated() {
      for stretch in Self.stretches(curve.map(\.voyage)) where stretch.count > 1 {
        let upper = stretch.map { panel.point(x($0), curve[$0].high) }
        let lower = stretch.reversed().map { panel.point(x($0), curve[$0].low) }
        body.append(
          "<polygon points=\"\((upper + lower).joined(separator: " "))\" \(ChartStyle.bandStyle(v))/>")
      }
      medianYs.append(curve.indices.map { panel.py(curve[$0].median) })
    }
    for (v, curve) in curves.enumerated() {
      let stretches = Self.stretches(curve.map(\.voyage))
      for (s, stretch) in stretches.enumerated() {
        // On a logarithmic axis a median below its start (0 just after a reset) is not drawn at
        // all: the line stops there rather than lie along the bottom as if it were a value.
        var pieces: [[Int]] = [[]]
        for k in stretch {
          if yAxis.logarithmic && curve[k].median < yAxis.from {
            if !pieces[pieces.count - 1].isEmpty { pieces.append([]) }
          } else {
            pieces[pieces.count - 1].append(k)
          }
        }
        for piece in pieces where !piece.isEmpty {
          let line = piece.map { panel.point(x($0), curve[$0].median) }
          body.append(
            "<polyline points=\"\(line.joined(separator: " "))\" fill=\"none\" \(ChartStyle.lineStyle(v))/>")
        }
        if s > 0, let first = stretch.first {
          // The reset: a dotted drop from where the last voyage's line ended.
          let before = first - 1
          body.append(
            "<line x1=\"\(f(panel.px(x(before))))\" y1=\"\(f(panel.py(curve[before].median)))\" "
              + "x2=\"\(f(panel.px(x(first))))\" y2=\"\(f(panel.py(curve[first].median)))\" "
              + "stroke=\"\(ChartStyle.colour(v))\" stroke-width=\"1.2\" stroke-dasharray=\"1 3\"/>")
        }
      }
    }

    let partners = ChartCoincidence.partners(medianYs)
    let legend = ChartLegend(
      entries: variants.indices.map { v in
        ChartLegend.Entry(
          sample: .lineAndBand(v), name: variants[v],
          note: ChartCoincidence.note(partners[v], names: variants, what: "median"))
      },
      footnote: reset.map { reset in
        "\(metric.title) resets at \(reset): each \(metric == .knowledge ? "generation" : "voyage") is "
          + "drawn over every run (0 before a run reaches it, the value it reset from after), until the "
          + "median run resets; a dotted drop marks the reset"
      })
    let runsPerVariant = variants.isEmpty ? 0 : results.count / variants.count
    let height = panel.frameBottom + 14 + legend.height + 10
    let elements =
      [
        ChartStyle.title(
          "\(metric.title) against \(unit.title) — median and p10–p90 band, \(runsPerVariant) runs per variant",
          width: Self.width)
      ]
      + panel.frame(
        xTitle: unit.title, yTitle: metric.title + (metric == .discoveries ? " (log scale)" : ""))
      + body + legend.draw(left: panel.left, top: panel.frameBottom + 14)
    return ChartDrawing(width: Self.width, height: height, body: elements)
  }

  /// The runs of equal voyages in `voyages`, as index lists.
  static func stretches(_ voyages: [Int]) -> [[Int]] {
    var stretches: [[Int]] = []
    for (k, voyage) in voyages.enumerated() {
      if k > 0, voyages[k - 1] == voyage {
        stretches[stretches.count - 1].append(k)
      } else {
        stretches.append([k])
      }
    }
    return stretches
  }
}
