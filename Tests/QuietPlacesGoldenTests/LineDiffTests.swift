import QuietPlacesGolden
import QuietPlacesREPL
import Testing

@Suite struct LineDiffTests {
  /// Applies an edit script to `old`, which must give `new`.
  func apply(_ edits: [LineDiff.Edit], old: [String], new: [String]) -> [String] {
    edits.compactMap { edit in
      switch edit {
      case .same(let x, _): old[x]
      case .delete: nil
      case .insert(let y, _): new[y]
      }
    }
  }

  @Test(arguments: [
    ([String](), [String]()), ([], ["a"]), (["a"], []), (["a", "b", "c"], ["a", "b", "c"]),
    (["a", "b", "c", "a", "b", "b", "a"], ["c", "b", "a", "b", "a", "c"]),
    (["x", "y"], ["y", "x"]), (["a", "b", "c", "d"], ["a", "x", "c", "y"]),
  ])
  func editScriptIsShortestAndCorrect(old: [String], new: [String]) {
    let edits = LineDiff.edits(from: old, to: new)
    #expect(apply(edits, old: old, new: new) == new)
    #expect(edits.compactMap { if case .same(let x, _) = $0 { old[x] } else { nil } }.count == lcs(old, new))
  }

  /// A middle that differs by more edits than the search looks for is shown replaced whole: the
  /// common prefix and suffix kept, every old line removed, then every new line added — a correct
  /// script, found without keeping a trace that grows with the square of the edits.
  @Test func aMiddleBeyondTheSearchIsShownReplacedWhole() {
    let count = LineDiff.maximumEdits
    let old = ["first"] + (0..<count).map { "old \($0)" } + ["last"]
    let new = ["first"] + (0..<count).map { "new \($0)" } + ["last"]
    let edits = LineDiff.edits(from: old, to: new)
    #expect(apply(edits, old: old, new: new) == new)
    #expect(edits.first == .same(old: 0, new: 0))
    #expect(edits.last == .same(old: count + 1, new: count + 1))
    let middle = edits.dropFirst().dropLast()
    #expect(middle.count == 2 * count)
    #expect(middle.prefix(count).allSatisfy { if case .delete = $0 { true } else { false } })
    #expect(
      middle.suffix(count).allSatisfy { if case .insert(_, before: count + 1) = $0 { true } else { false } })
  }

  /// Within the search, the script stays the shortest: one line in common among many changed.
  @Test func aMiddleWithinTheSearchKeepsWhatItShares() {
    let old = ["shared"] + (0..<400).map { "old \($0)" }
    let new = (0..<400).map { "new \($0)" } + ["shared"]
    let edits = LineDiff.edits(from: old, to: new)
    #expect(apply(edits, old: old, new: new) == new)
    #expect(edits.filter { if case .same = $0 { true } else { false } }.count == 1)
  }

  /// The length of a longest common subsequence, by dynamic programming.
  func lcs(_ a: [String], _ b: [String]) -> Int {
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in a.indices.reversed() {
      for j in b.indices.reversed() {
        table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    return table[0][0]
  }

  @Test func unifiedDiffOfAKnownChange() {
    let old = (1...12).map { "line \($0)" }
    var new = old
    new[5] = "changed 6"
    new.insert("added", at: 11)
    let diff = LineDiff.unified(old: old, new: new, oldHeader: "a.qp (expected)", newHeader: "a.qp (actual)")
    {
      "at \($0)"
    }
    #expect(
      diff == [
        "--- a.qp (expected)",
        "+++ a.qp (actual)",
        "@@ -3,10 +3,11 @@ at 5",
        " line 3",
        " line 4",
        " line 5",
        "-line 6",
        "+changed 6",
        " line 7",
        " line 8",
        " line 9",
        " line 10",
        " line 11",
        "+added",
        " line 12",
      ])
  }

  @Test func farApartChangesMakeTwoHunks() {
    let old = (1...20).map { "\($0)" }
    var new = old
    new[0] = "one"
    new.remove(at: 19)
    let diff = LineDiff.unified(old: old, new: new, oldHeader: "a", newHeader: "b")
    #expect(
      diff == [
        "--- a", "+++ b",
        "@@ -1,4 +1,4 @@", "-1", "+one", " 2", " 3", " 4",
        "@@ -17,4 +17,3 @@", " 17", " 18", " 19", "-20",
      ])
  }

  @Test func insertionIntoEmptyAndEqualInputs() {
    #expect(LineDiff.unified(old: ["a"], new: ["a"], oldHeader: "a", newHeader: "b") == [])
    #expect(
      LineDiff.unified(old: [], new: ["x"], oldHeader: "a", newHeader: "b") == [
        "--- a", "+++ b", "@@ -0,0 +1 @@", "+x",
      ])
  }
}
