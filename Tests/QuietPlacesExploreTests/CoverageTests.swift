import Testing

@testable import QuietPlacesExplore

/// An illegal line refused is counted as the command it names refused, so the coverage table does
/// not say `advance` was never refused when `advance 0s` was; the `illegal` row keeps the lines
/// that name no command, and any line the REPL took.
@Suite struct CoverageTests {
  private static let every = StepKind.allCases.filter { $0 != .yes && $0 != .no }

  private func counted(
    _ line: String, among kinds: [StepKind] = every, refused: Bool = true, cancelled: Bool = false
  ) -> Coverage {
    var coverage = Coverage()
    coverage.step(
      .illegal(line), among: kinds, refused: refused, cancelled: cancelled, events: [], before: nil,
      after: nil)
    return coverage
  }

  @Test(arguments: [
    ("advance 0s", "advance"), ("advance 101y", "advance"), ("buy gold", "buy"),
    ("store replay 99999", "store replay"), ("store ask-to-buy maybe", "store ask-to-buy"),
    ("fault crash-before-save now", "fault crash-before-save"), ("prestige sideways", "prestige"),
    ("y", "y"), ("n", "n"), ("frobnicate", "illegal"), ("store", "illegal"), ("fault", "illegal"),
    ("load", "illegal"),
  ])
  func aRefusedLineCountsAsTheCommandItNames(line: String, row: String) {
    let coverage = counted(line)
    #expect(coverage.counts == ["commands|\(row) refused": 1], "\(line)")
  }

  @Test func aCommandTheExplorationDoesNotPlayLeavesItsLineIllegal() {
    let played = Self.every.filter { $0 != .advance }
    #expect(counted("advance 0s", among: played).counts == ["commands|illegal refused": 1])
    #expect(counted("buy gold", among: played).counts == ["commands|buy refused": 1])
  }

  @Test func aLineTheREPLTookStaysInTheIllegalRow() {
    #expect(counted("advance 0s", refused: false).counts == ["commands|illegal done": 1])
  }

  @Test func aLineThatCancelledAQuestionIsCountedAsThat() {
    #expect(counted("advance 0s", cancelled: true).counts == ["commands|\(Coverage.cancelRow)": 1])
  }

  @Test func everyIllegalLineNamesACommandOrIsMeantToNameNone() {
    let unnamed = StepGenerator.illegalLines.filter {
      StepKind.named(byIllegalLine: $0, among: Self.every) == nil
    }
    #expect(unnamed == ["frobnicate", "store", "fault", "load"])
  }

  /// Every command the generator draws only in legal forms has a bad form among the illegal lines,
  /// so each command's refused cell can be reached.
  @Test func everyCommandHasALineThatIsRefused() {
    let named = Set(
      StepGenerator.illegalLines.compactMap { StepKind.named(byIllegalLine: $0, among: Self.every) })
    let withoutOne = StepKind.allCases.filter { $0 != .illegal && !named.contains($0) }
    // Each of these is refused in its legal form in some state (a purchase while the app is
    // closed, an approval with none waiting, a launch while open).
    #expect(
      withoutOne.map(\.rawValue) == [
        "restore", "store locale", "store price", "store decline", "store resolve", "store buy-outside",
        "store continue", "launch", "close", "charter", "buy supplies", "prestige atlas", "fresh-voyage",
        "save",
        "checkpoint", "autoplay",
      ])
  }
}
