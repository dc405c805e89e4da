import Foundation
import QuietPlacesREPL
import QuietPlacesTestSupport
import Testing

/// A balance the loader takes may hold numbers at the edges of a double (`new --set
/// ship.baseSpeedKnots=1e-320`, a current that lasts 1e300 s): the rates, the waits and the time left
/// they give are printed, never trapped on.
@Suite struct ExtremeBalanceNumbersTests {
  /// Runs `lines` in a fresh session; the output of each line.
  func run(_ lines: [String]) async throws -> [[String]] { try await TestSessions.outputs(of: lines) }

  @Test func aRateTooSmallForItsDecimalsIsWrittenWithAnExponent() async throws {
    let out = try await run([
      "new --set ship.baseSpeedKnots=1e-320", "rates", "preview supplies", "prices",
    ])
    #expect(out[1].contains("  travel    2.5e-323/s (0/h) at 0 knots around 6.0 nm"), "\(out[1])")
    #expect(out[2].first?.contains("(ordinary rate 2.5e-323/s × 3,600 s)") == true, "\(out[2])")
    // 25 Discoveries at 2.5e-323 a second is a wait no clock holds.
    #expect(out[3].contains { $0.hasPrefix("  sails → level 1") && $0.contains(" in ∞ ") }, "\(out[3])")
  }

  @Test func aCurrentLongerThanAnyClockHoldsRunsForInfinity() async throws {
    let out = try await run([
      "new --set events.current.durationSeconds=1e300 --set events.current.oneIn=2", "advance 1h", "status",
    ])
    #expect(out[2].contains("A current runs: speed ×2 for ∞ more."), "\(out[2])")
  }
}
