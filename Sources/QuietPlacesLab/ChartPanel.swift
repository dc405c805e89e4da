/// One plot area of a chart: where it sits on the page, its two axes, and its frame (grid, ticks,
/// tick labels, axis titles), all drawn around the area so that nothing but data lies inside it.
struct ChartPanel {
  var left: Double
  var top: Double
  var width: Double
  var height: Double
  var x: ChartAxis
  var y: ChartAxis

  /// The page's x of `value`.
  func px(_ value: Double) -> Double { left + x.fraction(value) * width }
  /// The page's y of `value`.
  func py(_ value: Double) -> Double { top + height - y.fraction(value) * height }
  /// `x,y` on the page, for a polyline.
  func point(_ xValue: Double, _ yValue: Double) -> String {
    "\(ChartStyle.fixed(px(xValue))),\(ChartStyle.fixed(py(yValue)))"
  }

  /// The bottom edge of everything the frame draws below the area (tick labels and the x title).
  var frameBottom: Double { top + height + 46 }

  /// The grid, the ticks' labels, the border and the axes' titles (and a title above the area).
  func frame(xTitle: String, yTitle: String, title: String? = nil) -> [String] {
    let f = ChartStyle.fixed
    var svg: [String] = []
    if let title {
      svg.append(
        "<text x=\"\(f(left))\" y=\"\(f(top - 10))\" font-size=\"14\" font-weight=\"bold\">"
          + "\(ChartStyle.escape(title))</text>")
    }
    for tick in x.ticks {
      let at = f(px(tick))
      svg.append(
        "<line x1=\"\(at)\" y1=\"\(f(top))\" x2=\"\(at)\" y2=\"\(f(top + height))\" stroke=\"#e5e5e5\"/>")
      svg.append(
        "<text x=\"\(at)\" y=\"\(f(top + height + 18))\" text-anchor=\"middle\">\(x.label(tick))</text>")
    }
    for tick in y.ticks {
      let at = f(py(tick))
      svg.append(
        "<line x1=\"\(f(left))\" y1=\"\(at)\" x2=\"\(f(left + width))\" y2=\"\(at)\" stroke=\"#e5e5e5\"/>")
      svg.append(
        "<text x=\"\(f(left - 8))\" y=\"\(at)\" text-anchor=\"end\" dominant-baseline=\"middle\">"
          + "\(y.label(tick))</text>")
    }
    svg.append(
      "<rect class=\"plot\" x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(width))\" height=\"\(f(height))\" "
        + "fill=\"none\" stroke=\"#333\"/>")
    svg.append(
      "<text x=\"\(f(left + width / 2))\" y=\"\(f(top + height + 40))\" text-anchor=\"middle\">"
        + "\(ChartStyle.escape(xTitle))</text>")
    svg.append(
      "<text transform=\"translate(\(f(left - 62)) \(f(top + height / 2))) rotate(-90)\" "
        + "text-anchor=\"middle\">\(ChartStyle.escape(yTitle))</text>")
    return svg
  }
}
