import Foundation
import QuietPlacesGame
import Testing

@Suite struct ArrivalTests {
  @Test func firstArrivalAtSixMinutes() throws {
    var game = newGame()
    // Leg 1 is 1.0 nm at 10 knots: 0.1 h = 360 s. Grant 8; first visit 10 × 8 = 80; stamp +4 Postmarks.
    let events = try game.apply(.advance(seconds: 360), rules: rules)
    guard case .sailed(let report) = events.first else {
      Issue.record("expected a sailing report")
      return
    }
    #expect(report.arrivals == 1)
    #expect(report.arrivalDiscoveries == 8)
    #expect(report.bonusDiscoveries == 80)
    #expect(game.discoveries == 88)
    #expect(game.postmarks == 4)
    #expect(game.legIndex == 1)
    #expect(game.clock == rules.startClock + 360)
  }
}
