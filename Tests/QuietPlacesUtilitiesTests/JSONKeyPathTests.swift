import QuietPlacesUtilities
import Testing

/// The one key-path walker: paths read and written one way, values found, visited and replaced.
@Suite struct JSONKeyPathTests {
  let document: JSONValue = .object([
    "routes": .array([
      .object(["name": .string("Harbour Reach"), "charterCost": .null]),
      .object(["name": .string("Kelp Shallows"), "charterCost": .number("4000")]),
    ]),
    "equipment": .object(["sails": .object(["priceGrowth": .number("1.6")])]),
  ])

  @Test(arguments: [
    ("routes[1].charterCost", [JSONKeyPath.Segment.key("routes"), .index(1), .key("charterCost")]),
    ("routes.1.charterCost", [.key("routes"), .index(1), .key("charterCost")]),
    ("a[0][2]", [.key("a"), .index(0), .index(2)]),
    ("equipment.sails", [.key("equipment"), .key("sails")]),
    ("99999999999999999999", [.key("99999999999999999999")]),
  ])
  func readsPaths(text: String, segments: [JSONKeyPath.Segment]) throws {
    #expect(JSONKeyPath(parsing: text)?.segments == segments)
  }

  @Test(arguments: ["", "a..b", "a.", "a[", "a[x]", "a[1]b", "a[]"])
  func refusesWhatIsNotAPath(_ text: String) {
    #expect(JSONKeyPath(parsing: text) == nil)
  }

  @Test func writesPathsCanonicallyAndAsShapes() throws {
    let path = try #require(JSONKeyPath(parsing: "routes.1.places[4].name"))
    #expect(path.description == "routes[1].places[4].name")
    #expect(path.shape == "routes[].places[].name")
    #expect(path.passesThroughArray)
    #expect(path.prefix(2).description == "routes[1]")
    #expect(JSONKeyPath(keys: "equipment.sails").segments == [.key("equipment"), .key("sails")])
    #expect(!JSONKeyPath(keys: "equipment.sails").passesThroughArray)
  }

  @Test func findsValuesAndSaysHowFarAPathLeads() throws {
    #expect(document[try #require(JSONKeyPath(parsing: "routes[1].charterCost"))] == .number("4000"))
    #expect(document[JSONKeyPath()] == document)
    // A missing key stops after the steps that led somewhere, at the object that lacks it.
    let missing = document.follow(JSONKeyPath(keys: "equipment.spyglass.basePrice"))
    #expect(missing.depth == 1)
    #expect(missing.value.object?.keys == ["sails"])
    // An index past the end, and a key into an array, stop at the array.
    #expect(document.follow(try #require(JSONKeyPath(parsing: "routes[2]"))).depth == 1)
    #expect(document.follow(JSONKeyPath(keys: "routes.name")).depth == 1)
    #expect(document[JSONKeyPath(keys: "routes.name")] == nil)
  }

  @Test func visitsParentsFirstInMemberOrderOrSorted() {
    var inOrder: [String] = []
    document.forEachNode { path, _ in inOrder.append(path.description) }
    #expect(
      inOrder == [
        "", "routes", "routes[0]", "routes[0].name", "routes[0].charterCost", "routes[1]", "routes[1].name",
        "routes[1].charterCost", "equipment", "equipment.sails", "equipment.sails.priceGrowth",
      ])
    var sorted: [String] = []
    document.forEachNode(sortingKeys: true, intoArrays: false) { path, _ in sorted.append(path.description) }
    #expect(sorted == ["", "equipment", "equipment.sails", "equipment.sails.priceGrowth", "routes"])
  }

  @Test func replacesOnlyLeaves() throws {
    let path = try #require(JSONKeyPath(parsing: "routes[1].charterCost"))
    let changed = try #require(document.replacingLeaf(at: path, with: .number("5000")))
    #expect(changed[path] == .number("5000"))
    #expect(changed[JSONKeyPath(keys: "equipment")] == document[JSONKeyPath(keys: "equipment")])
    // An inner node, a missing key and an index past the end are not leaves.
    #expect(document.replacingLeaf(at: JSONKeyPath(keys: "equipment"), with: .null) == nil)
    #expect(document.replacingLeaf(at: JSONKeyPath(keys: "equipment.cargo"), with: .null) == nil)
    #expect(
      document.replacingLeaf(at: try #require(JSONKeyPath(parsing: "routes[5].name")), with: .null) == nil)
  }
}
