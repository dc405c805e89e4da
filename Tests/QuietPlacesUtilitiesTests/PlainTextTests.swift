import QuietPlacesUtilities
import Testing

/// A number quoted back to the user as they would write it.
@Suite struct PlainTextTests {
  @Test(arguments: [
    (0.0, "0"), (-0.0, "0"), (-40.0, "-40"), (2_000.0, "2000"), (0.9, "0.9"), (1.5, "1.5"),
    (999_999_999_999_999.0, "999999999999999"), (1e15, "1000000000000000.0"), (1e16, "1e+16"),
    (1e300, "1e+300"),
    (Double.infinity, "inf"), (-Double.infinity, "-inf"),
  ])
  func wholeNumbersHaveNoFraction(value: Double, text: String) {
    #expect(value.plainText == text)
  }
}
