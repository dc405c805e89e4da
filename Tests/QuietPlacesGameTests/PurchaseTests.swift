import Foundation
import QuietPlacesGame
import QuietPlacesTestSupport
import Testing

@Suite struct PurchaseTests {
  /// (item, base price, growth) from the rule book's table 5.
  static let priceCases: [(Equipment, Double, Double)] = [
    (.sails, 25, 1.6), (.spyglass, 40, 1.7), (.cargo, 500, 8),
  ]

  @Test(arguments: priceCases)
  func bulkPricesAreTheSumOfSinglePrices(item: Equipment, base: Double, growth: Double) {
    let price = rules.price(of: item)
    for level in [0, 1, 3] {
      for count in 1...4 {
        var sum = 0.0
        for l in level..<level + count { sum += base * pow(growth, Double(l)) }
        #expect(isClose(price.cost(from: level, count: count), sum))
      }
    }
  }

  @Test func scoutsCostTenTimesOnePointOneFiveToTheN() {
    let price = rules.scoutPrice
    for n in 0..<20 { #expect(isClose(price.cost(from: n, count: 1), 10 * pow(1.15, Double(n)))) }
    // Three scouts from none: 10 + 11.5 + 13.225.
    #expect(isClose(price.cost(from: 0, count: 3), 10 + 10 * 1.15 + 10 * 1.15 * 1.15))
  }

  @Test func buyingSailsSpendsTheClosedFormCost() throws {
    var game = quietGame()
    game.discoveries = 100
    let events = try game.apply(.upgrade(.sails, .count(2)), rules: rules)
    // 25 + 25 · 1.6 = 65.
    expectUpgrade(events, .sails, levels: 2, cost: 25 + 25 * 1.6, level: 2)
    #expect(isClose(game.discoveries, 100 - 65))
    #expect(isClose(game.baseSpeed(rules), 10 * 1.1 * 1.1))
  }

  @Test func maxBuysAsManyAsAreAffordable() throws {
    var game = quietGame()
    // 25 + 40 + 64 = 129 pays for three levels; a fourth would cost 102.4 more.
    game.discoveries = 25 + 40 + 64 + 100
    let events = try game.apply(.upgrade(.sails, .max), rules: rules)
    expectUpgrade(events, .sails, levels: 3, cost: 25 + 25 * 1.6 + 25 * 1.6 * 1.6, level: 3)
    #expect(isClose(game.discoveries, 100))
    let before = game
    #expect(
      throws: GameError.nothingAffordable(
        item: .equipment(.sails), cost: 25 * pow(1.6, 3), held: game.discoveries)
    ) {
      try game.apply(.upgrade(.sails, .max), rules: rules)
    }
    #expect(game == before)
  }

  @Test func maxHiresScouts() throws {
    var game = quietGame()
    // 10 + 11.5 + 13.225 = 34.725 pays for three; the fourth costs 15.20875.
    game.discoveries = 40
    let events = try game.apply(.hire(.max), rules: rules)
    guard case .hired(let count, let cost, let hired) = events.first else {
      Issue.record("expected a hire, got \(events)")
      return
    }
    #expect(count == 3)
    #expect(hired == 3)
    #expect(isClose(cost, 10 + 11.5 + 13.225))
    #expect(isClose(game.discoveries, 40 - 34.725))
  }

