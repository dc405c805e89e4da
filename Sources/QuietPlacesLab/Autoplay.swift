import QuietPlacesGame
import QuietPlacesStore

/// Plays a strategy on a host until the goal: every decision an ordinary command.
///
/// A decision point is the start of an online session, each purchase, each prestige, and the moment
/// the awaited option becomes affordable (or a prestige falls due, or Postmarks pay for supplies).
/// At each one the strategy, in this order: passes the Atlas if its rule says so; takes New Bearings
/// if its rule says so; buys supplies if Postmarks pay for them; buys its choice if affordable;
/// otherwise advances until one of those holds, the online session ends, a time milestone or the
/// limit comes, or a day has passed (so a chart sees the state at least daily).
public enum Autoplay {
  /// What a run keeps besides its figures.
  public struct Keeping: Sendable, Equatable {
    /// Keep every step (for a transcript).
    public var steps: Bool
    /// Keep the chart's metrics after every step.
    public var samples: Bool

    public init(steps: Bool = false, samples: Bool = false) {
      self.steps = steps
      self.samples = samples
    }
  }

  /// The longest single wait: a day.
  static let longestWait: Int64 = 86_400

  /// Plays `strategy` on `host` from its current state until `goal`.
  public static func run(
    _ strategy: Strategy, goal: PlayGoal, host: some PlayHost, rules: Rules, keeping: Keeping = Keeping()
  ) async throws(LabError) -> PlayReport {
    guard var game = await host.game() else {
      throw LabError("the app is closed; launch it before a strategy plays")
    }
    let start = game.clock
    var report = PlayReport(final: game)
    var tracker = MilestoneTracker(goal.milestones)
    if keeping.samples { report.samples.append(Sample(seconds: 0, game: game)) }

    func perform(_ step: PlayStep) async throws(LabError) {
      try await host.perform(step)
      guard let now = await host.game() else {
        throw LabError("the app closed during \(step.commands.joined(separator: " then ")); the run stops")
      }
      game = now
      if keeping.steps { report.steps.append(step) }
      if keeping.samples { report.samples.append(Sample(seconds: game.clock - start, game: game)) }
    }

    for product in strategy.owned {
      try await perform(.buyProduct(product))
      report.products.append(product)
    }
    var onlineLeft = strategy.sessions.online
    let atlasRequired = rules.balance.prestige.atlas.knowledgeRequired
    let suppliesPrice = rules.balance.postmarks.suppliesPrice

    while true {
      let elapsed = game.clock - start
      tracker.update(game, report: report, elapsed: elapsed)
      if tracker.allReached || elapsed >= goal.limit { break }
      if let left = onlineLeft, left <= 0, case .cycle(let on, let off) = strategy.sessions {
        try await perform(.away(off))
        report.absences += 1
        onlineLeft = on
        continue
      }
      if strategy.atlasDue(game, rules) {
        try await perform(.prestige(.atlas))
        report.atlases += 1
        report.decisions += 1
        continue
      }
      if strategy.bearingsDue(game, rules) {
        try await perform(.prestige(.bearings))
        report.bearings += 1
        report.decisions += 1
        continue
      }
      if strategy.suppliesDue(game, rules) {
        try await perform(.supplies)
        report.supplies += 1
        report.decisions += 1
        continue
      }
      let choice =
        strategy.kind == .idle
        ? nil : strategy.choice(PriceList(game: game, rules: rules, sessions: strategy.sessions))
      if let choice, choice.affordable, let cost = choice.cost {
        try await perform(choice.item.step)
        report.bought[choice.item, default: 0] += 1
        report.decisions += 1
        report.spent += cost
        continue
      }

      // Wait for the choice, a prestige, supplies or a Knowledge milestone.
      var cap = min(goal.limit - elapsed, longestWait)
      if let time = tracker.nextTime { cap = min(cap, time - elapsed) }
      if let left = onlineLeft { cap = min(cap, left) }
      cap = max(cap, 1)
      let knowledgeGoal = tracker.nextKnowledge
      let awaited = choice.flatMap { row in row.cost.map { (row.item, $0) } }
      let bearingsProgress = strategy.bearingsTarget(game, rules).map { target in
        let bearings = rules.balance.prestige.bearings
        let k = Double(target) / bearings.factor
        return k * k * k * bearings.progressScale
      }
      let wait =
        WaitSearch.firstSecond(
          from: game, cap: cap, rules: rules,
          estimate: { state in
            let rate = state.ordinaryRate(rules)
            var seconds = Double.infinity
            if let (_, cost) = awaited { seconds = min(seconds, (cost - state.discoveries) / rate) }
            if let needed = bearingsProgress {
              seconds = min(seconds, (needed - state.progress) / (rate / state.chartsMultiplier(rules)))
            }
            return seconds
          },
          holds: { state in
            if let (item, _) = awaited, Self.affordable(item, state, rules) { return true }
            if strategy.atlas && state.knowledge >= atlasRequired { return true }
            if strategy.bearingsDue(state, rules) { return true }
            if strategy.supplies && state.postmarks >= suppliesPrice { return true }
            if let knowledgeGoal, state.knowledge >= knowledgeGoal { return true }
            return false
          }) ?? cap
      try await perform(.advance(wait))
      report.onlineSeconds += wait
      if let left = onlineLeft { onlineLeft = left - wait }
    }
    report.seconds = game.clock - start
    tracker.close(report: report, elapsed: report.seconds)
    report.outcomes = tracker.outcomes
    report.final = game
    return report
  }

  /// Whether the next one of `item` can be bought now.
  static func affordable(_ item: Buyable, _ game: GameState, _ rules: Rules) -> Bool {
    switch item {
    case .sails: game.satisfies(.affordableEquipment(.sails), rules: rules)
    case .spyglass: game.satisfies(.affordableEquipment(.spyglass), rules: rules)
    case .cargo:
      game.equipment.cargo < (GameState.levelLimit(of: .cargo, rules) ?? Int.max)
        && game.satisfies(.affordableEquipment(.cargo), rules: rules)
    case .scout: game.satisfies(.affordableScout, rules: rules)
    case .charter: game.satisfies(.affordableCharter, rules: rules)
    }
  }
}
