import Foundation
import QuietPlacesGame
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesLab

/// Prices and the strategies' choices on hand-built states; every expected number from game.md.
@Suite struct PriceListTests {
  /// After the first arrival of a new game: 88 Discoveries (8 + a first-visit bonus of 80), no
  /// equipment, no scouts, route 1. Ordinary rate = 10 kn × (8+10+12+9+11) / 6.0 nm / 3600
  /// = 0.023148 /s.
  @Test func aNewGameAfterItsFirstArrival() throws {
    var game = newGame(seed: 7)
    _ = try game.apply(.advance(seconds: 360), rules: rules)
    #expect(game.discoveries == 88)
    let prices = PriceList(game: game, rules: rules)
    let rate = 10.0 * 50 / 6 / 3600
    #expect(isClose(prices.ordinaryRate, rate))
    // Sails: 25; speed 11 kn → gain 1 × 50 / 6 / 3600; payback 0 + 25 / gain = 10,800 s.
    let sails = try #require(prices.row(.sails))
    #expect(sails.cost == 25 && sails.affordable)
    #expect(isClose(sails.gain, 50.0 / 6 / 3600))
    #expect(isClose(try #require(sails.payback), 10_800))
    // Spyglass: 40; rewards × 1.12 → gain 0.12 × rate; payback 40 / gain = 14,400 s.
    let spyglass = try #require(prices.row(.spyglass))
    #expect(isClose(spyglass.gain, 0.12 * rate))
    #expect(isClose(try #require(spyglass.payback), 14_400, tolerance: 1e-9))
    // Cargo: 500, +2 h hold, no rate: payback — when always online.
    let cargo = try #require(prices.row(.cargo))
    #expect(cargo.cost == 500 && cargo.holdHours == 2 && cargo.gain == 0 && cargo.payback == nil)
    #expect(isClose(cargo.secondsToAfford, (500 - 88) / rate))
    // Scout: 10; one scout on route 1 earns 0.01 /s; payback 10 / 0.01 = 1,000 s: the best buy.
    let scout = try #require(prices.row(.scout))
    let scoutPayback = try #require(scout.payback)
    #expect(scout.cost == 10 && isClose(scout.gain, 0.01) && isClose(scoutPayback, 1_000))
    #expect(!scout.pathfinder)
    // Charter: 4,000; route 2 earns 10 × (32+40+48+36+44) / 9.0 / 3600; waiting (4000 − 88) / rate first.
    let charter = try #require(prices.row(.charter))
    let route2 = 10.0 * 200 / 9 / 3600
    #expect(isClose(charter.gain, route2 - rate))
    #expect(
      isClose(try #require(charter.payback), (4000 - 88) / rate + 4000 / (route2 - rate), tolerance: 1e-9))
    #expect(prices.best == .scout)
    #expect(prices.cheapest == .scout)
    // Supplies: 25 Postmarks for rate × 3,600 Discoveries.
    #expect(prices.suppliesPrice == 25 && isClose(prices.suppliesDiscoveries, rate * 3600))
  }

  /// Equal prices go to sails, then spyglass, cargo, scout, charter.
  @Test func cheapestTiesGoInTheOrderOfTheRows() throws {
    let even = try rules(setting: "equipment.spyglass.basePrice=25", "scouts.basePrice=25")
    #expect(PriceList(game: newGame(rules: even), rules: even).cheapest == .sails)
    let noSails = try rules(
      setting: "equipment.sails.basePrice=30", "equipment.spyglass.basePrice=25", "scouts.basePrice=25")
    #expect(PriceList(game: newGame(rules: noSails), rules: noSails).cheapest == .spyglass)
    let strategy = Strategy(kind: .cheapest)
    #expect(strategy.choice(PriceList(game: newGame(rules: even), rules: even))?.item == .sails)
  }

  /// Sails × 1.5 speed and spyglass × 1.5 rewards at the same price bring the same gain exactly
  /// (15 kn × 50 = 10 kn × 75), so the payback ties and sails wins.
  @Test func paybackTiesGoToSails() throws {
    let even = try rules(
      setting: "equipment.sails.effectPerLevel=1.5", "equipment.spyglass.effectPerLevel=1.5",
      "equipment.sails.basePrice=40", "scouts.basePrice=1000000")
    let prices = PriceList(game: newGame(rules: even), rules: even)
    #expect(prices.row(.sails)?.payback == prices.row(.spyglass)?.payback)
    #expect(prices.best == .sails)
    #expect(Strategy(kind: .payback).choice(prices)?.item == .sails)
  }

  /// A late ship on route 1: 20 sails and spyglass levels, 60 scouts (eff 84), no Discoveries.
  func lateShip(route: Int) -> GameState {
    var game = newGame()
    game.equipment.sails = 20
    game.equipment.spyglass = 20
    game.hiredScouts = 60
    game.route = route
    game.legIndex = 0
    return game
  }

  /// Charter: the gain is route 2's rate from its first place minus route 1's, both from game.md's
  /// formulas; here it pays back first.
  @Test func aCharterIsTheBestBuyWhenItPaysBackFirst() throws {
    let game = lateShip(route: 1)
    let speed: Double = 10 * Foundation.pow(1.1, 20.0)
    let spy: Double = Foundation.pow(1.12, 20.0)
    let travel1: Double = speed * 50 * spy / 6 / 3600
    let travel2: Double = speed * 200 * spy / 9 / 3600
    let route1: Double = travel1 + 84 * 0.01
    let route2: Double = travel2 + 84 * 0.04
    let prices = PriceList(game: game, rules: rules)
    #expect(isClose(prices.ordinaryRate, route1, tolerance: 1e-9))
    let charter = try #require(prices.row(.charter))
    #expect(isClose(charter.gain, route2 - route1, tolerance: 1e-9))
    let payback = try #require(charter.payback)
    let expected: Double = 4000 / route1 + 4000 / (route2 - route1)
    #expect(isClose(payback, expected, tolerance: 1e-9))
    #expect(prices.best == .charter)
    #expect(Strategy(kind: .payback).choice(prices)?.item == .charter)
  }

  /// Cargo under sessions: a 5m/24h player with an 8 h hold misses 16 h a cycle, so a level of cargo
  /// adds min(2 h, 16 h) × rate per cycle of 24 h 5 m; on route 2 nothing else pays back sooner.
  /// Always online, cargo has no gain and is never the choice.
  @Test func cargoUnderSessionsIsTheExtraOfflineCreditPerCycle() throws {
    let game = lateShip(route: 2)
    let sessions = try SessionModel.parse("5m/24h")
    let prices = PriceList(game: game, rules: rules, sessions: sessions)
    let rate = prices.ordinaryRate
    let cargo = try #require(prices.row(.cargo))
    #expect(isClose(cargo.gain, 7200 * rate / 86_700))
    #expect(isClose(try #require(cargo.payback), 500 / rate + 500 / (7200 * rate / 86_700)))
    #expect(prices.best == .cargo)
    // A 15m/8h player misses nothing with an 8 h hold: no gain.
    #expect(
      PriceList(game: game, rules: rules, sessions: try SessionModel.parse("15m/8h")).row(.cargo)?.gain == 0)
    let always = PriceList(game: game, rules: rules)
    #expect(always.row(.cargo)?.payback == nil)
    #expect(always.best != .cargo)
  }

  /// Idle buys nothing; cargo at its limit and the last route have no price.
  @Test func idleAndTheLimits() throws {
    var game = newGame()
    game.equipment.cargo = 4
    game.route = 8
    let prices = PriceList(game: game, rules: rules)
    #expect(prices.row(.cargo)?.cost == nil)
    #expect(prices.row(.charter)?.cost == nil)
    #expect(Strategy(kind: .idle).choice(prices) == nil)
  }

  /// The fifth scout of the fleet is a pathfinder worth three: the row says so, and its gain is 3 × yield.
  @Test func theNextPathfinderIsNoted() throws {
    var game = newGame()
    game.hiredScouts = 4
    let scout = try #require(PriceList(game: game, rules: rules).row(.scout))
    #expect(scout.pathfinder)
    #expect(isClose(scout.gain, 3 * 0.01))
  }
}
