import Foundation
import QuietPlacesGame
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesLab

/// Variants that would play the same runs: a value given twice is refused, naming it; values that
/// meet in the cross product are kept and said; balance files of one name are told apart.
@Suite struct VariantRepeatTests {
  func message(_ request: SimulateRequest) -> String? {
    labMessage { _ = try SimulatePlan.make(request, balance: rules.balance) }
  }

  static let again =
    "makes a variant, and the second would play every seed as the first does, so give each value once"

  @Test func aValueGivenTwiceIsRefusedByName() throws {
    #expect(
      message(SimulateRequest(strategies: [.payback, .payback]))
        == "--strategy payback is given twice; each value of --strategy \(Self.again)")
    #expect(
      message(
        SimulateRequest(sessions: [
          .cycle(online: 900, offline: 28_800), .cycle(online: 900, offline: 28_800),
        ]))
        == "--sessions 15m/8h is given twice; each value of --sessions \(Self.again)")
    #expect(
      message(SimulateRequest(owned: [[.charts, .hold], [.hold, .charts]]))
        == "--owned hold,charts is --owned charts,hold again, written otherwise; each value of --owned \(Self.again)"
    )
    #expect(
      message(
        SimulateRequest(settings: [
          try BalanceSetting.parse("equipment.sails.priceGrowth=1.5"),
          try BalanceSetting.parse("equipment.sails.priceGrowth=1.50"),
        ]))
        == "--set equipment.sails.priceGrowth=1.50 is --set equipment.sails.priceGrowth=1.5 again, written "
        + "otherwise; each value of --set \(Self.again)")
    #expect(
      message(
        SimulateRequest(variations: [try BalanceVariation.parse("equipment.sails.priceGrowth=1.5,1.5")]))
        == "--vary equipment.sails.priceGrowth=1.5 is given twice; each value of --vary \(Self.again)")
    #expect(
      message(
        SimulateRequest(variations: [
          try BalanceVariation.parse("equipment.sails.priceGrowth=1.5,1.7"),
          try BalanceVariation.parse("equipment.sails.priceGrowth=1.7"),
        ]))
        == "--vary equipment.sails.priceGrowth=1.7 is given twice; each value of --vary \(Self.again)")
    // A consumable bought twice is another purchase than bought once.
    #expect(message(SimulateRequest(owned: [[.marks100, .marks100], [.marks100]])) == nil)
  }

  /// Each --vary value replaces the key's --set value: with two --set values, every --vary variant
  /// would be played twice. One --set value is the baseline the key is varied around.
  @Test func aKeySetTwiceAndVariedIsRefused() throws {
    let settings = [
      try BalanceSetting.parse("equipment.sails.priceGrowth=1.5"),
      try BalanceSetting.parse("equipment.sails.priceGrowth=1.7"),
    ]
    let vary = [try BalanceVariation.parse("equipment.sails.priceGrowth=1.8")]
    #expect(
      message(SimulateRequest(settings: settings, variations: vary))?.hasPrefix(
        "equipment.sails.priceGrowth has several --set values and a --vary too;") == true)
    let plan = try SimulatePlan.make(
      SimulateRequest(settings: [settings[0]], variations: vary), balance: rules.balance)
    #expect(plan.variants.map(\.rules.balance.equipment.sails.priceGrowth) == [1.5, 1.8])
  }

  /// A range around the balance holds the balance's own value: that variant is kept, and a note
  /// says it plays as the baseline.
  @Test func aVaryValueThatIsTheBalancesOwnIsSaid() throws {
    let own = SweepOutput.number(rules.balance.equipment.sails.priceGrowth)
    let plan = try SimulatePlan.make(
      SimulateRequest(variations: [try BalanceVariation.parse("equipment.sails.priceGrowth=1.2,\(own)")]),
      balance: rules.balance)
    #expect(plan.variants.count == 3)
    #expect(
      plan.notes == [
        "--vary equipment.sails.priceGrowth=\(own) is the balance's own value: variant "
          + "'equipment.sails.priceGrowth=\(own)' plays as 'baseline' does"
      ])
    #expect(
      try SimulatePlan.make(SimulateRequest(strategies: [.idle, .payback]), balance: rules.balance).notes
        == [])
  }

  /// Two balance files named alike are labelled by the shortest ends of their paths that differ; a
  /// file given twice, or two files of one balance, are refused.
  @Test func balanceFilesOfOneNameAreToldApart() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let speed = rules.balance.ship.baseSpeedKnots
    let a = try folder.write(try Fixtures.balanceText(shipSpeed: speed), to: "a/balance.json").path
    let b = try folder.write(try Fixtures.balanceText(shipSpeed: speed + 1), to: "b/balance.json").path
    let copy = try folder.write(try Fixtures.balanceText(shipSpeed: speed), to: "c/balance.json").path
    let plan = try SimulatePlan.make(SimulateRequest(balanceFiles: [a, b]), balance: rules.balance)
    #expect(plan.variants.map(\.name) == ["balance=a/balance.json", "balance=b/balance.json"])
    #expect(plan.variants[1].rules.balance.ship.baseSpeedKnots == speed + 1)
    #expect(
      message(SimulateRequest(balanceFiles: [a, copy]))
        == "--balance \(a) and --balance \(copy) hold the same balance, so their variants would play the same runs; "
        + "give one of them")
    #expect(
      message(SimulateRequest(balanceFiles: [a, folder.url.path + "/./a/balance.json"]))?.hasPrefix(
        "--balance \(folder.url.path)/./a/balance.json is --balance \(a) again, written otherwise;") == true)
  }

  @Test(arguments: [
    (["a/balance.json", "b/balance.json", "c.json"], ["a/balance.json", "b/balance.json", "c.json"]),
    (["x/a/balance.json", "y/a/balance.json"], ["x/a/balance.json", "y/a/balance.json"]),
    (["balance.json", "old/balance.json"], ["balance.json", "old/balance.json"]),
    (
      ["/tmp/p/balance.json", "/tmp/q/balance.json", "/tmp/r.json"],
      ["p/balance.json", "q/balance.json", "r.json"]
    ),
    (["../x/b.json", "x/b.json"], ["../x/b.json", "x/b.json"]),
  ])
  func labelsAreTheShortestEndsThatDiffer(files: [String], labels: [String]) {
    #expect(SimulatePlan.balanceLabels(files) == labels)
  }
}
