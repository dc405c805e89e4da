import QuietPlacesUtilities

#if canImport(Glibc)
  import Glibc
#endif

/// The sweep's chart as SVG: a metric against simulated days, one median line and one p10–p90 band
/// per variant, with labelled axes and a legend.
///
/// Each run's value at an instant is read from its series (linear between its points, its last value
/// after it ended); the median and the band are taken over the variant's runs at 121 instants from 0
/// to the end of the longest run. Discoveries are drawn on a logarithmic axis, the others linearly.
public enum Chart {
  static let width = 900.0
  static let height = 540.0
  static let left = 90.0
  static let right = 30.0
  static let top = 50.0
  static let bottom = 70.0
  static let colours = [
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2",
  ]
  /// Each variant's median line also has its own dash pattern (solid, dashed, dotted, dash-dot, in
  /// turn), so lines that coincide, as two variants with the same median do, both stay visible.
  static let dashes = ["", "9 5", "2 4", "9 4 2 4"]

  /// The stroke attributes of variant `v`'s median line.
  static func lineStyle(_ v: Int) -> String {
    let dash = dashes[v % dashes.count]
    return "stroke=\"\(colours[v % colours.count])\" stroke-width=\"2.2\""
      + (dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\"")
  }

  /// The SVG document.
  public static func svg(_ results: [RunResult], metric: Metric) -> String {
    let m = metric.index
    let logarithmic = metric == .discoveries
    let variants = SweepOutput.variantNames(results)
    let endSeconds = Double(results.map(\.seconds).max() ?? 0)
    let days = max(endSeconds / 86_400, 1.0 / 24)
    let steps = 120
    // Per variant: (p10, median, p90) at each instant.
    var curves: [[(Double, Double, Double)]] = []
    for variant in variants {
      let runs = results.filter { $0.variant == variant }
      var curve: [(Double, Double, Double)] = []
      for k in 0...steps {
        let instant = endSeconds * Double(k) / Double(steps)
        let values = runs.map { $0.series.value(metric: m, at: instant) }.sorted()
        curve.append(
          (
            SweepOutput.percentile(values, 0.1), SweepOutput.percentile(values, 0.5),
            SweepOutput.percentile(values, 0.9)
          ))
      }
      curves.append(curve)
    }
    let highest = max(curves.flatMap { $0.map(\.2) }.max() ?? 1, logarithmic ? 10 : 1)
    let lowestPositive = curves.flatMap { $0.flatMap { [$0.0, $0.1, $0.2] } }.filter { $0 > 0 }.min() ?? 1
    let yTicks: [Double]
    let yFrom: Double
    let yTo: Double
    if logarithmic {
      yFrom = floor(log10(max(lowestPositive, 1)))
      yTo = max(ceil(log10(highest)), yFrom + 1)
      yTicks = stride(from: yFrom, through: yTo, by: max(1, ((yTo - yFrom) / 8).rounded(.up))).map { $0 }
    } else {
      yFrom = 0
      let ticks = niceTicks(upTo: highest)
      yTicks = ticks
      yTo = ticks.last ?? highest
    }
    let xTicks = niceTicks(upTo: days)
    let xTo = xTicks.last ?? days
    let plotWidth = width - left - right
    let plotHeight = height - top - bottom
    func x(_ day: Double) -> Double { left + day / xTo * plotWidth }
    func y(_ value: Double) -> Double {
      let v = logarithmic ? log10(max(value, pow(10, yFrom))) : value
      return top + plotHeight - (v - yFrom) / (yTo - yFrom) * plotHeight
    }
    func point(_ k: Int, _ value: Double) -> String {
      "\(fixed(x(days * Double(k) / Double(steps) * endSeconds / 86_400 / days))),\(fixed(y(value)))"
    }

    var svg: [String] = []
    svg.append(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"13\">"
    )
    svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>")
    let runsPerVariant = variants.isEmpty ? 0 : results.count / variants.count
    svg.append(
      "<text x=\"\(fixed(width / 2))\" y=\"26\" text-anchor=\"middle\" font-size=\"16\">\(escape(metric.title)) against simulated days — median and p10–p90 band, \(runsPerVariant) runs per variant</text>"
    )
    // Grid and ticks.
    for tick in xTicks {
      let px = fixed(x(tick))
      svg.append(
        "<line x1=\"\(px)\" y1=\"\(fixed(top))\" x2=\"\(px)\" y2=\"\(fixed(top + plotHeight))\" stroke=\"#e5e5e5\"/>"
      )
      svg.append(
        "<text x=\"\(px)\" y=\"\(fixed(top + plotHeight + 18))\" text-anchor=\"middle\">\(label(tick))</text>"
      )
    }
    for tick in yTicks {
      let value = logarithmic ? pow(10, tick) : tick
      let py = fixed(y(value))
      svg.append(
        "<line x1=\"\(fixed(left))\" y1=\"\(py)\" x2=\"\(fixed(left + plotWidth))\" y2=\"\(py)\" stroke=\"#e5e5e5\"/>"
      )
      svg.append(
        "<text x=\"\(fixed(left - 8))\" y=\"\(py)\" text-anchor=\"end\" dominant-baseline=\"middle\">\(logarithmic ? "1e\(Int(tick))" : label(tick))</text>"
      )
    }
    svg.append(
      "<rect x=\"\(fixed(left))\" y=\"\(fixed(top))\" width=\"\(fixed(plotWidth))\" height=\"\(fixed(plotHeight))\" fill=\"none\" stroke=\"#333\"/>"
    )
    svg.append(
      "<text x=\"\(fixed(left + plotWidth / 2))\" y=\"\(fixed(height - 22))\" text-anchor=\"middle\">simulated days</text>"
    )
    svg.append(
      "<text transform=\"translate(22 \(fixed(top + plotHeight / 2))) rotate(-90)\" text-anchor=\"middle\">\(escape(metric.title))\(logarithmic ? " (log scale)" : "")</text>"
    )
    // Bands, then medians on top.
    for (v, curve) in curves.enumerated() {
      let colour = colours[v % colours.count]
      let upper = curve.indices.map { point($0, curve[$0].2) }
      let lower = curve.indices.reversed().map { point($0, curve[$0].0) }
      svg.append(
        "<polygon points=\"\((upper + lower).joined(separator: " "))\" fill=\"\(colour)\" fill-opacity=\"0.18\" stroke=\"none\"/>"
      )
    }
    for (v, curve) in curves.enumerated() {
      let line = curve.indices.map { point($0, curve[$0].1) }
      svg.append("<polyline points=\"\(line.joined(separator: " "))\" fill=\"none\" \(lineStyle(v))/>")
    }
    // Legend, top left inside the plot.
    let legendWidth = Double(min(60, variants.map(\.count).max() ?? 10)) * 7.4 + 50
    svg.append(
      "<rect x=\"\(fixed(left + 10))\" y=\"\(fixed(top + 10))\" width=\"\(fixed(legendWidth))\" height=\"\(fixed(Double(variants.count) * 20 + 12))\" fill=\"white\" fill-opacity=\"0.85\" stroke=\"#999\"/>"
    )
    for (v, variant) in variants.enumerated() {
      let colour = colours[v % colours.count]
      let ly = top + 28 + Double(v) * 20
      svg.append(
        "<rect x=\"\(fixed(left + 20))\" y=\"\(fixed(ly - 9))\" width=\"26\" height=\"12\" fill=\"\(colour)\" fill-opacity=\"0.3\" stroke=\"none\"/>"
      )
      svg.append(
        "<line x1=\"\(fixed(left + 20))\" y1=\"\(fixed(ly - 3))\" x2=\"\(fixed(left + 46))\" y2=\"\(fixed(ly - 3))\" \(lineStyle(v))/>"
      )
      svg.append("<text x=\"\(fixed(left + 50))\" y=\"\(fixed(ly + 1))\">\(escape(variant))</text>")
    }
    svg.append("</svg>")
    return svg.joined(separator: "\n") + "\n"
  }

  /// Up to about eight round ticks from 0 to at least `value`.
  static func niceTicks(upTo value: Double) -> [Double] {
    let target = max(value, 1e-9)
    let raw = target / 6
    let magnitude = pow(10, floor(log10(raw)))
    let step = [1.0, 2, 2.5, 5, 10].map { $0 * magnitude }.first { target / $0 <= 8 } ?? 10 * magnitude
    var ticks: [Double] = []
    var tick = 0.0
    while tick < target - step * 1e-9 {
      ticks.append(tick)
      tick += step
    }
    ticks.append(tick)
    return ticks
  }

  /// A tick's label: whole numbers with separators, else up to two decimals.
  static func label(_ value: Double) -> String {
    if value >= 1e6 {
      let exponent = Int(floor(log10(value)))
      return "\(fixed(value / pow(10, Double(exponent))))e\(exponent)"
    }
    if value == value.rounded() { return Int(value).withThousandsSeparators }
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100)."
      + (fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)"))
  }

  /// One decimal, the same text on every machine.
  static func fixed(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    let sign = tenths < 0 ? "-" : ""
    return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
  }

  static func escape(_ text: String) -> String {
    text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
  }
}
