#if canImport(Glibc)
  import Glibc
#endif

/// One axis of a plot: its range, its ticks and how a value maps onto it, linearly or by powers of
/// ten. A logarithmic axis starts at 1 or above and has no tick at zero; a value below its start is
/// drawn at its start.
struct ChartAxis {
  /// The range, in the values' own units.
  var from: Double
  var to: Double
  /// Whether the axis counts powers of ten.
  var logarithmic: Bool
  /// Where ticks go, in the values' own units.
  var ticks: [Double]
  /// Divides values for tick labels (3,600 for hours of seconds).
  var unit = 1.0

  /// From 0 to a round number at least `highest` (in units of `unit`).
  static func linear(upTo highest: Double, unit: Double = 1) -> ChartAxis {
    let ticks = ChartStyle.niceTicks(upTo: highest / unit).map { $0 * unit }
    return ChartAxis(from: 0, to: ticks.last ?? highest, logarithmic: false, ticks: ticks, unit: unit)
  }

  /// From 0 to at least `highest` in whole-number steps, for counts.
  static func counts(upTo highest: Double) -> ChartAxis {
    var axis = linear(upTo: max(highest, 1))
    if let second = axis.ticks.dropFirst().first, second < 1 || second != second.rounded() {
      let step = [1.0, 2, 5, 10].first { $0 >= second } ?? second.rounded(.up)
      axis.ticks = stride(from: 0, through: axis.to + step / 2, by: step).map { $0 }
      axis.to = axis.ticks.last ?? axis.to
    }
    return axis
  }

  /// Whole powers of ten around the positive values from `lowest` to `highest`, never below 1.
  static func logarithmic(lowest: Double, highest: Double) -> ChartAxis {
    let low = floor(log10(max(lowest, 1)))
    let high = max(ceil(log10(max(highest, 1))), low + 1)
    let step = max(1, ((high - low) / 8).rounded(.up))
    let ticks = stride(from: low, through: high, by: step).map { pow(10, $0) }
    return ChartAxis(from: pow(10, low), to: pow(10, high), logarithmic: true, ticks: ticks)
  }

  /// Where `value` lies along the axis, from 0 (its start) to 1 (its end), clamped.
  func fraction(_ value: Double) -> Double {
    guard value.isFinite else { return value > 0 ? 1 : 0 }
    let position =
      logarithmic
      ? (log10(max(value, from)) - log10(from)) / (log10(to) - log10(from))
      : (value - from) / max(to - from, 1e-12)
    return min(max(position, 0), 1)
  }

  /// A tick's label: `1`, `1,000`, `1e6` on a logarithmic axis; the value in `unit`s otherwise.
  func label(_ tick: Double) -> String {
    if logarithmic {
      let exponent = Int(log10(tick).rounded())
      return exponent < 4 ? ChartStyle.label(tick.rounded()) : "1e\(exponent)"
    }
    return ChartStyle.label(tick / unit)
  }
}
