import Foundation
import QuietPlacesGame
import QuietPlacesTestSupport
import Testing

/// SplitMix64 written again from the rule book (§7), independently of the engine's, as a reference.
struct ReferenceSplitMix64 {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state = state.addingReportingOverflow(0x9E37_79B9_7F4A_7C15).partialValue
    var z = state
    z = (z ^ (z >> 30)).multipliedFullWidth(by: 0xBF58_476D_1CE4_E5B9).low
    z = (z ^ (z >> 27)).multipliedFullWidth(by: 0x94D0_49BB_1331_11EB).low
    return z ^ (z >> 31)
  }

  /// `u = (next >> 11) · 2^-53`.
  mutating func uniform() -> Double { Double(next() >> 11) / 9_007_199_254_740_992 }

  /// `1 + ⌊ln(1 − u) / ln(1 − p)⌋`.
  mutating func countdown(probability p: Double) -> Int {
    1 + Int((log(1 - uniform()) / log(1 - p)).rounded(.down))
  }
}

@Suite struct RandomTests {
  @Test func publishedSplitMix64VectorForSeedZero() {
    // The first outputs of Vigna's splitmix64.c from x = 0.
    var generator = SplitMix64(seed: 0)
    #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
    #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
    #expect(generator.next() == 0x06C4_5D18_8009_454F)
  }

  @Test(arguments: [0, 1, 2, 42, 0xFFFF_FFFF_FFFF_FFFF] as [UInt64])
  func splitMix64MatchesTheReference(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    var reference = ReferenceSplitMix64(seed: seed)
    for _ in 0..<1000 { #expect(generator.next() == reference.next()) }
    #expect(generator.state == reference.state)
  }

  @Test func seedOneFirstOutputsAndState() {
    var generator = SplitMix64(seed: 1)
    var reference = ReferenceSplitMix64(seed: 1)
    let outputs = (0..<3).map { _ in generator.next() }
    #expect(outputs == (0..<3).map { _ in reference.next() })
    // state = 1 + 3 · 0x9E3779B97F4A7C15 (mod 2^64).
    #expect(generator.state == 1 &+ 3 &* 0x9E37_79B9_7F4A_7C15)
  }

  @Test(arguments: [1, 7, 99] as [UInt64])
  func countdownFormula(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    var reference = ReferenceSplitMix64(seed: seed)
    for p in [1.0 / 40, 1.0 / 15, 0.5] {
      for _ in 0..<200 {
        #expect(generator.nextCountdown(probability: p) == reference.countdown(probability: p))
      }
    }
  }

  @Test func countdownsAreAtLeastOne() {
    // u ≥ 0, so ln(1 − u) ≤ 0 and the quotient is never negative: 1 + ⌊…⌋ ≥ 1.
    var generator = SplitMix64(seed: 3)
    for _ in 0..<10_000 { #expect(generator.nextCountdown(probability: 1.0 / 40) >= 1) }
  }

  @Test(arguments: [1, 2, 12_345] as [UInt64])
  func aNewGameDrawsTheSurveyCountdownFirstThenTheCurrent(seed: UInt64) {
    let game = newGame(seed: seed)
    var reference = ReferenceSplitMix64(seed: seed)
    let survey = reference.countdown(probability: 1.0 / 40)
    let current = reference.countdown(probability: 1.0 / 15)
    #expect(game.surveyCountdown == survey)
    #expect(game.currentCountdown == current)
    #expect(game.random.state == reference.state)
    #expect(game.seed == seed)
  }
}
