import Foundation
import QuietPlacesGame
import QuietPlacesTestSupport
import Testing

@Suite struct PrestigeTests {
  /// (progress, ⌊10 · ∛(progress / 100,000)⌋ worked out).
  static let bearingsCases: [(Double, Int)] = [
    (0, 0), (99, 0),
    // ∛(100 / 100,000) = ∛0.001 = 0.1: 10 · 0.1 = 1.
    (100, 1),
    // ∛(99,999 / 100,000) is just below 1.
    (99_999, 9), (100_000, 10),
    // ∛8 = 2, ∛27 = 3, ∛1,000 = 10, ∛1,000,000 = 100.
    (800_000, 20), (2_700_000, 30), (100_000_000, 100), (100_000_000_000, 1000),
    // ∛3.375 = 1.5.
    (337_500, 15),
  ]

  @Test(arguments: bearingsCases)
  func newBearingsFormula(progress: Double, gain: Int) {
    var game = quietGame()
    game.progress = progress
    #expect(game.bearingsGain(rules) == gain)
  }

  /// A state with something in every field a reset could touch.
  func richState() throws -> GameState {
    var game = newGame(seed: 5)
    _ = try game.apply(.advance(seconds: 6 * 3600), rules: rules)
    game.discoveries = 5e6
    _ = try game.apply(.upgrade(.sails, .count(3)), rules: rules)
    _ = try game.apply(.upgrade(.spyglass, .count(2)), rules: rules)
    _ = try game.apply(.upgrade(.cargo, .count(2)), rules: rules)
    _ = try game.apply(.hire(.count(6)), rules: rules)
    _ = try game.apply(.charter, rules: rules)
    game.grant(.charts)
    game.grant(.signal)
    game.receivePack(100, transaction: 1)
    _ = try game.apply(.colour(.turquoise), rules: rules)
    game.currentRemaining = 700
    game.knowledge = 1234
    game.generations = 2
    game.progress = 2_700_000
    return game
  }

  @Test func newBearingsKeepsAndClearsExactlyTheRuleBookLists() throws {
    let before = try richState()
    var after = before
    let events = try after.apply(.prestige(.bearings), rules: rules)
    // ⌊10 · ∛27⌋ = 30 Knowledge and 2 Postmarks.
    #expect(events == [.tookBearings(knowledge: 30, postmarks: 2)])
    var expected = before
    // Resets: Discoveries, equipment, hired scouts, routes (route 1, leg 1 ahead), the current, visits, progress.
    expected.discoveries = 0
    expected.equipment = newGame().equipment
    expected.hiredScouts = 0
    expected.route = 1
    expected.legIndex = 0
    expected.legRemaining = 1.0
    expected.currentRemaining = 0
    expected.visited = 0
    expected.progress = 0
    // Grants.
    expected.knowledge = 1234 + 30
    expected.postmarks = before.postmarks + 2
    expected.postmarkAudit?.bearings += 2
    expected.lifetime.bearings += 1
    // Keeps everything else: generations, stamps, purchases, colours, generator, countdowns, lifetime totals,
    // clock, seed, open.
    #expect(after == expected)
    #expect(after.owns(.charts) && after.owns(.signal))
    #expect(after.fleetSize(rules) == 1)
  }

  @Test func passingTheAtlasAlsoResetsKnowledge() throws {
    let before = try richState()
    var after = before
    let events = try after.apply(.prestige(.atlas), rules: rules)
    #expect(events == [.passedAtlas(generation: 3, postmarks: 10)])
    var expected = before
    expected.discoveries = 0
    expected.equipment = newGame().equipment
    expected.hiredScouts = 0
    expected.route = 1
    expected.legIndex = 0
    expected.legRemaining = 1.0
    expected.currentRemaining = 0
    expected.visited = 0
    expected.progress = 0
    expected.knowledge = 0
    expected.generations = 2 + 1
    expected.postmarks = before.postmarks + 10
    expected.postmarkAudit?.atlas += 10
    #expect(after == expected)
  }

