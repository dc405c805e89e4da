import Foundation
import QuietPlacesGame
import QuietPlacesTestSupport
import Testing

@Suite struct ArrivalTests {
  @Test func firstArrivalAtSixMinutes() throws {
    var game = newGame()
    // Leg 1 is 1.0 nm at 10 knots: 0.1 h = 360 s. Grant 8; first visit 10 × 8 = 80; stamp +4 Postmarks.
    let report = sailed(try game.apply(.advance(seconds: 360), rules: rules))
    #expect(report.arrivals == 1)
    #expect(report.arrivalDiscoveries == 8)
    #expect(report.bonusDiscoveries == 10 * 8)
    #expect(report.firstVisits == [rules.place(named: "Lantern Quay")!])
    #expect(report.stamps == [rules.place(named: "Lantern Quay")!])
    #expect(report.postmarks == 4)
    #expect(game.discoveries == 8 + 10 * 8)
    #expect(game.postmarks == 4)
    #expect(game.legIndex == 1)
    #expect(game.legRemaining == 1.2)
    #expect(game.clock == rules.startClock + 360)
  }

  @Test func oneSecondShortOfTheFirstArrivalArrivesNowhere() throws {
    var game = newGame()
    let report = sailed(try game.apply(.advance(seconds: 359), rules: rules))
    #expect(report.arrivals == 0)
    #expect(game.discoveries == 0)
    // 359 s at 10 knots is 10 · 359 / 3600 nm; 1 s of sailing (10 / 3600 nm) is left.
    #expect(isClose(game.legRemaining, 1.0 - 10.0 * 359 / 3600, tolerance: 1e-9))
  }

  @Test func aWholeFirstLoopVisitsEveryPlaceOnceInOrder() throws {
    var game = quietGame()
    // The loop is 6 nm: 0.6 h = 2160 s at 10 knots.
    let report = sailed(try game.apply(.advance(seconds: 2160), rules: rules))
    #expect(report.arrivals == 5)
    #expect(report.firstVisits == Array(Rules.place(route: 1, index: 0)...Rules.place(route: 1, index: 4)))
    #expect(isClose(report.arrivalDiscoveries, RouteOne.loopReward))
    #expect(isClose(report.bonusDiscoveries, 10 * RouteOne.loopReward))
    #expect(game.postmarks == 5 * 4)
    #expect(game.legIndex == 0)
    // The second loop's arrivals are neither first visits nor stamps.
    let second = sailed(try game.apply(.advance(seconds: 2160), rules: rules))
    #expect(second.arrivals == 5)
    #expect(second.firstVisits.isEmpty)
    #expect(second.stamps.isEmpty)
    #expect(isClose(second.arrivalDiscoveries, RouteOne.loopReward))
    #expect(second.bonusDiscoveries == 0)
    #expect(game.postmarks == 5 * 4)
  }

  /// (spyglass levels, Knowledge, generations, charts owned).
  static let multiplierCases: [(Int, Int, Int, Bool)] = [
    (0, 0, 0, false), (1, 0, 0, false), (3, 0, 0, false), (0, 1, 0, false), (0, 25, 0, false),
    (0, 0, 1, false), (0, 0, 3, false), (0, 0, 0, true), (2, 7, 2, true), (10, 300, 5, true),
  ]

  @Test(arguments: multiplierCases)
  func arrivalGrantMultiplies(spyglass: Int, knowledge: Int, generations: Int, charts: Bool) throws {
    var game = quietGame()
    game.equipment.spyglass = spyglass
    game.knowledge = knowledge
    game.generations = generations
    if charts { game.grant(.charts) }
    // grant = reward · 1.12^spyglass · (1 + 0.1·K) · (1 + G) · (1.5 if charts), Lantern Quay's reward is 8.
    let grant =
      8 * pow(1.12, Double(spyglass)) * (1 + 0.1 * Double(knowledge)) * (1 + Double(generations))
      * (charts ? 1.5 : 1)
    #expect(isClose(game.grant(at: rules.place(named: "Lantern Quay")!, rules), grant))
    let report = sailed(try game.apply(.advance(seconds: 360), rules: rules))
    #expect(isClose(report.arrivalDiscoveries, grant))
    #expect(isClose(report.bonusDiscoveries, 10 * grant))
    // Postmarks are never multiplied.
    #expect(report.postmarks == 4)
    #expect(isClose(game.discoveries, 11 * grant))
  }

