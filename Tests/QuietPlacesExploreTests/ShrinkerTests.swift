import QuietPlacesGame
import QuietPlacesStore
import Testing

@testable import QuietPlacesExplore

/// Delta debugging over steps and arguments: a planted property shrinks to its minimum.
@Suite struct ShrinkerTests {
  /// Breaks at the first purchase of a permanent product that comes after an advance of at least an
  /// hour; the step (from 1) where it breaks.
  static func breaks(_ steps: [ExploreStep]) -> Int? {
    var sailedAnHour = false
    for (index, step) in steps.enumerated() {
      switch step {
      case .advance(let seconds) where seconds >= 3_600: sailedAnHour = true
      case .buy(let product) where sailedAnHour && product.permanent != nil: return index + 1
      default: break
      }
    }
    return nil
  }

  @Test func aPlantedPropertyShrinksToItsMinimum() async {
    let steps: [ExploreStep] = [
      .launch, .advance(42), .upgrade(.sails, .count(3)), .advance(19_834), .store(.offline(true)),
      .buy(.marks550), .hire(.max), .refund(.hold), .buy(.signal), .advance(86_400), .buy(.charts), .close,
    ]
    #expect(Self.breaks(steps) == 9)
    var shrinker = Shrinker { Self.breaks($0) }
    let shrunk = await shrinker.shrink(steps)
    #expect(shrunk == [.advance(3_600), .buy(.charts)])
    #expect(shrinker.replays < Shrinker.budget)
  }

  @Test func whatCannotShrinkStaysWhole() async {
    let steps: [ExploreStep] = [.advance(3_600), .buy(.charts)]
    var shrinker = Shrinker { Self.breaks($0) }
    #expect(await shrinker.shrink(steps) == steps)
  }

  @Test func stepsAfterTheBreakAreDropped() async {
    var shrinker = Shrinker { Self.breaks($0) }
    let shrunk = await shrinker.shrink([.advance(7_200), .buy(.hold), .close, .launch])
    #expect(shrunk == [.advance(3_600), .buy(.charts)])
  }

  @Test(arguments: [
    (ExploreStep.advance(5_400), ["advance 1h30m"]),
    (.upgrade(.spyglass, .max), ["upgrade spyglass max"]),
    (.store(.approve(nil)), ["store approve"]),
    (.fault(.saveFails("once")), ["fault save-fails once"]),
    (.autoplay(600), ["autoplay payback for 10m"]),
  ])
  func stepsAreTypedAsAPersonTypesThem(step: ExploreStep, line: [String]) {
    #expect([step.line] == line)
  }
}
