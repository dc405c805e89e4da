import Foundation
import QuietPlacesGame
import QuietPlacesTestSupport
import Testing

@Suite struct BalanceTests {
  /// The V1 balance file as a JSON object, changed by `edit`, parsed back.
  func parse(editing edit: (inout [String: Any]) -> Void) throws(BalanceError) -> Balance {
    let url = Fixtures.configurationFolder.appendingPathComponent("balance.json")
    let data = try! Data(contentsOf: url)
    var object = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
    edit(&object)
    return try Balance.parse(try! JSONSerialization.data(withJSONObject: object), file: "balance.json")
  }

  @Test func theV1BalanceLoads() throws {
    let balance = try parse(editing: { _ in })
    #expect(balance.routes.count == 8)
    #expect(balance == rules.balance)
  }

  @Test func aMissingKeyIsNamed() {
    #expect(throws: BalanceError.missingKey(file: "balance.json", key: "ship.baseSpeedKnots")) {
      try parse { object in
        var ship = object["ship"] as! [String: Any]
        ship["baseSpeedKnots"] = nil
        object["ship"] = ship
      }
    }
    #expect(throws: BalanceError.missingKey(file: "balance.json", key: "events")) {
      try parse { object in object["events"] = nil }
    }
  }

  @Test func aNegativePriceIsNamed() {
    #expect(
      throws: BalanceError.invalidValue(
        file: "balance.json", key: "equipment.spyglass.basePrice",
        reason: "must be a positive number, not -40")
    ) {
      try parse { object in
        var equipment = object["equipment"] as! [String: Any]
        var spyglass = equipment["spyglass"] as! [String: Any]
        spyglass["basePrice"] = -40
        equipment["spyglass"] = spyglass
        object["equipment"] = equipment
      }
    }
  }

  @Test func aRouteWithoutFivePlacesIsNamed() {
    #expect(
      throws: BalanceError.invalidValue(
        file: "balance.json", key: "routes[2].places", reason: "must list five places, not 4")
    ) {
      try parse { object in
        var routes = object["routes"] as! [[String: Any]]
        var places = routes[2]["places"] as! [Any]
        places.removeLast()
        routes[2]["places"] = places
        object["routes"] = routes
      }
    }
  }

  @Test func aWrongTypeIsNamed() {
    #expect(
      throws: BalanceError.wrongType(file: "balance.json", key: "scouts.basePrice", expected: "a number")
    ) {
      try parse { object in
        var scouts = object["scouts"] as! [String: Any]
        scouts["basePrice"] = "ten"
        object["scouts"] = scouts
      }
    }
  }

  /// A key the balance has no number for is refused, not passed over: a typo would leave the number
  /// it meant unchanged without a word. The nearest key at its level is suggested.
  @Test func aKeyTheBalanceDoesNotHaveIsRefused() {
    #expect(
      throws: BalanceError.unknownKey(
        file: "balance.json", key: "ship.baseSpeedKnotz", closest: "ship.baseSpeedKnots")
    ) {
      try parse { object in
        var ship = object["ship"] as! [String: Any]
        ship["baseSpeedKnotz"] = 12
        object["ship"] = ship
      }
    }
    #expect(
      throws: BalanceError.unknownKey(
        file: "balance.json", key: "routes[3].places[1].rewrd", closest: "routes[3].places[1].reward")
    ) {
      try parse { object in
        var routes = object["routes"] as! [[String: Any]]
        var places = routes[3]["places"] as! [[String: Any]]
        places[1]["rewrd"] = 5
        routes[3]["places"] = places
        object["routes"] = routes
      }
    }
    #expect(throws: BalanceError.unknownKey(file: "balance.json", key: "notes", closest: nil)) {
      try parse { object in object["notes"] = "tuned for the beta" }
    }
    #expect(
      BalanceError.unknownKey(file: "balance.json", key: "notes", closest: nil).description
        == "balance.json: key 'notes' is not a balance number; remove it, or name a key the balance has")
    // Optional numbers left null (the first route's charter cost) and the pack names under
    // purchases.packPostmarks (data, not keys of the balance) are known.
    #expect(throws: Never.self) {
      try parse { object in
        var routes = object["routes"] as! [[String: Any]]
        routes[0]["charterCost"] = NSNull()
        object["routes"] = routes
      }
    }
  }

  /// A required key misspelt is reported as the misspelling, with the key meant, not as the key
  /// meant missing; a key that is simply missing is still reported missing, and so is a required
  /// key when the close key beside it is one the balance reads.
  @Test func aMisspeltRequiredKeyIsNamedAsTheMisspelling() {
    #expect(
      throws: BalanceError.unknownKey(
        file: "balance.json", key: "equipment.sails.basePrize", closest: "equipment.sails.basePrice")
    ) {
      try parse { object in
        var equipment = object["equipment"] as! [String: Any]
        var sails = equipment["sails"] as! [String: Any]
        sails["basePrize"] = sails.removeValue(forKey: "basePrice")
        equipment["sails"] = sails
        object["equipment"] = equipment
      }
    }
    #expect(
      throws: BalanceError.unknownKey(
        file: "balance.json", key: "routes[2].places[1].rewrd", closest: "routes[2].places[1].reward")
    ) {
      try parse { object in
        var routes = object["routes"] as! [[String: Any]]
        var places = routes[2]["places"] as! [[String: Any]]
        places[1]["rewrd"] = places[1].removeValue(forKey: "reward")
        routes[2]["places"] = places
        object["routes"] = routes
      }
    }
    #expect(throws: BalanceError.missingKey(file: "balance.json", key: "prestige.atlas.postmarks")) {
      try parse { object in
        var prestige = object["prestige"] as! [String: Any]
        var atlas = prestige["atlas"] as! [String: Any]
        atlas["postmarks"] = nil
        prestige["atlas"] = atlas
        object["prestige"] = prestige
      }
    }
  }

  @Test func textThatIsNotJSONIsNamed() {
    let result = Result { () throws(BalanceError) in
      try Balance.parse(Data("routes: eight".utf8), file: "balance.json")
    }
    guard case .failure(.notJSON(let file, _)) = result else {
      Issue.record("expected notJSON, got \(result)")
      return
    }
    #expect(file == "balance.json")
  }

  @Test func aMissingFileIsNamed() {
    let url = URL(fileURLWithPath: "/nonexistent/quietplaces/balance.json")
    let result = Result { () throws(BalanceError) in try Balance.load(from: url) }
    guard case .failure(.unreadable(let file, _)) = result else {
      Issue.record("expected unreadable, got \(result)")
      return
    }
    #expect(file == "balance.json")
    #expect(BalanceError.missingKey(file: "balance.json", key: "ship").description.contains("balance.json"))
  }

  /// The configuration's balance with the first `"priceGrowth": 1.6` written twice, `first` before it,
  /// and where the second is: its line and the column of its opening quote (both from 1).
  func balanceGivingSailsGrowthTwice(first: String) -> (data: Data, line: Int, column: Int) {
    let url = Fixtures.configurationFolder.appendingPathComponent("balance.json")
    let text = try! String(contentsOf: url, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let index = lines.firstIndex { $0.contains("\"priceGrowth\": 1.6") }!
    let doubled = lines[index].replacingOccurrences(
      of: "\"priceGrowth\": 1.6", with: "\"priceGrowth\": \(first), \"priceGrowth\": 1.6")
    // The second key's quote follows `, ` (columns count from 1).
    let comma = doubled.range(of: ", \"priceGrowth")!.lowerBound
    let column = doubled.distance(from: doubled.startIndex, to: comma) + 3
    var edited = lines
    edited[index] = doubled
    return (Data(edited.joined(separator: "\n").utf8), index + 1, column)
  }

  /// A key given twice is refused, naming its path and where it is given again, whichever values it
  /// holds: neither is taken for the other.
  @Test(arguments: ["1.4", "\"abc\"", "1.6"])
  func aKeyGivenTwiceIsRefused(first: String) {
    let (data, line, column) = balanceGivingSailsGrowthTwice(first: first)
    #expect(
      throws: BalanceError.duplicateKey(
        file: "dup.json", key: "equipment.sails.priceGrowth", line: line, column: column)
    ) {
      try Balance.parse(data, file: "dup.json")
    }
    #expect(
      BalanceError.duplicateKey(file: "dup.json", key: "equipment.sails.priceGrowth", line: 3, column: 7)
        .description
        == "dup.json:3:7: key 'equipment.sails.priceGrowth' is given twice; a key holds one value, so give it once"
    )
  }

  /// lab.md §12: a key whose value is `null` is a known key with no value, named as present and null
  /// with what it needs, whether the rules read it as optional (a route's charter cost) or not (the
  /// ship's speed); a key left out is still missing.
  @Test func aNullValueIsNamedAsPresentAndNull() {
    #expect(
      throws: BalanceError.nullValue(file: "balance.json", key: "routes[2].charterCost", expected: "a number")
    ) {
      try parse { object in
        var routes = object["routes"] as! [[String: Any]]
        routes[2]["charterCost"] = NSNull()
        object["routes"] = routes
      }
    }
    #expect(
      throws: BalanceError.nullValue(file: "balance.json", key: "ship.baseSpeedKnots", expected: "a number")
    ) {
      try parse { object in
        var ship = object["ship"] as! [String: Any]
        ship["baseSpeedKnots"] = NSNull()
        object["ship"] = ship
      }
    }
    #expect(throws: BalanceError.missingKey(file: "balance.json", key: "routes[2].charterCost")) {
      try parse { object in
        var routes = object["routes"] as! [[String: Any]]
        routes[2]["charterCost"] = nil
        object["routes"] = routes
      }
    }
    #expect(
      BalanceError.nullValue(file: "n.json", key: "routes[2].charterCost", expected: "a number").description
        == "n.json: key 'routes[2].charterCost' is present but null; give it a number")
  }
}
