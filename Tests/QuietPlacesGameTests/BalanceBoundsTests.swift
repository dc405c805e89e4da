import Foundation
import QuietPlacesGame
import Testing

/// A balance file comes from whoever edits it (`simulate --balance FILE`, `--set`): every number
/// written as a whole number, set in turn to each extreme, is either refused by the loader with one
/// line naming the key, or gives rules under which a new game starts, sails, buys, prestiges,
/// closes and launches without trapping.
@Suite struct BalanceBoundsTests {
  static let extremes = [
    "0", "-1", "-9223372036854775808", "9223372036854775807", "18446744073709551615", "1000000000000001",
    "1e300",
  ]

  /// The byte ranges of every number written without a fraction or exponent (`"reward": 8`).
  static func wholeNumbers(_ text: [UInt8]) -> [(key: String, range: Range<Int>)] {
    var found: [(String, Range<Int>)] = []
    var index = 0
    while index < text.count {
      defer { index += 1 }
      guard text[index] == UInt8(ascii: ":") else { continue }
      var start = index + 1
      while start < text.count, text[start] == UInt8(ascii: " ") { start += 1 }
      var end = start
      while end < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[end]) { end += 1 }
      guard end > start, end < text.count, ",\n}".utf8.contains(text[end]) else { continue }
      var keyEnd = index - 1
      while keyEnd > 0, text[keyEnd] != UInt8(ascii: "\"") { keyEnd -= 1 }
      var keyStart = keyEnd - 1
      while keyStart > 0, text[keyStart] != UInt8(ascii: "\"") { keyStart -= 1 }
      found.append((String(decoding: text[(keyStart + 1)..<keyEnd], as: UTF8.self), start..<end))
    }
    return found
  }

  @Test func everyWholeNumberAtEveryExtreme() throws {
    let text = Array(try Data(contentsOf: configurationDirectory.appendingPathComponent("balance.json")))
    let numbers = Self.wholeNumbers(text)
    #expect(
      Set(numbers.map(\.key)).isSuperset(of: [
        "pathfinderWorth", "signalScouts", "deepHoldHours", "generationCap", "marks100", "suppliesPrice",
      ]))
    var refused = 0
    for number in numbers {
      for value in Self.extremes {
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
        game.addPostmarks(1_000)
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
