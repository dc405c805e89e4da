import FoundationEssentials
import QuietPlacesUtilities

#if canImport(Glibc)
  import Glibc
#endif

/// Readable numbers for the REPL's output: deterministic and independent of the locale.
///
/// - Integers below 1,000,000 in magnitude: thousands separators, `12,345`.
/// - Doubles below 1,000: at most two decimals, trailing zeros trimmed, `8`, `88.5`, `0.01`; a value
///   that rounds to zero prints `0`.
/// - 1,000 up to 1,000,000: rounded to a whole number with separators, `12,345`.
/// - Then two decimals and a suffix: `1.23M`, `4.56B`, `7.89T`; from 1e15 on, scientific: `1.23e15`.
/// - Negative numbers take a leading `-`; infinity prints `∞` (or `-∞`) and NaN prints `NaN`.
///
/// Rounding is to nearest, halves away from zero, on the binary value (so `0.125` may print `0.13`
/// and `88.505` may print `88.5`: what the double holds, not what was typed).
public enum NumberFormat {
  /// The suffixes from a million up, each a thousand times the one before.
  private static let suffixes: [(scale: Double, suffix: String)] = [(1e6, "M"), (1e9, "B"), (1e12, "T")]

  /// An integer with thousands separators, whatever its size: `1,234,567`. For Postmarks and Knowledge.
  public static func grouped(_ value: Int) -> String {
    value.withThousandsSeparators
  }

  /// An integer, with separators below a million in magnitude and like ``readable(_:)-(Double)`` above.
  public static func readable(_ value: Int) -> String {
    value.magnitude < 1_000_000 ? grouped(value) : readable(Double(value))
  }

  /// An amount of Discoveries in a sentence that compares two (a cost and what is held): as
  /// ``readable(_:)-(Double)``, but a positive amount that rounds to 0 reads `less than 0.01`, so a
  /// cost refused never reads `0` beside a holding of `0`.
  public static func amount(_ value: Double) -> String {
    let text = readable(value)
    return text == "0" && value > 0 ? "less than 0.01" : text
  }

  /// A double as the rules above say.
  public static func readable(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value < 0 ? "-∞" : "∞" }
    let body = magnitudeText(value.magnitude)
    return value < 0 && body != "0" ? "-" + body : body
  }

  private static func magnitudeText(_ value: Double) -> String {
    let hundredths = (value * 100).rounded()
    if hundredths < 100_000 {
      let whole = Int(hundredths) / 100
      let fraction = Int(hundredths) % 100
      if fraction == 0 { return grouped(whole) }
      let decimals =
        fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")
      return "\(whole).\(decimals)"
    }
    let whole = value.rounded()
    if whole < 1e6 { return grouped(Int(whole)) }
    for (scale, suffix) in suffixes {
      let scaled = (value / scale * 100).rounded()
      if scaled < 100_000 { return twoDecimals(scaled) + suffix }
    }
    return scientific(value)
  }

  /// `m.mme…` with one digit before the point: `1.23e15`.
  private static func scientific(_ value: Double) -> String {
    var exponent = Int(log10(value).rounded(.down))
    var mantissa = (value / pow(10, Double(exponent)) * 100).rounded()
    if mantissa < 100 {
      exponent -= 1
      mantissa = (value / pow(10, Double(exponent)) * 100).rounded()
    }
    if mantissa >= 1000 {
      exponent += 1
      mantissa = (value / pow(10, Double(exponent)) * 100).rounded()
    }
    return "\(twoDecimals(mantissa))e\(exponent)"
  }

  /// `hundredths` (a whole number of hundredths, below 100,000) as `w.ff`.
  private static func twoDecimals(_ hundredths: Double) -> String {
    let count = Int(hundredths)
    let fraction = count % 100
    return "\(count / 100)." + (fraction < 10 ? "0\(fraction)" : "\(fraction)")
  }
}
