import Foundation

/// Numbers as the benchmark prints them.
enum Format {
  /// A duration in the unit that suits it: ns, µs, ms or s, three significant digits.
  static func duration(_ seconds: Double) -> String {
    switch seconds {
    case ..<1e-6: return significant(seconds * 1e9) + " ns"
    case ..<1e-3: return significant(seconds * 1e6) + " µs"
    case ..<1: return significant(seconds * 1e3) + " ms"
    default: return significant(seconds) + " s"
    }
  }

  /// Three significant digits, without exponent.
  static func significant(_ value: Double) -> String {
    let digits = value == 0 ? 0 : max(0, 2 - Int(floor(log10(abs(value)))))
    return String(format: "%.\(digits)f", value)
  }

  /// A ratio such as `12,300×`.
  static func ratio(_ value: Double) -> String {
    value >= 100 ? grouped(value.rounded()) + "×" : significant(value) + "×"
  }

  /// A count with thousands separators.
  static func grouped(_ value: Double) -> String {
    let digits = String(Int64(value.rounded()))
    var result = ""
    for (index, character) in digits.reversed().enumerated() {
      if index > 0 && index % 3 == 0 && character != "-" { result.append(",") }
      result.append(character)
    }
    return String(result.reversed())
  }

  /// A rate per second such as `12.3 M/s`.
  static func rate(_ perSecond: Double) -> String {
    switch perSecond {
    case 1e9...: return significant(perSecond / 1e9) + " G/s"
    case 1e6...: return significant(perSecond / 1e6) + " M/s"
    case 1e3...: return significant(perSecond / 1e3) + " k/s"
    default: return significant(perSecond) + " /s"
    }
  }

  /// Bytes in MB (10^6).
  static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }

  /// `1.2e-12`.
  static func scientific(_ value: Double) -> String { String(format: "%.1e", value) }

  /// Left-aligned in `width` columns.
  static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }
}