  @Test func aFreshVoyageAlsoResetsGenerationsAndLifetimeStatistics() throws {
    let before = try richState()
    var after = before
    #expect(try after.apply(.freshVoyage, rules: rules) == [.freshVoyage])
    var expected = before
    expected.discoveries = 0
    expected.equipment = newGame().equipment
    expected.hiredScouts = 0
    expected.route = 1
    expected.legIndex = 0
    expected.legRemaining = 1.0
    expected.currentRemaining = 0
    expected.visited = 0
    expected.progress = 0
    expected.knowledge = 0
    expected.generations = 0
    expected.lifetime = newGame().lifetime
    // Grants nothing: Postmarks, stamps, purchases, colours, generator and countdowns stay.
    #expect(after == expected)
  }

  @Test func newBearingsNeedsTen() throws {
    var game = quietGame()
    game.progress = 99_999
    let before = game
    #expect(throws: GameError.bearingsNotReady(gain: 9, minimum: 10)) {
      try game.apply(.prestige(.bearings), rules: rules)
    }
    #expect(game == before)
  }

  @Test func theAtlasNeedsAThousandKnowledge() throws {
    var game = quietGame()
    game.knowledge = 999
    let before = game
    #expect(throws: GameError.atlasNotReady(knowledge: 999, required: 1000)) {
      try game.apply(.prestige(.atlas), rules: rules)
    }
    #expect(game == before)
    game.knowledge = 1000
    _ = try game.apply(.prestige(.atlas), rules: rules)
    #expect(game.generations == 1)
    #expect(game.knowledge == 0)
    #expect(game.postmarks == 10)
    // mG = 1 + 1 = 2: Lantern Quay now grants 16.
    #expect(game.grant(at: rules.place(named: "Lantern Quay")!, rules) == 8 * 2)
  }

  @Test func freshVoyagesCannotFarmPostmarks() throws {
    var game = quietGame()
    _ = try game.apply(.advance(seconds: 2160), rules: rules)
    #expect(game.postmarks == 5 * 4)
    for _ in 0..<3 {
      _ = try game.apply(.freshVoyage, rules: rules)
      let report = sailed(try game.apply(.advance(seconds: 2160), rules: rules))
      #expect(report.firstVisits.count == 5)
      #expect(report.postmarks == 0)
    }
    #expect(game.postmarks == 5 * 4)
  }

  @Test(arguments: [GameCommand.prestige(.bearings), .prestige(.atlas), .freshVoyage])
  func countdownsAndTheGeneratorCarryOverEveryReset(reset: GameCommand) throws {
    var game = newGame(seed: 9)
    _ = try game.apply(.advance(seconds: 3 * 3600), rules: rules)
    game.progress = 1e6
    game.knowledge = 1000
    let survey = game.surveyCountdown
    let current = game.currentCountdown
    let random = game.random
    _ = try game.apply(reset, rules: rules)
    #expect(game.surveyCountdown == survey)
    #expect(game.currentCountdown == current)
    #expect(game.random == random)
    #expect(game.seed == 9)
  }
}

@Suite struct BearingsSweepTests {
  @Test func everyWholeCubeIsExact() {
    var game = quietGame()
    // 10 · ∛(progress / 100,000) = k exactly when progress = 100,000 · (k / 10)³ = 100 · k³.
    for k in 1...2000 {
      game.progress = 100 * Double(k) * Double(k) * Double(k)
      #expect(game.bearingsGain(rules) == k, "progress 100 · \(k)³")
      game.progress = 100 * Double(k) * Double(k) * Double(k) - 0.01
      #expect(game.bearingsGain(rules) == k - 1, "progress 100 · \(k)³ − 0.01")
    }
  }

  @Test func gainReachesATargetExactlyWhenTheGainDoes() {
    var game = quietGame()
    var random = SplitMix64(seed: 7)
    // Around every k³ boundary of the first 3,000 gains, and progress spread over many magnitudes.
    var progresses: [Double] = [0, -5, 1e60, .greatestFiniteMagnitude]
    for k in 1...3000 {
      let exact = 100 * Double(k) * Double(k) * Double(k)
      progresses += [exact, exact.nextDown, exact.nextUp, exact - 0.01]
    }
    for _ in 0..<3000 {
      progresses.append(Double(random.next() % 1_000_000_007) * pow(10, Double(random.next() % 40)) / 1e6)
    }
    for progress in progresses {
      game.progress = progress
      let gain = game.bearingsGain(rules)
      for target in [0, 1, gain - 1, gain, gain + 1, gain + 2, 1_000_000_000_000_000] {
        #expect(
          game.bearingsGainReaches(target, rules) == (gain >= target),
          "progress \(progress), target \(target)")
      }
    }
  }
}
