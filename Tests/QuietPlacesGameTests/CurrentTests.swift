import Foundation
import QuietPlacesGame
import QuietPlacesTestSupport
import Testing

@Suite struct CurrentTests {
  /// A quiet game whose first arrival (at 360 s) starts a current.
  func gameWithCurrentAtFirstArrival() throws -> GameState {
    var game = quietGame()
    game.currentCountdown = 1
    let report = sailed(try game.apply(.advance(seconds: 360), rules: rules))
    #expect(report.currents == 1)
    #expect(report.currentRunningAtEnd)
    game.currentCountdown = 1_000_000
    return game
  }

  @Test func aCurrentDoublesSpeedForThirtyMinutes() throws {
    var game = try gameWithCurrentAtFirstArrival()
    #expect(game.currentRemaining == 30 * 60)
    #expect(game.speed(rules) == 2 * 10)
    #expect(game.lifetime.currents == 1)
    // 1800 s at 20 knots is 10 nm from Lantern Quay: legs 1.2 + 1.4 + 1.2 + 1.2 + 1.0 + 1.2 + 1.4 + 1.2 = 9.8 nm
    // (8 arrivals), then 0.2 nm of the 1.2 nm leg to Reedwater.
    let report = sailed(try game.apply(.advance(seconds: 1800), rules: rules))
    #expect(report.arrivals == 8)
    #expect(!report.currentRunningAtEnd)
    #expect(game.currentRemaining == 0)
    #expect(game.legIndex == 4)
    #expect(isClose(game.legRemaining, 1.2 - 0.2))
    // Back at 10 knots: the remaining 1.0 nm takes 360 s.
    #expect(game.speed(rules) == 10)
    let after = sailed(try game.apply(.advance(seconds: 359), rules: rules))
    #expect(after.arrivals == 0)
    let arrival = sailed(try game.apply(.advance(seconds: 1), rules: rules))
    #expect(arrival.arrivals == 1)
  }

  @Test func aCurrentIsNeverARewardMultiplier() throws {
    var game = try gameWithCurrentAtFirstArrival()
    let rates = game.rates(rules)
    // travelRate uses the speed without the current: 10 · 50 / 6 / 3600.
    #expect(isClose(rates.travel, 10 * RouteOne.loopReward / RouteOne.loop / 3600))
    #expect(rates.speed == 10)
    // Gull Rock at 20 knots: 1.2 nm in 216 s; its grant is still 10.
    let report = sailed(try game.apply(.advance(seconds: 216), rules: rules))
    #expect(report.arrivals == 1)
    #expect(report.arrivalDiscoveries == 10)
  }

  @Test func restartingACurrentResetsItToThirtyMinutes() throws {
    var game = try gameWithCurrentAtFirstArrival()
    game.currentCountdown = 1
    // Gull Rock at 20 knots: 216 s; the current had 1800 − 216 left and is reset to 1800.
    let report = sailed(try game.apply(.advance(seconds: 216), rules: rules))
    #expect(report.arrivals == 1)
    #expect(report.currents == 1)
    #expect(game.currentRemaining == 1800)
    #expect(game.lifetime.currents == 2)
  }

  @Test func aCurrentThatEndsAtTheSameInstantAsAnArrivalEndsFirst() throws {
    var game = quietGame()
    // 1.0 nm at 20 knots takes 180 s; the current has exactly 180 s left.
    game.currentRemaining = 180
    game.currentCountdown = 1
    let report = sailed(try game.apply(.advance(seconds: 180), rules: rules))
    #expect(report.arrivals == 1)
    // The old current ended first, then the arrival started a new one with its whole 30 minutes.
    #expect(report.currents == 1)
    #expect(game.currentRemaining == 1800)
    #expect(report.currentRunningAtEnd)
  }

  @Test func anArrivalDueExactlyAtTheEndOfAnAdvanceHappensInsideIt() throws {
    var game = quietGame()
    // Lantern Quay at 360 s, Gull Rock at 360 + 432 = 792 s, Mistle Cove at 792 + 504 = 1296 s.
    let first = sailed(try game.apply(.advance(seconds: 792), rules: rules))
    #expect(first.arrivals == 2)
    #expect(game.legIndex == 2)
    #expect(game.legRemaining == 1.4)
    let second = sailed(try game.apply(.advance(seconds: 504), rules: rules))
    #expect(second.arrivals == 1)
  }

  @Test func closingEndsACurrent() throws {
    var game = try gameWithCurrentAtFirstArrival()
    let events = try game.apply(.close, rules: rules)
    #expect(events == [.closed(endedCurrent: true)])
    #expect(game.currentRemaining == 0)
    #expect(!game.isOpen)
    var calm = quietGame()
    #expect(try calm.apply(.close, rules: rules) == [.closed(endedCurrent: false)])
  }

  @Test func aRunningCurrentKeepsRunningThroughACharter() throws {
    var game = try gameWithCurrentAtFirstArrival()
    game.discoveries = 4000
    _ = try game.apply(.charter, rules: rules)
    #expect(game.currentRemaining == 1800)
    // Otter Steps, 1.5 nm at 20 knots: 270 s.
    let report = sailed(try game.apply(.advance(seconds: 270), rules: rules))
    #expect(report.arrivals == 1)
    #expect(report.arrivalDiscoveries == 32)
    #expect(game.currentRemaining == 1800 - 270)
  }

  @Test func aCurrentStartsWhenTheSeededCountdownRunsOut() throws {
    var game = newGame(seed: 1)
    let countdown = game.currentCountdown
    var arrivals = 0
    while game.currentRemaining == 0 {
      arrivals += sailed(try game.apply(.advance(seconds: 60), rules: rules)).arrivals
    }
    // With no survey first (a survey could only add Knowledge, never move the ship), the current starts at
    // the arrival the countdown named.
    #expect(arrivals == countdown)
    #expect(game.lifetime.currents == 1)
  }
}
