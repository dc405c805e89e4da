import Testing

@testable import QuietPlacesLab

/// The lab reads durations as the REPL does (`y` is 365.25 days), up to 100 years, and says which of
/// three things is wrong with one it refuses.
@Suite struct LabDurationTests {
  @Test(arguments: [
    ("90s", Int64(90)), ("15m", 900), ("8h", 28_800), ("1h30m", 5_400), ("2d", 172_800), ("1w", 604_800),
    ("1y", 31_557_600), ("100y", 3_155_760_000), ("0s", 0),
  ])
  func reads(_ text: String, _ seconds: Int64) {
    #expect(LabDuration.read(text) == .seconds(seconds))
    #expect(LabDuration.parse(text) == seconds)
  }

  @Test(arguments: ["", "8", "h", "8x", "30m1h", "1y2y", "1.5h", "-1h", "٣h", "8 h"])
  func refusesWhatIsNotADuration(_ text: String) {
    #expect(LabDuration.read(text) == .notADuration)
    #expect(LabDuration.parse(text) == nil)
  }

  /// Past 100 years, however far, even where the arithmetic would overflow.
  @Test(arguments: ["101y", "100y1s", "5300w", "36526d", "3155760001s", "99999999999999999999999d"])
  func refusesWhatIsTooLong(_ text: String) {
    #expect(LabDuration.read(text) == .tooLong)
  }

  @Test func errorsSayWhatIsWrongAndWhatWouldBeRight() {
    func message(_ value: String) -> String? {
      do {
        _ = try LabDuration.positive(value, shown: "for \(value)", example: "for 8h or for 2d")
        return nil
      } catch {
        return error.message
      }
    }
    #expect(message("8h") == nil)
    #expect(message("0s") == "'for 0s' is no time at all; write at least 1s, such as for 8h or for 2d")
    #expect(
      message("200y")
        == "'for 200y' is beyond the maximum of 100 years; write 100y or less, such as for 8h or for 2d")
    #expect(
      message("8x")
        == "'for 8x' is not a duration; write whole numbers with units y, w, d, h, m, s (largest first), "
        + "such as for 8h or for 2d")
    // Units in words: the example is what was written, in letters, when that is a duration.
    #expect(
      message("2 days")
        == "'for 2 days' is not a duration; write whole numbers with units y, w, d, h, m, s (largest first), "
        + "such as for 2d")
    #expect(message("30 min 1 hour")?.hasSuffix("such as for 8h or for 2d") == true)
    #expect(message("0 days")?.hasSuffix("such as for 8h or for 2d") == true)
  }

  /// A column's unit: seconds below three minutes (a time of 2 to 6 s read `0.0h`, and its difference a
  /// point), hours below two days, days below two years, then years.
  @Test func aSpanUnderThreeMinutesIsInSeconds() {
    #expect(LabDuration.spanUnit(6).name == "s" && LabDuration.spanUnit(179.9).name == "s")
    #expect(LabDuration.spanUnit(180).name == "h" && LabDuration.spanUnit(0).name == "h")
    #expect(LabDuration.spanUnit(172_800).name == "d" && LabDuration.spanUnit(63_115_200).name == "y")
    #expect(LabDuration.span(-4.5, unit: LabDuration.spanUnit(6)) == "-4.5s")
    // A negative span trapped (a negative count of padding zeros); it is its magnitude after a minus.
    #expect(LabDuration.span(-1_800, unit: ("h", 3_600)) == "-0.5h")
    #expect(LabDuration.span(-36, unit: ("h", 3_600), decimals: 2) == "-0.01h")
  }
}
