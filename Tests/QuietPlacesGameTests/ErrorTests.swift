import Foundation
import QuietPlacesGame
import QuietPlacesTestSupport
import Testing

@Suite struct ErrorTests {
  /// A refused command with the state it is refused in and the error it must throw.
  struct Refusal: Sendable, CustomTestStringConvertible {
    var name: String
    var command: GameCommand
    var setUp: @Sendable (inout GameState) -> Void
    var error: GameError
    var testDescription: String { name }
  }

  static let refusals: [Refusal] = [
    Refusal(
      name: "sails unaffordable", command: .upgrade(.sails, .count(1)), setUp: { $0.discoveries = 24 },
      error: .notAffordable(item: .equipment(.sails), count: 1, cost: 25, held: 24)),
    Refusal(
      name: "spyglass max with nothing", command: .upgrade(.spyglass, .max), setUp: { $0.discoveries = 39 },
      error: .nothingAffordable(item: .equipment(.spyglass), cost: 40, held: 39)),
    Refusal(
      name: "scout unaffordable", command: .hire(.count(1)), setUp: { $0.discoveries = 9.5 },
      error: .notAffordable(item: .scouts, count: 1, cost: 10, held: 9.5)),
    Refusal(
      name: "scouts max with nothing", command: .hire(.max), setUp: { $0.discoveries = 0 },
      error: .nothingAffordable(item: .scouts, cost: 10, held: 0)),
    Refusal(
      name: "zero levels", command: .upgrade(.sails, .count(0)), setUp: { $0.discoveries = 1e9 },
      error: .invalidCount(0)),
    Refusal(
      name: "negative levels", command: .upgrade(.cargo, .count(-3)), setUp: { $0.discoveries = 1e9 },
      error: .invalidCount(-3)),
    Refusal(
      name: "zero scouts", command: .hire(.count(0)), setUp: { $0.discoveries = 1e9 }, error: .invalidCount(0)
    ),
    Refusal(
      name: "negative scouts", command: .hire(.count(-1)), setUp: { $0.discoveries = 1e9 },
      error: .invalidCount(-1)),
    Refusal(
      name: "cargo over the limit", command: .upgrade(.cargo, .count(5)), setUp: { $0.discoveries = 1e12 },
      error: .overLimit(item: .cargo, limit: 4, level: 0, requested: 5)),
    Refusal(
      name: "charter unaffordable", command: .charter, setUp: { $0.discoveries = 3999 },
      error: .notAffordable(item: .charter, count: 1, cost: 4000, held: 3999)),
    Refusal(
      name: "all routes", command: .charter, setUp: { $0.route = 8 }, error: .allRoutesChartered(routes: 8)),
    Refusal(
      name: "supplies short", command: .buySupplies, setUp: { $0.postmarks = 24 },
      error: .notEnoughPostmarks(item: .supplies, cost: 25, held: 24)),
    Refusal(
      name: "colour short", command: .colour(.apricot), setUp: { $0.postmarks = 39 },
      error: .notEnoughPostmarks(item: .colour(.apricot), cost: 40, held: 39)),
    Refusal(
      name: "bearings not ready", command: .prestige(.bearings), setUp: { $0.progress = 50_000 },
      // ⌊10 · ∛0.5⌋ = ⌊7.93…⌋ = 7.
      error: .bearingsNotReady(gain: 7, minimum: 10)),
    Refusal(
      name: "atlas not ready", command: .prestige(.atlas), setUp: { $0.knowledge = 10 },
      error: .atlasNotReady(knowledge: 10, required: 1000)),
    Refusal(
      name: "zero advance", command: .advance(seconds: 0), setUp: { _ in },
      error: .invalidDuration(seconds: 0)),
    Refusal(
      name: "negative advance", command: .advance(seconds: -5), setUp: { _ in },
      error: .invalidDuration(seconds: -5)),
    Refusal(
      name: "advance beyond 100 years", command: .advance(seconds: 3_155_760_001), setUp: { _ in },
      error: .invalidDuration(seconds: 3_155_760_001)),
    Refusal(
      name: "closed app", command: .advance(seconds: 1), setUp: { $0.isOpen = false }, error: .appClosed),
    Refusal(
      name: "closed app supplies", command: .buySupplies,
      setUp: {
        $0.isOpen = false; $0.postmarks = 100
      },
      error: .appClosed),
    Refusal(name: "launch while open", command: .launch(clock: 0), setUp: { _ in }, error: .appOpen),
  ]

  @Test(arguments: refusals)
  func refusedCommandsChangeNothing(refusal: Refusal) throws {
    var game = newGame(seed: 3)
    _ = try game.apply(.advance(seconds: 1000), rules: rules)
    refusal.setUp(&game)
    let before = game
    #expect(throws: refusal.error) { try game.apply(refusal.command, rules: rules) }
    #expect(game == before)
  }
}
