#if canImport(Glibc)
  import Glibc
#endif

/// Rounding to significant decimal digits, the same on every platform and without a formatter.
enum Decimals {
  /// `value` rounded to `digits` significant decimal digits (half away from zero).
  static func rounded(_ value: Double, significant digits: Int) -> Double {
    guard value.isFinite, value != 0 else { return value }
    let exponent = Int(log10(value.magnitude).rounded(.down))
    let scale = digits - 1 - exponent
    // Powers of ten up to 10^22 are exact, so one division or product of them rounds once; beyond,
    // the digits kept are read back as decimal text, which rounds once too (two divisions made
    // 1e-100 read 9.999999999999999e-101).
    if scale >= 0 {
      let first = min(scale, 22)
      let scaled = value * pow(10, Double(first)) * pow(10, Double(scale - first))
      guard scaled.isFinite else { return value }
      guard scale > 22 else { return scaled.rounded() / pow(10, Double(scale)) }
      return Double("\(Int64(scaled.rounded()))e-\(scale)") ?? value
    }
    let divisor = pow(10, Double(-scale))
    guard -scale > 22 else { return (value / divisor).rounded() * divisor }
    return Double("\(Int64((value / divisor).rounded()))e\(-scale)") ?? value
  }

  /// `value` with `digits` significant digits, trailing zeros dropped: `0.023148`, `1.2544`, `12`.
  /// Below 10^-15 (a rate of a balance with tiny numbers) in Swift's shortest form, `2.5e-323`: its
  /// zeros would not be read, and 10 to the power of the decimals of the smallest doubles overflows.
  static func significant(_ value: Double, digits: Int) -> String {
    let rounded = rounded(value, significant: digits)
    guard rounded != 0 else { return "0" }
    let exponent = Int(log10(rounded.magnitude).rounded(.down))
    guard exponent >= -15 else { return "\(rounded)" }
    let decimals = max(0, digits - 1 - exponent)
    let scaled = (rounded.magnitude * pow(10, Double(decimals))).rounded()
    var text = String(UInt64(scaled))
    if decimals > 0 {
      if text.count <= decimals { text = String(repeating: "0", count: decimals - text.count + 1) + text }
      text.insert(".", at: text.index(text.endIndex, offsetBy: -decimals))
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return (rounded < 0 ? "-" : "") + text
  }
}
