/// The key of a chart, drawn below its plots (never over the data): one row per entry, each with a
/// sample of how it is drawn, its name and a note.
struct ChartLegend {
  /// How an entry's sample is drawn.
  enum Sample {
    /// Variant `v`'s line over its band.
    case lineAndBand(Int)
    /// Variant `v`'s line.
    case line(Int)
    /// A filled box in this colour.
    case box(String)
    /// A thin mark in this colour.
    case mark(String)
  }

  struct Entry {
    var sample: Sample
    var name: String
    var note: String = ""
  }

  var entries: [Entry]
  /// A line of explanation under the entries, if any.
  var footnote: String?
  /// The most characters a line of the footnote holds (112 across a whole chart).
  var lineLength = 112

  /// Its height on the page.
  var height: Double { Double(entries.count + footnoteLines.count) * 20 + 8 }

  /// The footnote in lines short enough for the page.
  var footnoteLines: [String] {
    footnote.map { ChartStyle.wrapped($0, length: lineLength) } ?? []
  }

  /// The rows, starting at `top`, from `left`.
  func draw(left: Double, top: Double) -> [String] {
    let f = ChartStyle.fixed
    var svg = ["<g class=\"legend\">"]
    for (row, entry) in entries.enumerated() {
      let y = top + 14 + Double(row) * 20
      switch entry.sample {
      case .lineAndBand(let v):
        svg.append(
          "<rect x=\"\(f(left))\" y=\"\(f(y - 9))\" width=\"30\" height=\"12\" \(ChartStyle.bandStyle(v))/>")
        svg.append(
          "<line x1=\"\(f(left))\" y1=\"\(f(y - 3))\" x2=\"\(f(left + 30))\" y2=\"\(f(y - 3))\" "
            + "\(ChartStyle.lineStyle(v))/>")
      case .line(let v):
        svg.append(
          "<line x1=\"\(f(left))\" y1=\"\(f(y - 3))\" x2=\"\(f(left + 30))\" y2=\"\(f(y - 3))\" "
            + "\(ChartStyle.lineStyle(v))/>")
      case .box(let colour):
        svg.append(
          "<rect x=\"\(f(left))\" y=\"\(f(y - 9))\" width=\"30\" height=\"12\" fill=\"\(colour)\"/>")
      case .mark(let colour):
        svg.append(
          "<line x1=\"\(f(left + 15))\" y1=\"\(f(y - 10))\" x2=\"\(f(left + 15))\" y2=\"\(f(y + 3))\" "
            + "stroke=\"\(colour)\" stroke-width=\"2\"/>")
      }
      let note = entry.note.isEmpty ? "" : "<tspan fill=\"#555\"> — \(ChartStyle.escape(entry.note))</tspan>"
      svg.append(
        "<text x=\"\(f(left + 38))\" y=\"\(f(y + 1))\">\(ChartStyle.escape(entry.name))\(note)</text>")
    }
    for (row, line) in footnoteLines.enumerated() {
      let y = top + 14 + Double(entries.count + row) * 20
      svg.append(
        "<text x=\"\(f(left))\" y=\"\(f(y + 1))\" fill=\"#555\" font-size=\"12\">"
          + "\(ChartStyle.escape(line))</text>")
    }
    svg.append("</g>")
    return svg
  }
}