  @Test func cargoPastItsLimitIsRefusedWhole() throws {
    var game = quietGame()
    game.discoveries = 1e12
    _ = try game.apply(.upgrade(.cargo, .count(3)), rules: rules)
    #expect(game.equipment.cargo == 3)
    let before = game
    #expect(throws: GameError.overLimit(item: .cargo, limit: 4, level: 3, requested: 2)) {
      try game.apply(.upgrade(.cargo, .count(2)), rules: rules)
    }
    #expect(game == before)
    // max stops at the limit: 500 · 8³ for the fourth level.
    let events = try game.apply(.upgrade(.cargo, .max), rules: rules)
    expectUpgrade(events, .cargo, levels: 1, cost: 500 * 8 * 8 * 8, level: 4)
    let full = game
    #expect(throws: GameError.overLimit(item: .cargo, limit: 4, level: 4, requested: 1)) {
      try game.apply(.upgrade(.cargo, .max), rules: rules)
    }
    #expect(game == full)
  }

  @Test func charterCostsAndSetsCourseForPlaceOneOfTheNewRoute() throws {
    var game = quietGame()
    _ = try game.apply(.advance(seconds: 800), rules: rules)
    #expect(game.legIndex == 2)
    game.discoveries = 4000 + 1
    let events = try game.apply(.charter, rules: rules)
    #expect(events == [.chartered(route: 2, cost: 4000)])
    #expect(isClose(game.discoveries, 1))
    #expect(game.route == 2)
    #expect(game.legIndex == 0)
    // The whole of leg 1 of Kelp Shallows: 1.5 nm; the unfinished leg of route 1 is abandoned.
    #expect(game.legRemaining == 1.5)
    #expect(game.nextPlace == rules.place(named: "Otter Steps"))
  }

  @Test func routeEightIsTheLast() throws {
    var game = quietGame()
    let costs: [Double] = [4000, 160_000, 6_400_000, 256e6, 10_240e6, 409_600e6, 16_384_000e6]
    for (index, cost) in costs.enumerated() {
      game.discoveries = cost
      #expect(try game.apply(.charter, rules: rules) == [.chartered(route: index + 2, cost: cost)])
      #expect(game.discoveries == 0)
    }
    #expect(game.route == 8)
    #expect(game.legRemaining == 4.5)
    game.discoveries = 1e20
    let before = game
    #expect(throws: GameError.allRoutesChartered(routes: 8)) { try game.apply(.charter, rules: rules) }
    #expect(game == before)
  }

  @Test func sailColoursCostFortyPostmarksOnceAndSelectingIsFree() throws {
    var game = quietGame()
    game.postmarks = 50
    #expect(try game.apply(.colour(.apricot), rules: rules) == [.colourBought(.apricot, postmarks: 40)])
    #expect(game.postmarks == 50 - 40)
    #expect(game.sailColour == .apricot)
    #expect(try game.apply(.colour(.ivory), rules: rules) == [.colourSelected(.ivory)])
    #expect(try game.apply(.colour(.apricot), rules: rules) == [.colourSelected(.apricot)])
    #expect(game.postmarks == 10)
    let before = game
    #expect(throws: GameError.notEnoughPostmarks(item: .colour(.turquoise), cost: 40, held: 10)) {
      try game.apply(.colour(.turquoise), rules: rules)
    }
    #expect(game == before)
  }

  @Test func packsAddPostmarks() {
    var game = quietGame()
    game.receivePack(100, transaction: 1)
    game.receivePack(550, transaction: 2)
    #expect(game.postmarks == 100 + 550)
    // Each pack is counted with the transaction that paid for it.
    #expect(game.currentPostmarkAudit.packs.map(\.transaction) == [1, 2])
    #expect(game.currentPostmarkAudit.balance == game.postmarks)
  }

  func expectUpgrade(
    _ events: [GameEvent], _ item: Equipment, levels: Int, cost: Double, level: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard events.count == 1, case .upgraded(let got, let gotLevels, let gotCost, let gotLevel) = events[0]
    else {
      Issue.record("expected an upgrade, got \(events)", sourceLocation: sourceLocation)
      return
    }
    #expect(got == item, sourceLocation: sourceLocation)
    #expect(gotLevels == levels, sourceLocation: sourceLocation)
    #expect(isClose(gotCost, cost), sourceLocation: sourceLocation)
    #expect(gotLevel == level, sourceLocation: sourceLocation)
  }

  @Test func holdingExactlyTheSumOfTheSinglePricesPays() throws {
    var game = quietGame()
    // Two sails: 25 + 25 · 1.6, summed one price at a time.
    game.discoveries = 25 + 25 * 1.6
    _ = try game.apply(.upgrade(.sails, .count(2)), rules: rules)
    #expect(game.equipment.sails == 2)
    #expect(game.discoveries == 0)
    // Three scouts: 10 + 10 · 1.15 + 10 · 1.15², bought with max.
    game.discoveries = 10 + 10 * 1.15 + 10 * 1.15 * 1.15
    let events = try game.apply(.hire(.max), rules: rules)
    guard case .hired(let count, _, _) = events.first else {
      Issue.record("expected a hire, got \(events)")
      return
    }
    #expect(count == 3)
    #expect(game.discoveries == 0)
  }

  @Test(arguments: [("sails", 25.0, 1.6), ("spyglass", 40, 1.7), ("scout", 10, 1.15)])
  func maxAgreesWithSummingSinglePrices(item: String, base: Double, growth: Double) {
    let price =
      item == "scout" ? rules.scoutPrice : rules.price(of: Equipment(rawValue: item)!)
    for n in 1...30 {
      var sum = 0.0
      for l in 0..<n { sum += base * pow(growth, Double(l)) }
      #expect(price.maxAffordable(from: 0, budget: sum) == n, "budget of \(n) single prices")
    }
  }
}