  @Test func aSurveyAtTheFirstArrivalComesAfterTheGrantAndRaisesLaterGrants() throws {
    var game = quietGame()
    game.surveyCountdown = 1
    let report = sailed(try game.apply(.advance(seconds: 360), rules: rules))
    // Grant 8, first visit 80, survey 25 × 8 = 200 with the Knowledge held before it.
    #expect(report.surveys == 1)
    #expect(report.knowledge == 1)
    #expect(report.arrivalDiscoveries == 8)
    #expect(report.bonusDiscoveries == 80)
    #expect(report.surveyDiscoveries == 25 * 8)
    #expect(game.knowledge == 1)
    #expect(game.discoveries == 8 + 80 + 25 * 8)
    #expect(game.lifetime.surveys == 1)
    // A new countdown is the seed's third draw (the first two were the new game's countdowns).
    var reference = ReferenceSplitMix64(seed: 1)
    _ = reference.next()
    _ = reference.next()
    #expect(game.surveyCountdown == reference.countdown(probability: 1.0 / 40))
    #expect(game.random.state == reference.state)
    // The next arrival, Gull Rock (1.2 nm = 432 s), reads the new Knowledge: 10 · 1.1, plus 10× as a first visit.
    game.surveyCountdown = 1_000_000
    let next = sailed(try game.apply(.advance(seconds: 432), rules: rules))
    #expect(next.arrivals == 1)
    #expect(isClose(next.arrivalDiscoveries, 10 * (1 + 0.1 * 1)))
    #expect(isClose(next.bonusDiscoveries, 10 * 10 * (1 + 0.1 * 1)))
  }

  @Test func surveyCountdownCountsDownOnlineArrivals() throws {
    var game = quietGame()
    game.surveyCountdown = 3
    _ = try game.apply(.advance(seconds: 360), rules: rules)
    #expect(game.surveyCountdown == 3 - 1)
    _ = try game.apply(.advance(seconds: 432), rules: rules)
    #expect(game.surveyCountdown == 3 - 2)
    #expect(game.knowledge == 0)
    // Mistle Cove (1.4 nm = 504 s) is the third arrival: the survey, with grant 12.
    let report = sailed(try game.apply(.advance(seconds: 504), rules: rules))
    #expect(report.surveys == 1)
    #expect(report.surveyDiscoveries == 25 * 12)
    #expect(game.knowledge == 1)
    #expect(game.surveyCountdown >= 1)
  }

  @Test func revisitingAfterAResetGivesTheBonusButNoPostmarks() throws {
    var game = quietGame()
    _ = try game.apply(.advance(seconds: 360), rules: rules)
    #expect(game.postmarks == 4)
    game.progress = 100_000
    _ = try game.apply(.prestige(.bearings), rules: rules)
    // New Bearings: +10 Knowledge, +2 Postmarks.
    #expect(game.postmarks == 4 + 2)
    let report = sailed(try game.apply(.advance(seconds: 360), rules: rules))
    // Knowledge 10 gives mK = 2: grant 16, first visit this voyage 160, no stamp.
    #expect(isClose(report.arrivalDiscoveries, 8 * (1 + 0.1 * 10)))
    #expect(isClose(report.bonusDiscoveries, 10 * 8 * (1 + 0.1 * 10)))
    #expect(report.stamps.isEmpty)
    #expect(report.postmarks == 0)
    #expect(game.postmarks == 4 + 2)
  }
}
