import QuietPlacesGame

/// Which milestones a run has reached, and the run's figures at the moment each was.
struct MilestoneTracker {
  /// A run's figures at an instant.
  struct Figures {
    var seconds: Int64
    var onlineSeconds: Int64
    var decisions: Int
    var spent: Double
  }

  private(set) var outcomes: [MilestoneOutcome]
  /// Postmarks for a sail colour.
  private let colourPrice: Int
  /// Whether a milestone waits for a pacing wall (`idle:`).
  let watchesWalls: Bool

  init(_ milestones: [Milestone], colourPrice: Int) {
    outcomes = milestones.map {
      MilestoneOutcome(milestone: $0, reached: false, seconds: 0, onlineSeconds: 0, decisions: 0, spent: 0)
    }
    self.colourPrice = colourPrice
    watchesWalls = milestones.contains { if case .idle = $0 { true } else { false } }
  }

  /// The smallest Postmarks milestone not reached yet.
  var nextPostmarks: Int? {
    outcomes.compactMap { outcome -> Int? in
      if !outcome.reached, case .postmarks(let n) = outcome.milestone { return n }
      return nil
    }.min()
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
  /// `wall` is the figures at the start of the current wait with nothing affordable, if any.
  /// `report` is only read: it is passed in place, as the autoplay's report beside the tracker it
  /// changes was otherwise copied whole (the final game with it) at every decision.
  /// `wallEnd` is the online seconds at which something became affordable during the wall, if it did
  /// (the wall lasted until then, not until now).
  mutating func update(
    _ game: GameState, report: inout PlayReport, elapsed: Int64, wall: Figures? = nil, wallEnd: Int64? = nil
  ) {
    for index in outcomes.indices where !outcomes[index].reached {
      let reached: Bool
      var figures = Figures(
        seconds: elapsed, onlineSeconds: report.onlineSeconds, decisions: report.decisions,
        spent: report.spent)
      var due: Int64?
      switch outcomes[index].milestone {
      case .bearings(let n):
        reached = report.bearings >= n
        due = reached && report.bearingsDue.count >= n ? report.bearingsDue[n - 1] : nil
      case .atlas(let n):
        reached = report.atlases >= n
        due = reached && report.atlasesDue.count >= n ? report.atlasesDue[n - 1] : nil
      case .route(let n): reached = game.route >= n
      case .knowledge(let n): reached = game.knowledge >= n
      case .time(let seconds):
        reached = elapsed >= seconds
        figures.seconds = seconds
      case .postmarks(let n): reached = game.postmarks >= n
      case .colour(let colour): reached = game.ownedColours.contains(colour) || game.postmarks >= colourPrice
      case .supplies(let n): reached = report.supplies >= n
      case .spent(let amount): reached = report.spent >= amount
      case .idle(let seconds):
        reached = wall.map { (wallEnd ?? report.onlineSeconds) - $0.onlineSeconds > seconds } ?? false
        if reached, let wall { figures = wall }
      }
      if reached {
        outcomes[index] = MilestoneOutcome(
          milestone: outcomes[index].milestone, reached: true, seconds: figures.seconds,
          onlineSeconds: figures.onlineSeconds, decisions: figures.decisions, spent: figures.spent,
          dueSeconds: due)
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
