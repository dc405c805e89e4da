import Foundation
import QuietPlacesGame
import QuietPlacesTestSupport
import Testing

@Suite struct ProductionTests {
  /// (fleet size n, eff(n) = n + 2·⌊n/5⌋ worked out).
  static let effectiveScoutCases: [(Int, Int)] = [
    (0, 0), (1, 1), (4, 4), (5, 5 + 2 * 1), (6, 6 + 2 * 1), (9, 9 + 2 * 1), (10, 10 + 2 * 2),
    (14, 14 + 2 * 2), (15, 15 + 2 * 3), (100, 100 + 2 * 20),
  ]

  @Test(arguments: effectiveScoutCases)
  func effectiveScouts(n: Int, expected: Int) {
    #expect(GameState.effectiveScouts(n, rules: rules) == expected)
  }

  @Test func theCompanionScoutCountsTowardTheFifth() {
    var game = quietGame()
    game.hiredScouts = 4
    #expect(game.rates(rules).effectiveScouts == 4)
    game.grant(.signal)
    // 4 hired + the Companion scout = 5, and the fifth is a pathfinder: 5 + 2 = 7.
    #expect(game.fleetSize(rules) == 5)
    #expect(game.rates(rules).effectiveScouts == 7)
  }

  /// (hired, route, Knowledge, generations, charts, signal).
  static let scoutCases: [(Int, Int, Int, Int, Bool, Bool)] = [
    (1, 1, 0, 0, false, false), (5, 1, 0, 0, false, false), (3, 2, 4, 0, false, false),
    (9, 3, 0, 2, false, false), (4, 1, 0, 0, false, true), (10, 8, 120, 3, true, true),
    (7, 5, 11, 1, true, false), (0, 1, 0, 0, false, true),
  ]

  @Test(arguments: scoutCases)
  func scoutIncome(hired: Int, route: Int, knowledge: Int, generations: Int, charts: Bool, signal: Bool) {
    var game = quietGame()
    game.hiredScouts = hired
    game.route = route
    game.knowledge = knowledge
    game.generations = generations
    if charts { game.grant(.charts) }
    if signal { game.grant(.signal) }
    let yields = [0.01, 0.04, 0.16, 0.64, 2.56, 10.24, 40.96, 163.84]
    let n = hired + (signal ? 1 : 0)
    let eff = Double(n + 2 * (n / 5))
    // scoutRate = eff(n) · yield · (1 + 0.1·K) · (1 + G) · (1.5 if charts) · (1.2 if signal).
    let expected =
      eff * yields[route - 1] * (1 + 0.1 * Double(knowledge)) * (1 + Double(generations))
      * (charts ? 1.5 : 1) * (signal ? 1.2 : 1)
    #expect(isClose(game.scoutRate(rules), expected))
    #expect(isClose(game.rates(rules).scouts, expected))
  }

  @Test func scoutsEarnContinuouslyBetweenArrivals() throws {
    var game = quietGame()
    game.hiredScouts = 5
    // eff(5) = 7 scouts at 0.01 /s for 100 s, before the first arrival at 360 s.
    let report = sailed(try game.apply(.advance(seconds: 100), rules: rules))
    #expect(isClose(report.scoutDiscoveries, 7 * 0.01 * 100))
    #expect(isClose(game.discoveries, 7 * 0.01 * 100))
    // Voyage progress counts scouts too (no purchased bonuses here).
    #expect(isClose(game.progress, 7 * 0.01 * 100))
  }

  @Test func ordinaryRateIsTravelPlusScouts() {
    var game = quietGame()
    game.hiredScouts = 5
    game.equipment.sails = 2
    game.equipment.spyglass = 1
    // travelRate = speed · Σ grant / loop / 3600 with speed 10 · 1.1², Σ grant = 50 · 1.12.
    let travel = 10 * 1.1 * 1.1 * 50 * 1.12 / 6 / 3600
    let scouts = 7 * 0.01
    #expect(isClose(game.rates(rules).travel, travel))
    #expect(isClose(game.ordinaryRate(rules), travel + scouts))
  }

