import Testing

@testable import QuietPlacesREPL

@Suite struct NumberFormatTests {
  @Test(arguments: [
    (0.0, "0"), (8, "8"), (88.5, "88.5"), (0.01, "0.01"), (0.05, "0.05"), (0.5, "0.5"), (1.1, "1.1"),
    (0.004, "0"), (1.999, "2"), (999.994, "999.99"), (999.996, "1,000"), (1_000, "1,000"),
    (12_345.6, "12,346"), (999_999.4, "999,999"), (999_999.6, "1.00M"), (1_234_567, "1.23M"),
    (4_560_000_000, "4.56B"), (7.89e12, "7.89T"), (9.99999e14, "1.00e15"), (1e15, "1.00e15"),
    (1.23e15, "1.23e15"), (4.5e100, "4.50e100"), (-12_345, "-12,345"), (-2.5, "-2.5"), (-0.001, "0"),
    (-1.5e6, "-1.50M"), (Double.infinity, "∞"), (-Double.infinity, "-∞"), (Double.nan, "NaN"),
  ])
  func readableDouble(value: Double, expected: String) {
    #expect(NumberFormat.readable(value) == expected)
  }

  /// An amount compared with another: what rounds to 0 but is not 0 reads "less than 0.01".
  @Test(arguments: [
    (0.0, "0"), (0.004, "less than 0.01"), (1e-9, "less than 0.01"), (0.005, "0.01"), (88.5, "88.5"),
    (-0.001, "0"),
  ])
  func amount(value: Double, expected: String) {
    #expect(NumberFormat.amount(value) == expected)
  }

  @Test(arguments: [
    (0, "0"), (999, "999"), (1_000, "1,000"), (12_345, "12,345"), (999_999, "999,999"),
    (1_000_000, "1.00M"), (-12_345, "-12,345"), (Int.max, "9.22e18"), (Int.min, "-9.22e18"),
  ])
  func readableInteger(value: Int, expected: String) {
    #expect(NumberFormat.readable(value) == expected)
  }

  @Test(arguments: [
    (0, "0"), (100, "100"), (1_000, "1,000"), (-1_000, "-1,000"), (1_234_567, "1,234,567"),
    (Int.min, "-9,223,372,036,854,775,808"),
  ])
  func groupedInteger(value: Int, expected: String) {
    #expect(NumberFormat.grouped(value) == expected)
  }
}

@Suite struct DurationFormatTests {
  @Test(arguments: [
    (Int64(0), "0s"), (1, "1s"), (59, "59s"), (60, "1m"), (90, "1m 30s"), (360, "6m"), (2_700, "45m"),
    (3_599, "59m 59s"), (3_600, "1h"), (7_205, "2h"), (9_000, "2h 30m"), (86_400, "1d"), (273_600, "3d 4h"),
    (273_659, "3d 4h"), (31_536_000, "365d"), (32_594_400, "1y 12d"), (3_155_760_000, "100y"),
    (-90, "-1m 30s"),
  ])
  func string(seconds: Int64, expected: String) {
    #expect(DurationFormat.string(seconds: seconds) == expected)
  }

