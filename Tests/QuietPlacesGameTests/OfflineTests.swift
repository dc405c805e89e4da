import Foundation
import QuietPlacesGame
import QuietPlacesTestSupport
import Testing

@Suite struct OfflineTests {
  @Test func anAbsenceCreditsTheHoldOfRealSailing() throws {
    var game = quietGame()
    game.surveyCountdown = 1
    game.currentCountdown = 1
    _ = try game.apply(.close, rules: rules)
    let closedAt = game.clock
    // Ten hours away with the free hold of 8 hours.
    let report = try launched(try game.apply(.launch(clock: closedAt + 10 * 3600), rules: rules))
    #expect(report.absence == 10 * 3600)
    #expect(report.holdHours == 8)
    #expect(report.credited == 8 * 3600)
    // 8 h at 10 knots = 80 nm = 13 loops of 6 nm (65 arrivals), then Lantern Quay (1.0 nm), and 1.0 nm of the
    // 1.2 nm leg to Gull Rock.
    #expect(report.sailing.arrivals == 13 * 5 + 1)
    #expect(isClose(report.sailing.arrivalDiscoveries, 13 * RouteOne.loopReward + 8))
    #expect(isClose(report.sailing.bonusDiscoveries, 10 * RouteOne.loopReward))
    #expect(report.sailing.postmarks == 5 * 4)
    #expect(report.sailing.firstVisits.count == 5)
    #expect(isClose(game.discoveries, 13 * RouteOne.loopReward + 8 + 10 * RouteOne.loopReward))
    #expect(isClose(game.progress, game.discoveries))
    #expect(game.legIndex == 1)
    #expect(isClose(game.legRemaining, 1.2 - 1.0))
    // No surveys and no currents offline; the countdowns did not move.
    #expect(report.sailing.surveys == 0)
    #expect(report.sailing.currents == 0)
    #expect(game.surveyCountdown == 1)
    #expect(game.currentCountdown == 1)
    #expect(game.knowledge == 0)
    #expect(game.currentRemaining == 0)
    #expect(game.clock == closedAt + 10 * 3600)
    #expect(game.isOpen)
  }

  @Test func theShipWaitsAfterTheCreditedTime() throws {
    var short = quietGame()
    var long = quietGame()
    _ = try short.apply(.close, rules: rules)
    _ = try long.apply(.close, rules: rules)
    _ = try short.apply(.launch(clock: short.clock + 8 * 3600), rules: rules)
    _ = try long.apply(.launch(clock: long.clock + 3 * 24 * 3600), rules: rules)
    #expect(long.discoveries == short.discoveries)
    #expect(long.legIndex == short.legIndex)
    #expect(long.legRemaining == short.legRemaining)
    #expect(long.lifetime.arrivals == short.lifetime.arrivals)
    #expect(long.clock == short.clock + 3 * 24 * 3600 - 8 * 3600)
  }

  @Test func aShortAbsenceCreditsAllOfIt() throws {
    var game = quietGame()
    game.hiredScouts = 2
    _ = try game.apply(.close, rules: rules)
    let report = try launched(try game.apply(.launch(clock: game.clock + 90), rules: rules))
    #expect(report.credited == 90)
    // eff(2) = 2 scouts at 0.01 /s for 90 s; no arrival before 360 s.
    #expect(isClose(report.sailing.scoutDiscoveries, 2 * 0.01 * 90))
    #expect(isClose(game.legRemaining, 1.0 - 10.0 * 90 / 3600))
  }

  @Test func deepHoldCreditsThirtyTwoHoursAndRevokingRestoresTheFreeHold() throws {
    var game = quietGame()
    game.grant(.hold)
    _ = try game.apply(.close, rules: rules)
    let report = try launched(try game.apply(.launch(clock: game.clock + 40 * 3600), rules: rules))
    #expect(report.holdHours == 32)
    #expect(report.credited == 32 * 3600)
    game.revoke(.hold)
    _ = try game.apply(.close, rules: rules)
    let after = try launched(try game.apply(.launch(clock: game.clock + 40 * 3600), rules: rules))
    #expect(after.holdHours == 8)
    #expect(after.credited == 8 * 3600)
  }

  @Test func closedAppRefusesEverythingButLaunch() throws {
    var game = quietGame()
    _ = try game.apply(.close, rules: rules)
    let before = game
    for command in [
      GameCommand.advance(seconds: 60), .close, .upgrade(.sails, .count(1)), .hire(.max), .charter,
      .buySupplies, .colour(.ivory), .prestige(.bearings), .prestige(.atlas), .freshVoyage,
    ] {
      #expect(throws: GameError.appClosed) { try game.apply(command, rules: rules) }
      #expect(game == before)
    }
    #expect(throws: GameError.clockBackwards(from: before.clock, to: before.clock - 1)) {
      try game.apply(.launch(clock: before.clock - 1), rules: rules)
    }
    #expect(game == before)
    var open = quietGame()
    let openBefore = open
    #expect(throws: GameError.appOpen) { try open.apply(.launch(clock: open.clock + 1), rules: rules) }
    #expect(open == openBefore)
  }
}