  @Test func suppliesAreAnHourOfOrdinaryProduction() throws {
    var game = quietGame()
    game.hiredScouts = 5
    game.postmarks = 30
    // (10 · 50 / 6 / 3600 + 7 · 0.01) · 3600 = 500 / 6 + 252.
    let amount = 500.0 / 6 + 252
    #expect(isClose(game.suppliesAmount(rules), amount))
    let before = game
    let events = try game.apply(.buySupplies, rules: rules)
    guard case .suppliesBought(let discoveries, let postmarks) = events.first else {
      Issue.record("expected supplies, got \(events)")
      return
    }
    #expect(isClose(discoveries, amount))
    #expect(postmarks == 25)
    #expect(game.postmarks == 30 - 25)
    #expect(isClose(game.discoveries, amount))
    // The ship does not move and voyage progress does not count supplies.
    #expect(game.legIndex == before.legIndex)
    #expect(game.legRemaining == before.legRemaining)
    #expect(game.progress == before.progress)
    #expect(game.clock == before.clock)
    // Five Postmarks left: refused, nothing changes.
    let refused = game
    #expect(throws: GameError.notEnoughPostmarks(item: .supplies, cost: 25, held: 5)) {
      try game.apply(.buySupplies, rules: rules)
    }
    #expect(game == refused)
  }

  @Test func suppliesExcludeARunningCurrent() throws {
    var game = newGame(seed: 1)
    while game.currentRemaining == 0 { _ = try game.apply(.advance(seconds: 60), rules: rules) }
    game.postmarks += 25
    // The current doubles the ship's speed, but supplies use the speed without it: 10 · 1.1^sails.
    #expect(game.speed(rules) == 2 * 10)
    let mK = 1 + 0.1 * Double(game.knowledge)
    let amount = 10 * RouteOne.loopReward * mK / RouteOne.loop / 3600 * 3600
    #expect(isClose(game.suppliesAmount(rules), amount))
    let before = game.discoveries
    _ = try game.apply(.buySupplies, rules: rules)
    #expect(isClose(game.discoveries - before, amount, tolerance: 1e-9))
  }

  @Test func chartsMultiplyDiscoveriesButNotPostmarksDistanceOrKnowledge() throws {
    var plain = quietGame()
    var charted = quietGame()
    charted.grant(.charts)
    for game in [plain, charted] { #expect(game.surveyCountdown == 1_000_000) }
    plain.surveyCountdown = 2
    charted.surveyCountdown = 2
    plain.hiredScouts = 3
    charted.hiredScouts = 3
    // Two arrivals (Lantern Quay, then Gull Rock with a survey) and scouts for 792 s.
    let a = sailed(try plain.apply(.advance(seconds: 792), rules: rules))
    let b = sailed(try charted.apply(.advance(seconds: 792), rules: rules))
    #expect(isClose(b.arrivalDiscoveries, 1.5 * a.arrivalDiscoveries))
    #expect(isClose(b.bonusDiscoveries, 1.5 * a.bonusDiscoveries))
    #expect(isClose(b.surveyDiscoveries, 1.5 * a.surveyDiscoveries))
    #expect(isClose(b.scoutDiscoveries, 1.5 * a.scoutDiscoveries))
    #expect(isClose(a.arrivalDiscoveries, 8 + 10))
    #expect(isClose(a.scoutDiscoveries, 3 * 0.01 * 792))
    #expect(b.postmarks == a.postmarks)
    #expect(charted.postmarks == plain.postmarks)
    #expect(charted.knowledge == plain.knowledge)
    #expect(charted.knowledge == 1)
    #expect(charted.legIndex == plain.legIndex)
    #expect(charted.legRemaining == plain.legRemaining)
    #expect(charted.progress == plain.progress)
    #expect(isClose(charted.suppliesAmount(rules), 1.5 * plain.suppliesAmount(rules)))
  }

  /// Plays the same commands on a game with some of the purchases.
  func play(charts: Bool, signal: Bool) throws -> GameState {
    var game = newGame(seed: 7)
    if charts { game.grant(.charts) }
    if signal { game.grant(.signal) }
    _ = try game.apply(.advance(seconds: 3 * 3600), rules: rules)
    _ = try game.apply(.hire(.count(3)), rules: rules)
    _ = try game.apply(.upgrade(.sails, .count(2)), rules: rules)
    _ = try game.apply(.advance(seconds: 5 * 3600), rules: rules)
    _ = try game.apply(.upgrade(.spyglass, .count(2)), rules: rules)
    _ = try game.apply(.close, rules: rules)
    _ = try game.apply(.launch(clock: game.clock + 4 * 3600), rules: rules)
    _ = try game.apply(.advance(seconds: 20 * 3600), rules: rules)
    return game
  }

  @Test(arguments: [(true, false), (false, true), (true, true)])
  func voyageProgressIgnoresPurchases(charts: Bool, signal: Bool) throws {
    let plain = try play(charts: false, signal: false)
    let bought = try play(charts: charts, signal: signal)
    #expect(plain.progress > 0)
    #expect(isClose(bought.progress, plain.progress))
    #expect(bought.bearingsGain(rules) == plain.bearingsGain(rules))
    #expect(bought.legIndex == plain.legIndex)
    #expect(isClose(bought.legRemaining, plain.legRemaining))
    #expect(bought.knowledge == plain.knowledge)
    #expect(bought.lifetime.arrivals == plain.lifetime.arrivals)
    #expect(bought.discoveries > plain.discoveries)
  }

  @Test func revokingSignalRemovesTheCompanionScoutAtOnce() {
    var game = quietGame()
    game.hiredScouts = 4
    game.grant(.signal)
    // eff(5) · 0.01 · 1.2.
    #expect(isClose(game.scoutRate(rules), 7 * 0.01 * 1.2))
    let revoked = game.revoke(.signal)
    #expect(revoked)
    // eff(4) · 0.01: the fifth and its pathfinder bonus are gone, and so is the × 1.2.
    #expect(game.fleetSize(rules) == 4)
    #expect(game.rates(rules).effectiveScouts == 4)
    #expect(isClose(game.scoutRate(rules), 4 * 0.01))
    let again = game.revoke(.signal)
    #expect(!again)
  }

  /// (cargo levels, generations, Deep hold, hours = 8 + 2·cargo + 2·min(G, 4) or 32).
  static let holdCases: [(Int, Int, Bool, Int)] = [
    (0, 0, false, 8), (1, 0, false, 8 + 2 * 1), (4, 0, false, 8 + 2 * 4), (0, 1, false, 8 + 2 * 1),
    (0, 4, false, 8 + 2 * 4), (0, 9, false, 8 + 2 * 4), (4, 4, false, 8 + 2 * 4 + 2 * 4),
    (4, 30, false, 8 + 2 * 4 + 2 * 4), (2, 3, false, 8 + 2 * 2 + 2 * 3), (0, 0, true, 32), (4, 9, true, 32),
  ]

  @Test(arguments: holdCases)
  func holdHours(cargo: Int, generations: Int, deepHold: Bool, hours: Int) {
    var game = quietGame()
    game.equipment.cargo = cargo
    game.generations = generations
    if deepHold { game.grant(.hold) }
    #expect(game.holdHours(rules) == hours)
    if deepHold {
      game.revoke(.hold)
      #expect(game.holdHours(rules) == 8 + 2 * cargo + 2 * min(generations, 4))
    }
  }

  @Test func deepHoldDoesNotChangeProduction() {
    var game = quietGame()
    game.hiredScouts = 6
    let before = game.rates(rules)
    game.grant(.hold)
    #expect(game.rates(rules) == before)
  }
}
