import QuietPlacesGame

/// Which milestones a run has reached, and the run's figures at the moment each was.
struct MilestoneTracker {
  private(set) var outcomes: [MilestoneOutcome]

  init(_ milestones: [Milestone]) {
    outcomes = milestones.map {
      MilestoneOutcome(milestone: $0, reached: false, seconds: 0, onlineSeconds: 0, decisions: 0, spent: 0)
    }
  }

  /// Every milestone is reached.
  var allReached: Bool { outcomes.allSatisfy(\.reached) }

  /// The earliest time milestone not reached yet, in seconds from the start.
  var nextTime: Int64? {
    outcomes.compactMap { outcome -> Int64? in
      if !outcome.reached, case .time(let seconds) = outcome.milestone { return seconds }
      return nil
    }.min()
  }

  /// The smallest Knowledge milestone not reached yet.
  var nextKnowledge: Int? {
    outcomes.compactMap { outcome -> Int? in
      if !outcome.reached, case .knowledge(let n) = outcome.milestone { return n }
      return nil
    }.min()
  }

  /// Marks what the run's figures reach now.
  mutating func update(_ game: GameState, report: PlayReport, elapsed: Int64) {
    for index in outcomes.indices where !outcomes[index].reached {
      let reached: Bool
      var at = elapsed
      switch outcomes[index].milestone {
      case .bearings(let n): reached = report.bearings >= n
      case .atlas(let n): reached = report.atlases >= n
      case .route(let n): reached = game.route >= n
      case .knowledge(let n): reached = game.knowledge >= n
      case .time(let seconds):
        reached = elapsed >= seconds
        at = seconds
      }
      if reached {
        outcomes[index] = MilestoneOutcome(
          milestone: outcomes[index].milestone, reached: true, seconds: at,
          onlineSeconds: report.onlineSeconds, decisions: report.decisions, spent: report.spent)
      }
    }
  }

  /// Closes the books at the end of a run: what was not reached gets the run's end figures.
  mutating func close(report: PlayReport, elapsed: Int64) {
    for index in outcomes.indices where !outcomes[index].reached {
      outcomes[index].seconds = elapsed
      outcomes[index].onlineSeconds = report.onlineSeconds
      outcomes[index].decisions = report.decisions
      outcomes[index].spent = report.spent
    }
  }
}
