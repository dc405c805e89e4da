import Foundation
import QuietPlacesGame
import QuietPlacesTestSupport
import Testing

/// The engine at its limits: numbers near the largest Double, absurd speeds, bulk buys of a million
/// levels, the longest advance. Nothing traps, nothing becomes infinite or NaN, refusals change nothing.
@Suite struct LimitsTests {
  /// Every Double a state holds is finite.
  func allFinite(_ game: GameState) -> Bool {
    [
      game.discoveries, game.progress, game.legRemaining, game.currentRemaining,
      game.lifetime.discoveriesEarned,
    ]
    .allSatisfy(\.isFinite)
  }

  @Test func discoveriesNearTheLargestDoubleSaturateInsteadOfBecomingInfinite() throws {
    var game = newGame()
    game.discoveries = 1e308
    game.knowledge = 1_000_000_000
    game.generations = 1_000_000
    game.hiredScouts = 1_000
    _ = try game.apply(.advance(seconds: 30 * 86_400), rules: rules)
    #expect(allFinite(game))
    #expect(game.discoveries >= 1e308)
    #expect(game.progress.isFinite)
  }

  @Test func theLongestAdvanceIsAcceptedAndOneSecondMoreIsRefused() throws {
    var game = newGame()
    _ = try game.apply(.advance(seconds: maximumAdvanceSeconds), rules: rules)
    #expect(game.clock == rules.startClock + maximumAdvanceSeconds)
    #expect(allFinite(game))
    let before = game
    #expect(throws: GameError.invalidDuration(seconds: maximumAdvanceSeconds + 1)) {
      try game.apply(.advance(seconds: maximumAdvanceSeconds + 1), rules: rules)
    }
    #expect(game == before)
  }

  @Test func aMillionLevelsAreRefusedWithoutATrapAndMaxBuysWhatIsFinite() throws {
    var game = newGame()
    game.discoveries = Double.greatestFiniteMagnitude
    let before = game
    // 25 · 1.6^L for a million levels is far beyond the largest Double: refused, nothing changes.
    #expect(throws: GameError.self) { try game.apply(.upgrade(.sails, .count(1_000_000)), rules: rules) }
    #expect(throws: GameError.self) { try game.apply(.hire(.count(1_000_000)), rules: rules) }
    #expect(game == before)
    // max stops where the closed-form sum still fits: 25 · (1.6^L − 1) / 0.6 ≤ 1.797e308, L ≈ 1,510.
    _ = try game.apply(.upgrade(.sails, .max), rules: rules)
    let bound = Int(log(Double.greatestFiniteMagnitude * 0.6 / 25) / log(1.6))
    #expect(abs(game.equipment.sails - bound) <= 1)
    #expect(allFinite(game))
  }

  @Test func anAbsurdlyFastShipStopsAtTheSpeedLimitIsRefusedLongOnlineAndCreditedOffline() throws {
    var game = newGame()
    game.equipment.sails = 1_461  // 10 · 1.1^1461 ≈ 3 × 10^61 knots, held at 10^12
    game.visited = (1 << 5) - 1
    game.stamped = (1 << 5) - 1
    #expect(game.baseSpeed(rules) == maximumSpeedKnots)
    let before = game
    // An hour at up to 2 × 10^12 knots (a current all along) over loops of 6.0 nm: at most five
    // arrivals a loop and five more, 5 · (2 × 10^12 / 6 + 1) + 1 ≈ 1.67 × 10^12.
    let distance = maximumSpeedKnots * max(1, rules.currentSpeedMultiplier)
    #expect {
      try game.apply(.advance(seconds: 3600), rules: rules)
    } throws: { error in
      guard case .tooMuchSailing(let estimate, let limit) = error as? GameError else { return false }
      return abs(estimate - (5 * (distance / 6 + 1) + 1)) <= 1 && limit == maximumArrivalsPerAdvance
    }
    #expect(game == before)
    _ = try game.apply(.close, rules: rules)
    _ = try game.apply(.launch(clock: game.clock + 3600), rules: rules)
    // Offline there are no random events: 10^12 nm in the hour, plus what the 1e-6 s that counts as
    // the same instant as the end adds at this speed; loops of 6.0 nm, five arrivals each.
    let miles = 1e12 * (3600 + 1e-6) / 3600
    #expect(abs(Double(game.lifetime.arrivals) - miles / 6 * 5) <= 5)
    #expect(game.isOpen)
    #expect(allFinite(game))
  }

  /// One leg of 0.1 nm among legs of 1.2 to 1.4: an advance is bounded by the loop, not by that
  /// leg, so an hour is not refused as about ten times the arrivals it can hold.
  @Test func oneShortLegBoundsTheArrivalsByTheLoop() throws {
    var balance = rules.balance
    balance.routes[0].places[0].legNauticalMiles = 0.1
    let short = try Rules(balance: balance)
    let game = GameState(seed: 7, clock: short.startClock, rules: short)
    let fastest = game.baseSpeed(short) * max(1, short.currentSpeedMultiplier)
    // Legs 0.1, 1.2, 1.4, 1.2 and 1.2: a loop of 5.1 nm.
    let loop = 0.1 + 1.2 + 1.4 + 1.2 + 1.2
    let bound = game.arrivalsAtMost(seconds: 3600, online: true, rules: short)
    #expect(abs(bound - (5 * (fastest / loop + 1) + 1)) < 1e-9)
    #expect(bound < fastest / 0.1 + 1)
    // The shortest leg bounds it when the legs are alike: the configuration's own.
    let alike = GameState(seed: 7, clock: rules.startClock, rules: rules)
    let speed = alike.baseSpeed(rules) * max(1, rules.currentSpeedMultiplier)
    #expect(alike.arrivalsAtMost(seconds: 60, online: true, rules: rules) == speed * 60 / 3600 / 1.0 + 1)
  }

  /// Legs shorter than 0.1 nm are refused: at the top speed the closed form would leave the last
  /// microseconds of an absence to ever more single arrivals (10^-20 nm: 10^16 of them).
  @Test func aLegShorterThanATenthOfAMileIsRefused() throws {
    var balance = rules.balance
    balance.routes[2].places[3].legNauticalMiles = 0.099
    #expect {
      try Rules(balance: balance)
    } throws: { error in
      let text = (error as? BalanceError)?.description ?? ""
      return text.contains("routes[2].places[3].legNauticalMiles") && text.contains("at least 0.1")
    }
    balance.routes[2].places[3].legNauticalMiles = 0.1
    _ = try Rules(balance: balance)
  }

  /// A level whose price is beyond the largest Double is never affordable: `advance until` says so
  /// at once instead of sailing 100 years of copies to report "not within 100 years".
  @Test func aPriceBeyondEveryAmountIsNeverAffordable() {
    var game = newGame()
    game.equipment.sails = 2_000  // 25 · 1.6^2000 is far beyond 1.8e308
    game.hiredScouts = 1_000_000_000
    #expect(!rules.price(of: .sails, level: game.equipment.sails).isFinite)
    #expect(game.secondsUntil(.affordableEquipment(.sails), rules: rules) == .failure(.beyondEveryAmount))
    #expect(!rules.scoutPrice(hired: game.hiredScouts).isFinite)
    #expect(game.secondsUntil(.affordableScout, rules: rules) == .failure(.beyondEveryAmount))
  }

  @Test func everyPlaceStampedGivesNoMorePostmarks() throws {
    var game = newGame()
    game.stamped = (1 << UInt64(rules.allPlaces.count)) - 1
    _ = try game.apply(.advance(seconds: 3600), rules: rules)
    #expect(game.postmarks == 0)
    #expect(game.consistencyProblem(rules) == nil)
  }

  @Test func aCurrentLongerThanACurrentLastsIsNotAState() throws {
    var game = newGame()
    game.currentRemaining = rules.currentDurationSeconds
    #expect(game.consistencyProblem(rules) == nil)
    game.currentRemaining = 1e12
    #expect(
      game.consistencyProblem(rules)
        == "'currentRemaining' 1000000000000.0 s is longer than a current (1800 s); write 0 to 1800")
  }

  @Test func countsStopWhereASaveCanHoldThemSoEveryStateLoadsAgain() throws {
    var game = newGame(seed: 48)  // seed 48 draws a survey at the first arrival: +1 Knowledge
    game.knowledge = GameState.maximumCount
    game.postmarks = GameState.maximumCount
    _ = try game.apply(.advance(seconds: 360), rules: rules)
    #expect(game.knowledge == GameState.maximumCount)
    #expect(game.postmarks == GameState.maximumCount)
    #expect(game.consistencyProblem(rules) == nil)
  }

  @Test func theClockStopsAtTheLastInstantASaveHolds() throws {
    var game = newGame()
    game.clock = GameState.latestClock - 10
    let before = game
    #expect(throws: GameError.beyondLastInstant(latest: GameState.latestClock)) {
      try game.apply(.advance(seconds: 11), rules: rules)
    }
    #expect(game == before)
    _ = try game.apply(.advance(seconds: 10), rules: rules)
    #expect(game.clock == GameState.latestClock)
    #expect(game.consistencyProblem(rules) == nil)
  }
}
