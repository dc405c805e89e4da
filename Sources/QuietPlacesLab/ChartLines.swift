/// The lines chart: a metric against simulated time, per variant a median line and a p10–p90 band
/// over its runs (a run holds its last value after it ended).
///
/// A metric that a prestige resets (Discoveries at New Bearings, Knowledge at the Atlas) is not
/// averaged across the reset: at each instant the median and band are taken over the runs in the
/// most common voyage (the runs that have reset as often as most have), so each reset shows as a
/// drop where most runs took it, drawn dotted, and the line starts again from the new voyage.
struct ChartLines {
  var results: [RunResult]
  var metric: Metric

  static let width = 900.0
  static let steps = 240

  /// The prestige that resets `metric`, and the metric whose changes mark it.
  var reset: (name: String, markers: [Metric])? {
    switch metric {
    case .discoveries: ("New Bearings", [.knowledge, .generations])
    case .knowledge: ("Passing the Atlas", [.generations])
    case .postmarks, .generations: nil
    }
  }

  /// For each of a run's points, how many resets came before it.
  func voyages(_ series: Series) -> [Int] {
    guard let reset else { return Array(repeating: 0, count: series.seconds.count) }
    var voyage = 0
    var result: [Int] = []
    for k in series.seconds.indices {
      if k > 0,
        reset.markers.contains(where: { series.values[$0.index][k] != series.values[$0.index][k - 1] })
      {
        voyage += 1
      }
      result.append(voyage)
    }
    return result
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

  /// One variant's curve up to the end of its longest run: per instant the voyage drawn and (p10,
  /// median, p90) over its runs in that voyage. The voyage drawn is the most common one, and never
  /// goes back to an earlier one (each run's voyages only go up), so the line does not flicker.
  func curve(_ runs: [RunResult], end: Double) -> [(voyage: Int, low: Double, median: Double, high: Double)] {
    let voyages = runs.map { self.voyages($0.series) }
    let last = Double(runs.map(\.seconds).max() ?? 0)
    var drawn = 0
    var cursors = Array(repeating: 0, count: runs.count)
    let curve = (0...Self.steps).map { k -> (voyage: Int, low: Double, median: Double, high: Double)? in
      let instant = end * Double(k) / Double(Self.steps)
      guard instant <= last else { return nil }
      let points = runs.indices.map {
        value(runs[$0].series, voyages: voyages[$0], at: instant, cursor: &cursors[$0])
      }
      var counts: [Int: Int] = [:]
      for point in points { counts[point.voyage, default: 0] += 1 }
      let common = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? 0
      if common > drawn, counts[common, default: 0] > counts[drawn, default: 0] { drawn = common }
      let values = points.filter { $0.voyage == drawn }.map(\.value).sorted()
      guard !values.isEmpty else { return nil }
      return (
        drawn, SweepOutput.percentile(values, 0.1), SweepOutput.percentile(values, 0.5),
        SweepOutput.percentile(values, 0.9)
      )
    }
    return curve.prefix { $0 != nil }.compactMap { $0 }
  }

  func draw() -> [String] {
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
        "\(metric.title) resets at \(reset.name): the median and band are over the runs in the most "
          + "common voyage; a dotted drop is where most runs had reset"
      })
    let runsPerVariant = variants.isEmpty ? 0 : results.count / variants.count
    let height = panel.frameBottom + 14 + legend.height + 10
    return ChartStyle.header(width: Self.width, height: height)
      + [
        ChartStyle.title(
          "\(metric.title) against \(unit.title) — median and p10–p90 band, \(runsPerVariant) runs per variant",
          width: Self.width)
      ]
      + panel.frame(
        xTitle: unit.title, yTitle: metric.title + (metric == .discoveries ? " (log scale)" : ""))
      + body + legend.draw(left: panel.left, top: panel.frameBottom + 14) + ["</svg>"]
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
