import QuietPlacesUtilities

#if canImport(Glibc)
  import Glibc
#endif

/// What every chart kind draws the same way: the variants' colours and dash patterns, numbers
/// written with the same digits on every machine, and text made safe for SVG and HTML.
enum ChartStyle {
  static let colours = [
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2",
  ]
  /// Each variant also has its own dash pattern (solid, dashed, dotted, dash-dot, in turn), so lines
  /// that coincide, as two variants with the same median do, both stay visible.
  static let dashes = ["", "9 5", "2 4", "9 4 2 4"]

  /// Variant `v`'s colour.
  static func colour(_ v: Int) -> String { colours[v % colours.count] }

  /// Variant `v`'s dash pattern as an attribute (empty for a solid line), with a leading space.
  static func dash(_ v: Int) -> String {
    let dash = dashes[v % dashes.count]
    return dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\""
  }

  /// The stroke attributes of variant `v`'s line.
  static func lineStyle(_ v: Int, width: Double = 2.2) -> String {
    "stroke=\"\(colour(v))\" stroke-width=\"\(fixed(width))\"" + dash(v)
  }

  /// A band of variant `v`: a light fill and an outline in the variant's colour and dash pattern, so
  /// overlapping bands of different variants stay apart.
  static func bandStyle(_ v: Int, outline: Double = 0.9) -> String {
    "fill=\"\(colour(v))\" fill-opacity=\"0.13\" stroke=\"\(colour(v))\" stroke-opacity=\"0.7\" "
      + "stroke-width=\"\(fixed(outline))\"" + dash(v)
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

  /// A tick's label: whole numbers with separators, else up to two decimals; `3e6` from a million;
  /// a value below 0 with a minus sign before all of it (`−1.2`, `−0.8`).
  static func label(_ value: Double) -> String {
    if value < 0 {
      let magnitude = label(-value)
      return magnitude == "0" ? magnitude : "−" + magnitude
    }
    if value >= 1e6 {
      let exponent = Int(floor(log10(value)))
      let mantissa = value / pow(10, Double(exponent))
      return "\(mantissa == mantissa.rounded() ? "\(Int(mantissa))" : fixed(mantissa))e\(exponent)"
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

  /// Text safe inside an element or a quoted attribute.
  static func escape(_ text: String) -> String {
    text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
      .replacing("\"", with: "&quot;")
  }

  /// `text` in lines of at most `length` characters, broken between words (a longer word alone).
  static func wrapped(_ text: String, length: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + word.count + 1 > length {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  /// The opening tag of a chart `width` × `height` pixels.
  static func header(width: Double, height: Double) -> [String] {
    [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" "
        + "viewBox=\"0 0 \(Int(width)) \(Int(height))\" font-family=\"Helvetica, Arial, sans-serif\" "
        + "font-size=\"13\">",
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
    ]
  }

  /// A title centred at the top.
  static func title(_ text: String, width: Double) -> String {
    "<text x=\"\(fixed(width / 2))\" y=\"26\" text-anchor=\"middle\" font-size=\"16\">\(escape(text))</text>"
  }
}

/// A chart as a drawer makes it: its size and what is drawn, without the document around it.
struct ChartDrawing {
  var width: Double
  var height: Double
  /// The elements, the title first.
  var body: [String]

  /// The SVG document, made taller by `footer`'s lines (each wrapped at 140 characters), written
  /// small and grey under everything else: what the chart was computed from, so that a file shown
  /// on its own still says it.
  func svg(footer: [String] = []) -> [String] {
    let lines = footer.flatMap { ChartStyle.wrapped($0, length: 140) }
    guard !lines.isEmpty else { return ChartStyle.header(width: width, height: height) + body + ["</svg>"] }
    let top = height + 4
    let text = lines.enumerated().map { row, line in
      "<text x=\"12\" y=\"\(ChartStyle.fixed(top + 14 * Double(row)))\" fill=\"#666\" font-size=\"11\">"
        + "\(ChartStyle.escape(line))</text>"
    }
    return ChartStyle.header(width: width, height: top + 14 * Double(lines.count)) + body
      + ["<g class=\"provenance\">"] + text + ["</g>", "</svg>"]
  }
}
