import Foundation
import QuietPlacesGame
import QuietPlacesTestSupport
import Testing

/// `Rules` holds every value the engine needs, checked once when it is made: nothing optional is
/// left for the engine to default.
@Suite struct RulesTests {
  @Test func theValuesTheFileLeavesOptionalAreReadAndChecked() {
    // balance.json: sails ×1.1 a level, spyglass ×1.12, cargo +2 h a level (game.md, equipment).
    #expect(rules.sailsEffect == 1.1)
    #expect(rules.spyglassEffect == 1.12)
    #expect(rules.cargoHoursPerLevel == 2)
    // A current doubles the speed; the seed's packs hold 100 and 550 Postmarks.
    #expect(rules.currentSpeedMultiplier == 2)
    #expect(rules.postmarks(in: .small) == 100)
    #expect(rules.postmarks(in: .large) == 550)
    // Route 2 is the first that is chartered, for 4,000 Discoveries (the charter refusal's cost).
    #expect(rules.charterCost(route: 2) == 4000)
  }

  @Test func aBalanceWithoutAValueTheRulesNeedIsRefused() {
    var balance = rules.balance
    balance.equipment.sails.effectPerLevel = nil
    #expect(throws: BalanceError.missingKey(file: "balance", key: "equipment.sails.effectPerLevel")) {
      try Rules(balance: balance)
    }
    balance = rules.balance
    balance.purchases.packPostmarks[PostmarkPack.large.rawValue] = nil
    #expect(throws: BalanceError.missingKey(file: "balance", key: "purchases.packPostmarks.marks550")) {
      try Rules(balance: balance)
    }
  }

  @Test(arguments: [(1, 0, 0), (1, 4, 4), (2, 0, 5), (2, 3, 8), (8, 4, 39)])
  func placesAreNumberedRouteByRoute(route: Int, index: Int, place: Int) {
    // (route − 1) · 5 + index: route 2's fourth place (index 3) is 5 + 3 = 8; the last of 8 routes is 39.
    #expect(Rules.place(route: route, index: index) == place)
    #expect(rules.allPlaces.contains(place))
  }
}
