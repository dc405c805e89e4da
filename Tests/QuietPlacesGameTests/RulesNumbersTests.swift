import Foundation
import QuietPlacesGame
import QuietPlacesTestSupport
import Testing

/// The rules answer by name what the balance holds, each number as game.md states it for the V1
/// defaults, and each formula as game.md writes it.
@Suite struct RulesNumbersTests {
  /// game.md §3: eight routes of five places, numbered from 1.
  @Test func routesByNumber() {
    #expect(rules.routeCount == 8)
    #expect(rules.routes.map(\.number) == Array(1...8))
    let first = rules.route(1)
    #expect(first.index == 0)
    #expect(first.name == "Harbour Reach")
    #expect(first.places == 0..<5)
    #expect(
      first.places.map(rules.placeName) == [
        "Lantern Quay", "Gull Rock", "Mistle Cove", "Saltmarsh Light", "Reedwater",
      ])
    #expect(first.legs == [1.0, 1.2, 1.4, 1.2, 1.2])
    #expect(isClose(first.loopLength, 6.0))
    #expect(first.scoutYield == 0.01)
    #expect(first.charterCost == nil)
    let last = rules.route(8)
    #expect(last.index == 7)
    #expect(last.name == "The Quiet Edge")
    #expect(last.places == 35..<40)
    #expect(isClose(last.loopLength, 4.5 + 5.4 + 6.3 + 5.4 + 5.4))
    #expect(last.scoutYield == 163.84)
    #expect(last.charterCost == 16_384_000_000_000)
    #expect(rules.route(2).charterCost == 4_000)
    #expect(rules.routeName(3) == "Lantern Coast")
  }

  /// One bit per place: route 1 holds places 0 to 4, route 2 places 5 to 9.
  @Test func routePlaceMasks() {
    #expect(Rules.routePlacesMask == 0b11111)
    #expect(rules.route(1).placeMask == 0b11111)
    #expect(rules.route(2).placeMask == 0b11111_00000)
    #expect(rules.route(8).placeMask == UInt64(0b11111) << 35)
    // The routes' masks cover the atlas once.
    #expect(rules.routes.reduce(0) { $0 | $1.placeMask } == (UInt64(1) << 40) - 1)
    #expect(rules.routes.reduce(0) { $0 + $1.placeMask.nonzeroBitCount } == 40)
  }

  /// game.md §5: the next level costs `25 · 1.6^L`, `40 · 1.7^L`, `500 · 8^L`; a scout `10 · 1.15^n`.
  @Test func pricesOfTheNextLevel() {
    #expect(isClose(rules.price(of: .sails, level: 0), 25))
    #expect(isClose(rules.price(of: .sails, level: 2), 25 * 1.6 * 1.6))
    #expect(isClose(rules.price(of: .spyglass, level: 1), 40 * 1.7))
    #expect(isClose(rules.price(of: .cargo, level: 3), 500 * 8 * 8 * 8))
    #expect(isClose(rules.scoutPrice(hired: 0), 10))
    #expect(isClose(rules.scoutPrice(hired: 2), 10 * 1.15 * 1.15))
    #expect(rules.price(of: .sails).base == 25 && rules.price(of: .sails).growth == 1.6)
    #expect(rules.scoutPrice.base == 10 && rules.scoutPrice.growth == 1.15)
    #expect(rules.levelLimit(of: .cargo) == 4)
    #expect(rules.levelLimit(of: .sails) == nil)
    #expect(rules.levelLimit(of: .spyglass) == nil)
  }

  /// game.md §5: speed = `10 · 1.1^L` knots, never more than the engine's fastest.
  @Test func shipSpeedBySailsLevel() {
    #expect(rules.shipSpeed(sailsLevel: 0) == 10)
    #expect(isClose(rules.shipSpeed(sailsLevel: 3), 10 * 1.1 * 1.1 * 1.1))
    #expect(rules.shipSpeed(sailsLevel: 300) == maximumSpeedKnots)
    var game = newGame()
    game.equipment.sails = 7
    #expect(game.baseSpeed(rules) == rules.shipSpeed(sailsLevel: 7))
  }

  /// game.md §6: every fifth scout of the fleet is a pathfinder; the Companion scout counts.
  @Test func pathfindersAndThePermanentScout() {
    #expect([1, 2, 3, 4, 5, 6, 9, 10, 15].filter { rules.isPathfinder(scout: $0) } == [5, 10, 15])
    var game = newGame()
    #expect(game.permanentScouts(rules) == 0)
    game.grant(.signal)
    game.hiredScouts = 3
    #expect(game.permanentScouts(rules) == 1)
    #expect(game.fleetSize(rules) == 4)
    #expect(rules.isPathfinder(scout: game.fleetSize(rules) + 1))
  }

  /// game.md §6: `scoutRate = eff(n) · yield · mK · mG · mC · (1.2 if signal)`.
  @Test func scoutRateOfAnyNumberOfEffectiveScouts() {
    var game = newGame()
    #expect(isClose(game.scoutRate(effectiveScouts: 1, rules), 0.01))
    #expect(isClose(game.scoutRate(effectiveScouts: 7, rules), 7 * 0.01))
    game.grant(.signal)
    game.grant(.charts)
    game.knowledge = 5
    // 0.01 · (1 + 0.1·5) · 1 · 1.5 · 1.2
    #expect(isClose(game.scoutRate(effectiveScouts: 1, rules), 0.01 * 1.5 * 1.5 * 1.2))
    game.hiredScouts = 4
    // Four hired and the Companion scout: the fifth is a pathfinder, eff(5) = 7.
    #expect(game.scoutRate(rules) == game.scoutRate(effectiveScouts: 7, rules))
  }

  /// game.md §10: supplies 25 Postmarks for 3,600 s of ordinaryRate; colours 40 Postmarks.
  @Test func whatPostmarksBuy() {
    #expect(rules.suppliesPrice == 25)
    #expect(rules.suppliesSeconds == 3_600)
    #expect(rules.colourPrice == 40)
    let game = newGame()
    #expect(game.suppliesAmount(rules) == game.ordinaryRate(rules) * 3_600)
  }

  /// game.md §8: New Bearings gives `⌊10 · ∛(progress / 100,000)⌋`, from 10, and 2 Postmarks;
  /// Passing the Atlas needs 1,000 Knowledge and gives a generation (`mG = 1 + G`) and 10 Postmarks.
  @Test func prestigeNumbers() {
    #expect(rules.bearingsMinimumKnowledge == 10)
    #expect(rules.bearingsPostmarks == 2)
    #expect(rules.bearingsFactor == 10)
    #expect(rules.bearingsProgressScale == 100_000)
    // (10 / 10)³ · 100,000 and (20 / 10)³ · 100,000.
    #expect(rules.bearingsProgress(forKnowledge: 10) == 100_000)
    #expect(rules.bearingsProgress(forKnowledge: 20) == 800_000)
    var game = newGame()
    game.progress = rules.bearingsProgress(forKnowledge: 20)
    #expect(game.bearingsGain(rules) == 20)
    game.progress -= 1
    #expect(game.bearingsGain(rules) == 19)
    #expect(rules.atlasKnowledgeRequired == 1_000)
    #expect(rules.atlasPostmarks == 10)
    #expect(rules.productionPerGeneration == 1)
    game.generations = 2
    #expect(game.generationMultiplier(rules) == 3)
  }
}
