import QuietPlacesGame
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesLab

/// Milestones: reading them, and the figures a run records when each is reached.
@Suite struct MilestoneTests {
  @Test(arguments: [
    ("bearings", Milestone.bearings(1)), ("bearings:3", .bearings(3)), ("atlas", .atlas(1)),
    ("atlas:2", .atlas(2)),
    ("route:4", .route(4)), ("knowledge:100", .knowledge(100)), ("time:1d12h", .time(129_600)),
  ])
  func readsEachForm(text: String, milestone: Milestone) throws {
    #expect(try Milestone.parse(text) == milestone)
    #expect(try Milestone.parse(milestone.name) == milestone)
  }

  @Test(arguments: ["nowhere", "route", "bearings:0", "time:0s", "time:soon", "knowledge:-1", ""])
  func refusesWhatIsNotAMilestone(text: String) {
    #expect(throws: LabError.self) { try Milestone.parse(text) }
  }

  @Test func nowhereSaysWhatWouldBeRight() {
    #expect(throws: LabError.notAMilestone("nowhere")) { try Milestone.parseList("bearings,nowhere") }
    #expect(
      labMessage { _ = try Milestone.parseList("bearings,nowhere") }
        == "'nowhere' is not a milestone; write \(Milestone.forms)")
  }

  /// A milestone given twice is refused, as written, not dropped: the second was meant to be another.
  @Test func aRepeatedMilestoneIsRefused() throws {
    #expect(throws: LabError.repeatedMilestone("bearings", earlier: "bearings:1")) {
      try Milestone.parseList("bearings:1,route:2,bearings")
    }
    #expect(
      labMessage { _ = try Milestone.parseList("time:1h,atlas,time:60m") }
        == "milestone time:60m is time:1h again, written otherwise; a run reaches each milestone once, so give "
        + "each once")
    #expect(
      labMessage { _ = try Milestone.parseList("atlas,atlas") }
        == "milestone atlas is given twice; a run reaches each milestone once, so give each once")
    #expect(try Milestone.parseList("bearings,bearings:2") == [.bearings(1), .bearings(2)])
  }

  /// Each milestone is stamped with the figures of the moment it is first reached; a time milestone
  /// with its own time; what is never reached gets the run's end.
  @Test func bookkeeping() {
    var tracker = MilestoneTracker(
      [.bearings(1), .bearings(2), .route(2), .knowledge(5), .time(3_600)], colourPrice: rules.colourPrice)
    var game = newGame()
    var report = PlayReport(final: game)
    report.decisions = 3
    report.spent = 100
    report.onlineSeconds = 1_000
    tracker.update(game, report: &report, elapsed: 1_000)
    #expect(tracker.outcomes.allSatisfy { !$0.reached })
    #expect(tracker.nextTime == 3_600)
    #expect(tracker.nextKnowledge == 5)

    game.route = 2
    game.knowledge = 5
    report.bearings = 1
    report.decisions = 7
    report.spent = 4_100
    report.onlineSeconds = 2_000
    tracker.update(game, report: &report, elapsed: 4_000)
    let first = tracker.outcomes
    #expect(
      first[0]
        == MilestoneOutcome(
          milestone: .bearings(1), reached: true, seconds: 4_000, onlineSeconds: 2_000, decisions: 7,
          spent: 4_100))
    #expect(!first[1].reached)
    #expect(first[2].reached && first[2].seconds == 4_000)
    #expect(first[3].reached && first[3].decisions == 7)
    // Reached at 4,000 s of the run, but the milestone is an hour: it records 3,600.
    #expect(first[4].reached && first[4].seconds == 3_600)

    // Later figures never overwrite a reached milestone; route 1 again (a reset) keeps route:2 reached.
    game.route = 1
    report.decisions = 20
    tracker.update(game, report: &report, elapsed: 9_000)
    #expect(tracker.outcomes[0].decisions == 7 && tracker.outcomes[2].reached)
    #expect(!tracker.allReached)
    tracker.close(report: report, elapsed: 9_000)
    #expect(
      tracker.outcomes[1]
        == MilestoneOutcome(
          milestone: .bearings(2), reached: false, seconds: 9_000, onlineSeconds: 2_000, decisions: 20,
          spent: 4_100))
  }
}
