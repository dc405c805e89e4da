import QuietPlacesDevice
import QuietPlacesGame
import QuietPlacesStore

/// A strategy playing toward a goal: from the game as it stands it yields one typed step at a time
/// (``nextStep()``); whoever plays carries the step out and hands back the game it left
/// (``stepped(to:)``). The lab plays the steps on a ``Device`` (``run(_:goal:on:keeping:)``); the
/// REPL's `autoplay` types them as the ordinary commands a person would.
///
/// A decision point is the start of an online session, each purchase, each prestige, and the moment
/// the awaited option becomes affordable (or a prestige falls due, or Postmarks pay for supplies).
/// At each one the strategy, in this order: passes the Atlas if its rule says so; takes New Bearings
/// if its rule says so; buys supplies if Postmarks pay for them; buys its choice if affordable;
/// otherwise advances until one of those holds, the online session ends, a time milestone or the
/// limit comes, or a day has passed (so a chart sees the state at least daily).
public struct Autoplay: Sendable {
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

  private let strategy: Strategy
  private let goal: PlayGoal
  private let rules: Rules
  private let keeping: Keeping
  /// The game's clock when the strategy started.
  private let start: Int64
  /// The game as the last step left it.
  private var game: GameState
  private var tracker: MilestoneTracker
  /// Products still to buy at the start, in order.
  private var productsToBuy: [ProductID]
  /// Seconds left of the online session, or `nil` when always online.
  private var onlineLeft: Int64?
  /// The step yielded last, until it is reported done.
  private var pending: PlayStep?
  private var finished = false
  /// What the run did so far; final once ``nextStep()`` has returned `nil`.
  public private(set) var report: PlayReport

  /// `strategy` about to play toward `goal` from `game`.
  public init(
    _ strategy: Strategy, goal: PlayGoal, rules: Rules, from game: GameState, keeping: Keeping = Keeping()
  ) {
    self.strategy = strategy
    self.goal = goal
    self.rules = rules
    self.keeping = keeping
    self.game = game
    start = game.clock
    tracker = MilestoneTracker(goal.milestones)
    productsToBuy = strategy.owned
    onlineLeft = strategy.sessions.online
    report = PlayReport(final: game)
    if keeping.samples { report.samples.append(Sample(seconds: 0, game: game)) }
  }

  /// The next step, or `nil` once the goal is reached or the limit has come (``report`` is then
  /// final). Each step is counted in the report as it is yielded.
  public mutating func nextStep() -> PlayStep? {
    precondition(pending == nil, "a step is yielded only after the one before it is done")
    guard !finished else { return nil }
    let step = decide()
    pending = step
    return step
  }

  /// The step yielded last is done, and left `game`.
  public mutating func stepped(to game: GameState) {
    guard let step = pending else { preconditionFailure("no step was yielded") }
    pending = nil
    self.game = game
    if keeping.steps { report.steps.append(step) }
    if keeping.samples { report.samples.append(Sample(seconds: game.clock - start, game: game)) }
  }

  private mutating func decide() -> PlayStep? {
    if !productsToBuy.isEmpty {
      let product = productsToBuy.removeFirst()
      report.products.append(product)
      return .buyProduct(product)
    }
    let elapsed = game.clock - start
    tracker.update(game, report: report, elapsed: elapsed)
    if tracker.allReached || elapsed >= goal.limit {
      finish()
      return nil
    }
    if let left = onlineLeft, left <= 0, case .cycle(let on, let off) = strategy.sessions {
      report.absences += 1
      onlineLeft = on
      return .away(off)
    }
    if strategy.atlasDue(game, rules) {
      report.atlases += 1
      report.decisions += 1
      return .prestige(.atlas)
    }
    if strategy.bearingsDue(game, rules) {
      report.bearings += 1
      report.decisions += 1
      return .prestige(.bearings)
    }
    if strategy.suppliesDue(game, rules) {
      report.supplies += 1
      report.decisions += 1
      return .supplies
    }
    let choice =
      strategy.kind == .idle
      ? nil : strategy.choice(PriceList(game: game, rules: rules, sessions: strategy.sessions))
    if let choice, choice.affordable, let cost = choice.cost {
      report.bought[choice.item, default: 0] += 1
      report.decisions += 1
      report.spent += cost
      return choice.item.step
    }
    let wait = waitFor(choice, elapsed: elapsed)
    report.onlineSeconds += wait
    if let left = onlineLeft { onlineLeft = left - wait }
    return .advance(wait)
  }

  /// How long to wait for the choice, a prestige, supplies or a Knowledge milestone: the first
  /// second one of them holds, within the online session, a time milestone, the limit and a day.
  private func waitFor(_ choice: PriceRow?, elapsed: Int64) -> Int64 {
    let strategy = strategy
    let rules = rules
    var cap = min(goal.limit - elapsed, Self.longestWait)
    if let time = tracker.nextTime { cap = min(cap, time - elapsed) }
    if let left = onlineLeft { cap = min(cap, left) }
    cap = max(cap, 1)
    let knowledgeGoal = tracker.nextKnowledge
    let awaited = choice.flatMap { row in row.cost.map { (row.item, $0) } }
    let bearingsProgress = strategy.bearingsTarget(game, rules).map(rules.bearingsProgress(forKnowledge:))
    let atlasRequired = rules.atlasKnowledgeRequired
    let suppliesPrice = rules.suppliesPrice
    return WaitSearch.firstSecond(
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
  }

  private mutating func finish() {
    finished = true
    report.seconds = game.clock - start
    tracker.close(report: report, elapsed: report.seconds)
    report.outcomes = tracker.outcomes
    report.final = game
  }

  /// Whether the next one of `item` can be bought now.
  static func affordable(_ item: Buyable, _ game: GameState, _ rules: Rules) -> Bool {
    switch item {
    case .sails: game.satisfies(.affordableEquipment(.sails), rules: rules)
    case .spyglass: game.satisfies(.affordableEquipment(.spyglass), rules: rules)
    case .cargo:
      game.equipment.cargo < (rules.levelLimit(of: .cargo) ?? Int.max)
        && game.satisfies(.affordableEquipment(.cargo), rules: rules)
    case .scout: game.satisfies(.affordableScout, rules: rules)
    case .charter: game.satisfies(.affordableCharter, rules: rules)
    }
  }
}

extension Autoplay {
  /// Plays `strategy` on `device`, whose app is open, from its current state until `goal`: each
  /// step carried out with the device's verbs.
  public static func run(
    _ strategy: Strategy, goal: PlayGoal, on device: Device, keeping: Keeping = Keeping()
  ) async throws(LabError) -> PlayReport {
    guard let game = await device.game else { throw .appClosed }
    var autoplay = Autoplay(strategy, goal: goal, rules: device.rules, from: game, keeping: keeping)
    while let step = autoplay.nextStep() {
      autoplay.stepped(to: try await device.play(step))
    }
    return autoplay.report
  }
}
