import QuietPlacesUtilities
import Testing

/// The one edit distance and the one "closest candidate" of every "did you mean".
@Suite struct EditDistanceTests {
  @Test(arguments: [
    ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("kitten", "sitting", 3), ("flaw", "lawn", 2),
    ("advance", "advnace", 2), ("sails", "sails", 0), ("sail", "sails", 1), ("é", "e", 1),
  ])
  func levenshtein(a: String, b: String, distance: Int) {
    #expect(EditDistance.between(a, b) == distance)
    #expect(EditDistance.between(b, a) == distance)
  }

  /// A bound gives the same distance while it holds, and nothing once it cannot.
  @Test func stopsOnceTheDistanceMustExceedTheBound() {
    #expect(EditDistance.between(Array("kitten"), Array("sitting"), atMost: 3) == 3)
    #expect(EditDistance.between(Array("kitten"), Array("sitting"), atMost: 2) == nil)
    // The lengths alone differ by more than the bound.
    #expect(EditDistance.between(Array("a"), Array("abcd"), atMost: 2) == nil)
  }

  @Test func toleranceIsAThirdOfTheTextAtLeastOne() {
    #expect(EditDistance.tolerance(for: "") == 1)
    #expect(EditDistance.tolerance(for: "adv") == 1)
    #expect(EditDistance.tolerance(for: "advance") == 2)
    #expect(EditDistance.tolerance(for: "equipment.sail") == 4)
  }

  @Test func closestIsTheFirstAtTheSmallestDistance() {
    // "stat" is one edit from both "state" and "stats"; the first listed wins.
    #expect(EditDistance.closest(to: "stat", in: ["status", "state", "stats"]) == "state")
    #expect(EditDistance.closest(to: "stat", in: ["stats", "state"]) == "stats")
    #expect(EditDistance.closest(to: "anything", in: [String]()) == nil)
  }

  @Test func caseIsIgnoredUnlessAsked() {
    #expect(EditDistance.closest(to: "SAILS", in: ["spyglass", "sails"]) == "sails")
    // Case-sensitively "SAILS" is 5 edits from "sails" and 2 from "SAIL x".
    #expect(EditDistance.closest(to: "SAILS", in: ["sails", "SAIL x"], ignoringCase: false) == "SAIL x")
  }

  @Test func aLimitLeavesOutWhatIsTooFar() {
    #expect(EditDistance.closest(to: "advnace", in: ["advance", "away"], within: 2) == "advance")
    #expect(EditDistance.closest(to: "xyz", in: ["advance", "away"], within: 1) == nil)
    #expect(EditDistance.closest(to: "xyz", in: ["advance", "away"]) == "away")
  }
}