  @Test(arguments: [
    (Int64(0), "0s"), (358, "5m58s"), (360, "6m"), (429_023, "4d23h10m23s"), (86_401, "1d1s"),
  ])
  func typed(seconds: Int64, expected: String) throws {
    #expect(DurationFormat.typed(seconds: seconds) == expected)
    if seconds > 0 { #expect(try DurationFormat.parse(expected) == seconds) }
  }

  /// A comma before three digits is a thousands separator, said so, not a fraction; `1,5h` is one.
  @Test func aThousandsSeparatorIsNotAFraction() {
    #expect(throws: DurationFormat.ParseError.separator("1,000s")) { try DurationFormat.parse("1,000s") }
    #expect(throws: DurationFormat.ParseError.separator("1,000,000s")) {
      try DurationFormat.parse("1,000,000s")
    }
    #expect(throws: DurationFormat.ParseError.fraction("1,5h")) { try DurationFormat.parse("1,5h") }
    #expect(throws: DurationFormat.ParseError.fraction("1,0000s")) { try DurationFormat.parse("1,0000s") }
    #expect(
      DurationFormat.ParseError.separator("1,000s").description
        == "'1,000s' has a thousands separator; write the number without one, such as 1000s")
  }

  /// `state --json` rounds to 12 significant digits, read back as the nearest double: 1e-100 stays
  /// 1e-100 (two divisions by powers of ten made it 9.999999999999999e-101), and so do the other ends.
  @Test(arguments: [
    (1e-100, 1e-100), (1.234567890123456e-100, 1.23456789012e-100), (9.999999999999999e-101, 1e-100),
    (1e-300, 1e-300), (123_456_789.123456, 123_456_789.123), (1.234567890123456e200, 1.23456789012e200),
    (0.1 + 0.2, 0.3), (-2.5e-40, -2.5e-40),
  ])
  func roundedToTwelveDigits(value: Double, expected: Double) {
    #expect(Decimals.rounded(value, significant: 12) == expected)
  }

  /// What a command sailed or credited is written to the second, every unit that is not zero:
  /// 6d 21h 18m = 6 · 86,400 + 21 · 3,600 + 18 · 60 = 595,080 s, where the summary form says 6d 21h.
  @Test(arguments: [
    (Int64(0), "0s"), (595_080, "6d 21h 18m"), (11_225, "3h 7m 5s"), (93_784, "1d 2h 3m 4s"),
    (7_205, "2h 5s"),
    (Int64(31_557_600 + 3 * 86_400), "1y 3d"), (Int64(-61), "-1m 1s"),
  ])
  func exact(seconds: Int64, expected: String) throws {
    #expect(DurationFormat.exact(seconds: seconds) == expected)
    if seconds > 0 { #expect(try DurationFormat.parse(expected) == seconds) }
  }

  @Test(arguments: [
    ("90s", Int64(90)), ("45m", 2_700), ("8h", 28_800), ("2d", 172_800), ("1w", 604_800), ("1h30m", 5_400),
    // Spaces between parts, and the Julian year of 365.25 days: 1y = 365.25 × 86,400 = 31,557,600 s.
    ("1h 30m", 5_400), ("2d  4h", 187_200), ("1y", 31_557_600), ("1y 2d", 31_730_400),
    ("100y", 3_155_760_000),
    ("1d2h3m4s", 93_784), ("0h1s", 1), ("36500d", 3_153_600_000), ("5217w", 3_155_241_600),
    ("3155760000s", 3_155_760_000),
  ])
  func parse(text: String, seconds: Int64) throws {
    #expect(try DurationFormat.parse(text) == seconds)
  }

  @Test(arguments: [
    ("", DurationFormat.ParseError.empty), ("-3h", .notADuration("-3h")), ("h", .notADuration("h")),
    ("1 h", .notADuration("1 h")), (" 1h", .notADuration(" 1h")), ("101y", .beyondMaximum("101y")),
    ("10x", .unknownUnit("10x", unit: "x")),
    ("8H", .unknownUnit("8H", unit: "H")), ("90", .missingUnit("90")), ("1h30", .missingUnit("1h30")),
    ("0", .zero("0")), ("00", .zero("00")),
    ("30m1h", .unitsOutOfOrder("30m1h")), ("1h1h", .unitsOutOfOrder("1h1h")), ("0s", .zero("0s")),
    ("1.5h", .fraction("1.5h")), ("99999999d", .beyondMaximum("99999999d")),
    ("5218w", .beyondMaximum("5218w")), ("3155760001s", .beyondMaximum("3155760001s")),
    ("99999999999999999999s", .beyondMaximum("99999999999999999999s")),
  ])
  func parseError(text: String, error: DurationFormat.ParseError) {
    #expect(throws: error) { try DurationFormat.parse(text) }
  }

  @Test func errorSentences() {
    #expect(
      DurationFormat.ParseError.notADuration("-3h").description
        == "'-3h' is not a duration; write a positive amount such as 90s, 45m, 8h, 2d, 1y or 1h 30m")
    #expect(
      DurationFormat.ParseError.unknownUnit("10x", unit: "x").description
        == "'x' in '10x' is not a unit; use s, m, h, d, w or y, such as 90s, 45m, 8h, 2d, 1y or 1h 30m")
    #expect(
      DurationFormat.ParseError.beyondMaximum("99999999d").description
        == "'99999999d' is beyond the maximum of 100 years; write a shorter duration, such as 100y or 36500d")
  }

  @Test func maximumIsOneHundredJulianYears() {
    #expect(DurationFormat.maximumSeconds == 100 * 36_525 * 864)
  }
}

@Suite struct CountArgumentTests {
  @Test(arguments: [
    ("1", CountArgument.count(1)), ("25", .count(25)), ("007", .count(7)), ("1000000", .count(1_000_000)),
    ("max", .max), ("MAX", .max),
  ])
  func parse(text: String, expected: CountArgument) throws {
    #expect(try CountArgument.parse(text) == expected)
  }

  @Test(arguments: [
    ("", CountArgument.ParseError.empty), ("-1", .notACount("-1")), ("0", .zero), ("000", .zero),
    ("abc", .notACount("abc")), ("1e9", .notACount("1e9")), ("1.5", .notACount("1.5")),
    ("1000001", .tooMany("1000001")), ("99999999999999999999999", .tooMany("99999999999999999999999")),
  ])
  func parseError(text: String, error: CountArgument.ParseError) {
    #expect(throws: error) { try CountArgument.parse(text) }
  }

  @Test func errorSentence() {
    #expect(
      CountArgument.ParseError.notACount("-1").description
        == "'-1' is not a count; write a whole number from 1 to 1,000,000, or max")
  }
}
