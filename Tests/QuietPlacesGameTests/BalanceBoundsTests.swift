import Foundation
import QuietPlacesGame
import QuietPlacesTestSupport
import Testing

/// A balance file comes from whoever edits it (`simulate --balance FILE`, `--set`): every number
/// written as a whole number, set in turn to each extreme, is either refused by the loader with one
/// line naming the key, or gives rules under which a new game starts, sails, buys, prestiges,
/// closes and launches without trapping.
@Suite struct BalanceBoundsTests {
  @Test func everyWholeNumberAtEveryExtreme() throws {
    let text = Array(
      try Data(contentsOf: Fixtures.configurationFolder.appendingPathComponent("balance.json")))
    let numbers = ExtremeIntegers.fields(text)
    #expect(
      Set(numbers.map(\.key)).isSuperset(of: [
        "pathfinderWorth", "signalScouts", "deepHoldHours", "generationCap", "marks100", "suppliesPrice",
      ]))
    var refused = 0
    for number in numbers {
      for value in ExtremeIntegers.values + ["1e300"] {
        var bytes = text
        bytes.replaceSubrange(number.range, with: Array(value.utf8))
        let what = "\(number.key) = \(value)"
        let balance: Balance
        do {
          balance = try Balance.parse(Data(bytes), file: "balance.json")
        } catch {
          refused += 1
          #expect(!error.description.contains("\n"), "\(what): \(error.description)")
          continue
        }
        guard let rules = try? Rules(balance: balance) else {
          refused += 1
          continue
        }
        var game = GameState(seed: 7, clock: rules.startClock, rules: rules)
        game.grant(.signal)
        game.grant(.hold)
        game.receivePack(1_000, transaction: 1)
        game.discoveries = 1e30
        let commands: [GameCommand] = [
          .advance(seconds: 60), .upgrade(.sails, .count(3)), .upgrade(.spyglass, .max),
          .upgrade(.cargo, .max), .hire(.max), .charter, .buySupplies, .colour(.apricot), .close,
          .launch(clock: rules.startClock + 86_400), .prestige(.bearings), .prestige(.atlas), .freshVoyage,
          .close, .launch(clock: rules.startClock + 200 * 86_400),
        ]
        for command in commands {
          // Each command answers at once: a price search or a credit never walks count by count.
          let started = ContinuousClock.now
          _ = try? game.apply(command, rules: rules)
          #expect(ContinuousClock.now - started < .seconds(5), "\(what): \(command)")
        }
        _ = game.holdHours(rules)
        _ = GameState.effectiveScouts(game.fleetSize(rules), rules: rules)
      }
    }
    #expect(refused > 0)
  }
}

extension BalanceBoundsTests {
  /// Supplies pay for a crate whenever Postmarks cover the price: at 0 they always do, and the lab's
  /// strategies bought them without end, so a balance must price them at 1 or more.
  @Test func freeSuppliesAreRefused() throws {
    let text = try String(
      contentsOf: Fixtures.configurationFolder.appendingPathComponent("balance.json"), encoding: .utf8)
    let free = text.replacing(#/"suppliesPrice"\s*:\s*\d+/#) { _ in #""suppliesPrice": 0"# }
    #expect(free != text)
    #expect(
      throws: BalanceError.invalidValue(
        file: "balance.json", key: "postmarks.suppliesPrice",
        reason: "must be at least 1 (free supplies would be bought without end), not 0")
    ) { try Balance.parse(Data(free.utf8), file: "balance.json") }
  }
}
