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
/// if its rule says so; buys supplies if Postmarks pay for them (`eager`); buys its choice if
/// affordable; opens a crate if its Postmarks policy bridges the wait for the choice (`bridge`, see
/// ``Strategy/bridgesWait(for:onlineLeft:_:_:)``); otherwise advances until one of those holds, the
/// online session ends, a time milestone or the limit comes, or a day has passed (so a chart sees
/// the state at least daily).
public struct Autoplay: Sendable {
  /// What a run keeps besides its figures.
  public struct Keeping: Sendable, Equatable {
    /// Keep every step (for a transcript).
    public var steps: Bool
    /// Keep the chart's metrics after every step.
    public var samples: Bool
    /// Time the run's phases (``PlayReport/profile``).
    public var profile: Bool
    /// Keep what the run did and when, for its timeline (``PlayReport/events``).
    public var timeline: Bool

    public init(steps: Bool = false, samples: Bool = false, profile: Bool = false, timeline: Bool = false) {
      self.steps = steps
      self.samples = samples
      self.profile = profile
      self.timeline = timeline
    }
  }

  /// The longest single wait: a day.
  static let longestWait: Int64 = 86_400

  /// How many steps a run plays between two questions whether to stop (a few milliseconds).
  public static let stepsBetweenStopChecks = 4_096

  private let strategy: Strategy
  private let goal: PlayGoal
  private let rules: Rules
  private let keeping: Keeping
  /// Keeps the samples and events within a size.
  private var log = BoundedRunLog()
  /// Simulated seconds from the start when the step now being played began.
  private var secondsBeforeStep: Int64 = 0
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
  /// The figures when the current wait with nothing affordable began (tracked for `idle:` only).
  private var wall: MilestoneTracker.Figures?
  /// The online seconds at which something became affordable during the last wait of the current
  /// wall, which ends it there (its length is then fixed, whatever the strategy still waits for).
  private var wallEnd: Int64?
  /// When New Bearings and the Atlas first fell due since each was last taken (seconds from the start).
  private var bearingsDueAt: Int64?
  private var atlasDueAt: Int64?
  /// What the strategy waits for since its last purchase, and the wait's item.
  private var awaiting: Buyable?
  /// Crates of supplies opened since the last purchase with Discoveries (or prestige).
  private var unspentCrates = 0
  private var finished = false
  /// Levels, scouts and charters bought so far (``PlayReport/bought`` once the run ends).
  private var bought = Bought()
  /// Nanoseconds of the decision being made that belong to other phases than the decision itself.
  private var elsewhere: UInt64 = 0
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
    tracker = MilestoneTracker(goal.milestones, colourPrice: rules.colourPrice)
    productsToBuy = strategy.owned
    onlineLeft = strategy.sessions.online
    report = PlayReport(final: game)
    if keeping.profile { report.profile = RunProfile() }
    if keeping.samples { report.samples.append(Sample(seconds: 0, game: game)) }
  }

  /// The next step, or `nil` once the goal is reached or the limit has come (``report`` is then
  /// final). Each step is counted in the report as it is yielded.
  public mutating func nextStep() -> PlayStep? {
    // A stored property of the struct being changed is copied for the decision to read.
    nextStep(on: game)
  }

  /// The step yielded last is done and left `game`; the next step, decided on `game` in place:
  /// ``stepped(to:)`` then ``nextStep()`` without a copy of the game for the decision.
  mutating func nextStep(after game: consuming GameState) -> PlayStep? {
    noteStepped(to: game)
    let step = nextStep(on: game)
    self.game = consume game
    return step
  }

  /// The next step, decided on `game` (the game the last step left).
  private mutating func nextStep(on game: GameState) -> PlayStep? {
    precondition(pending == nil, "a step is yielded only after the one before it is done")
    guard !finished else { return nil }
    guard keeping.profile else {
      pending = decide(game)
      return pending
    }
    let start = RunProfile.now()
    elsewhere = 0
    let step = decide(game)
    report.profile?.add(.decisions, nanoseconds: RunProfile.now() &- start &- elsewhere)
    pending = step
    return step
  }

  /// Counts the time since `start` in `phase`, when the run is profiled.
  mutating func profiled(_ phase: RunProfile.Phase, since start: UInt64) {
    guard keeping.profile else { return }
    let spent = RunProfile.now() &- start
    report.profile?.add(phase, nanoseconds: spent)
    if phase == .milestones || phase == .waitSearch { elsewhere &+= spent }
  }

  /// The monotonic clock when the run is profiled, else 0.
  var profileStart: UInt64 { keeping.profile ? RunProfile.now() : 0 }

  /// The step yielded last is done, and left `game`.
  public mutating func stepped(to game: consuming GameState) {
    noteStepped(to: game)
    self.game = consume game
  }

  /// Counts the step yielded last as done, leaving `game`.
  private mutating func noteStepped(to game: GameState) {
    guard let step = pending else { preconditionFailure("no step was yielded") }
    pending = nil
    if keeping.steps { report.steps.append(step) }
    if keeping.timeline, let event = RunTimeline.event(step, at: secondsBeforeStep) {
      report.events.append(event)
      log.mergeIfFull(&report.events)
    }
    secondsBeforeStep = game.clock - start
    if keeping.samples {
      report.samples.append(Sample(seconds: secondsBeforeStep, game: game))
      log.thinIfFull(&report.samples)
    }
  }

  /// The next step from `game`, which does not change until that step is done.
  private mutating func decide(_ game: GameState) -> PlayStep? {
    if !productsToBuy.isEmpty {
      let product = productsToBuy.removeFirst()
      report.products.append(product)
      return .buyProduct(product)
    }
    let elapsed = game.clock - start
    // Each rule is asked once.
    let atlasDue = strategy.atlasDue(game, rules)
    let bearingsDue = strategy.bearingsDue(game, rules)
    if atlasDue, atlasDueAt == nil { atlasDueAt = elapsed }
    if bearingsDue, bearingsDueAt == nil { bearingsDueAt = elapsed }
    let milestonesStart = profileStart
    tracker.update(game, report: &report, elapsed: elapsed, wall: wall, wallEnd: wallEnd)
    profiled(.milestones, since: milestonesStart)
    if wallEnd != nil {
      wall = nil
      wallEnd = nil
    }
    if tracker.allReached || elapsed >= goal.limit {
      finish(game)
      return nil
    }
    if let left = onlineLeft, left <= 0, case .cycle(let on, let off) = strategy.sessions {
      report.absences += 1
      onlineLeft = on
      // The run ends at its limit: an absence that would pass it is cut there (`for 1h` with
      // sessions of 15m/8h leaves the game at 1h, not at 8h 15m), and nothing past the limit counts.
      let away = min(off, goal.limit - elapsed)
      noteDueWhileAway(away, from: game, elapsed: elapsed)
      return .away(away)
    }
    if atlasDue {
      noteWiped(by: .atlas, game)
      report.atlases += 1
      report.decisions += 1
      report.atlasesDue.append(atlasDueAt ?? elapsed)
      atlasDueAt = nil
      bearingsDueAt = nil
      return acted(.prestige(.atlas))
    }
    if bearingsDue {
      noteWiped(by: .bearings, game)
      report.bearings += 1
      report.decisions += 1
      report.bearingsDue.append(bearingsDueAt ?? elapsed)
      bearingsDueAt = nil
      return acted(.prestige(.bearings))
    }
    if strategy.suppliesDue(game, rules) {
      return boughtSupplies()
    }
    var choice: PriceRow?
    var cheapest: PriceRow?
    var noneAffordable = false
    if strategy.kind != .idle || tracker.watchesWalls {
      // What the strategy reads of the price list, without keeping the list.
      (choice, cheapest, noneAffordable, _) = PriceList.reading(
        for: strategy.kind, game: game, rules: rules, sessions: strategy.sessions)
    }
    // Something affordable that the strategy does not buy (it saves for another) ends a wall too.
    if !noneAffordable { wall = nil }
    if let choice, choice.affordable, let cost = choice.cost {
      bought[choice.item] += 1
      report.decisions += 1
      report.spent += cost
      awaiting = nil
      unspentCrates = 0
      return acted(choice.item.step)
    }
    if let choice, strategy.bridgesWait(for: choice, onlineLeft: onlineLeft, game, rules) {
      return boughtSupplies()
    }
    if tracker.watchesWalls, wall == nil, noneAffordable {
      wall = MilestoneTracker.Figures(
        seconds: elapsed, onlineSeconds: report.onlineSeconds, decisions: report.decisions,
        spent: report.spent)
    }
    awaiting = choice?.cost == nil ? nil : choice?.item
    let searchStart = profileStart
    let wait = waitFor(choice, from: game, elapsed: elapsed)
    profiled(.waitSearch, since: searchStart)
    // A wait for the cheapest ends when it becomes affordable (or sooner), and the wall with it; a
    // wait for something dearer may outlast the wall.
    if wall != nil, let cheapest, cheapest.item != awaiting {
      wallEnd = wallEnd(cheapest, from: game, within: wait).map { report.onlineSeconds + $0 }
    }
    report.onlineSeconds += wait
    if let left = onlineLeft {
      onlineLeft = left - wait
      if wait >= left, let item = awaiting { report.savedPastSession[item, default: 0] += 1 }
    }
    return .advance(wait)
  }

  /// Seconds at the ordinary rate until `cost` is affordable or New Bearings' progress is reached,
  /// whichever is sooner (infinite with neither): where a wait's search for its first second starts.
  static func estimatedWait(
    _ state: GameState, cost: Double?, bearingsProgress: Double?, rules: Rules
  ) -> Double {
    let rate = state.ordinaryRate(rules)
    var seconds = Double.infinity
    if let cost { seconds = min(seconds, (cost - state.discoveries) / rate) }
    if let needed = bearingsProgress {
      seconds = min(seconds, (needed - state.progress) / (rate / state.chartsMultiplier(rules)))
    }
    return seconds
  }

  /// The first second within `wait` at which `cheapest`, the first of the prices to become
  /// affordable, is: where a wall with nothing affordable ends, though the strategy waits on for
  /// something dearer. `nil` if it is not affordable within the wait.
  private func wallEnd(_ cheapest: PriceRow, from game: GameState, within wait: Int64) -> Int64? {
    guard let cost = cheapest.cost else { return nil }
    let rules = rules
    return WaitSearch.firstSecond(
      from: game, cap: wait, rules: rules,
      estimate: { state in (cost - state.discoveries) / state.ordinaryRate(rules) },
      holds: { state in Self.affordable(cheapest.item, state, rules) })
  }

  /// A step that acts (a purchase, supplies or a prestige): it ends any wall.
  private mutating func acted(_ step: PlayStep) -> PlayStep {
    wall = nil
    wallEnd = nil
    return step
  }

  private mutating func boughtSupplies() -> PlayStep {
    report.supplies += 1
    report.decisions += 1
    unspentCrates += 1
    return acted(.supplies)
  }

  /// Notes Discoveries saved for the awaited item that a prestige is about to wipe, with the crates
  /// of supplies among them.
  private mutating func noteWiped(by layer: PrestigeLayer, _ game: GameState) {
    defer { unspentCrates = 0 }
    guard let item = awaiting, game.discoveries > 0 else { return }
    report.wiped.append(
      PlayReport.WipedSaving(item: item, discoveries: game.discoveries, by: layer, crates: unspentCrates))
    awaiting = nil
  }

  /// Notes when a prestige the strategy takes falls due during an absence of `off` seconds that
  /// begins now: the first second `t` such that an absence of `t` seconds (offline sailing, credited
  /// at launch up to the hold) would make its rule hold. Offline credit only grows with the absence,
  /// so the search halves the absence.
  private mutating func noteDueWhileAway(_ off: Int64, from game: GameState, elapsed: Int64) {
    guard atlasDueAt == nil || bearingsDueAt == nil else { return }
    let strategy = strategy
    let rules = rules
    var closed = game
    do {
      _ = try closed.apply(.close, rules: rules)
    } catch {
      return
    }
    let credited = min(off, Int64(game.holdHours(rules)) * 3_600)
    func away(_ seconds: Int64) -> GameState? {
      var state = closed
      do {
        _ = try state.launch(at: closed.clock + seconds, rules: rules)
        return state
      } catch {
        return nil
      }
    }
    // The whole credit, sailed once for both rules.
    let end = credited >= 1 ? away(credited) : nil
    func first(_ holds: (GameState) -> Bool) -> Int64? {
      guard let end, holds(end) else { return nil }
      var low: Int64 = 0
      var high = credited
      while high - low > 1 {
        let middle = low + (high - low) / 2
        if let state = away(middle), holds(state) { high = middle } else { low = middle }
      }
      return high
    }
    if atlasDueAt == nil, let t = first({ strategy.atlasDue($0, rules) }) { atlasDueAt = elapsed + t }
    if bearingsDueAt == nil, let t = first({ strategy.bearingsDue($0, rules) }) {
      bearingsDueAt = elapsed + t
    }
  }

  /// How long to wait for the choice, a prestige, supplies or a Knowledge milestone: the first
  /// second one of them holds, within the online session, a time milestone, the limit and a day.
  private func waitFor(_ choice: PriceRow?, from game: GameState, elapsed: Int64) -> Int64 {
    let strategy = strategy
    let rules = rules
    var cap = min(goal.limit - elapsed, Self.longestWait)
    if let time = tracker.nextTime { cap = min(cap, time - elapsed) }
    if let left = onlineLeft { cap = min(cap, left) }
    cap = max(cap, 1)
    let knowledgeGoal = tracker.nextKnowledge
    let postmarksGoal = tracker.nextPostmarks
    let awaited = choice.flatMap { row in row.cost.map { (row.item, $0) } }
    let bearingsProgress = strategy.bearingsTarget(game, rules).map(rules.bearingsProgress(forKnowledge:))
    let atlasRequired = rules.atlasKnowledgeRequired
    let suppliesPrice = rules.suppliesPrice
    return WaitSearch.firstSecond(
      from: game, cap: cap, rules: rules,
      estimate: { state in
        Self.estimatedWait(state, cost: awaited?.1, bearingsProgress: bearingsProgress, rules: rules)
      },
      holds: { state in
        if let (item, _) = awaited, Self.affordable(item, state, rules) { return true }
        if strategy.atlas && state.knowledge >= atlasRequired { return true }
        if strategy.bearingsDue(state, rules) { return true }
        if strategy.supplies == .eager && state.postmarks >= suppliesPrice { return true }
        if let knowledgeGoal, state.knowledge >= knowledgeGoal { return true }
        if let postmarksGoal, state.postmarks >= postmarksGoal { return true }
        return false
      }) ?? cap
  }

  /// Ends the run where it stands, after the step yielded last is done (``stepped(to:)``): the
  /// report is final, each milestone not reached is reported as not reached within the time played.
  public mutating func stop() {
    precondition(pending == nil, "a run stops between steps")
    guard !finished else { return }
    finish(game)
  }

  private mutating func finish(_ game: GameState) {
    finished = true
    report.seconds = game.clock - start
    tracker.close(report: report, elapsed: report.seconds)
    report.outcomes = tracker.outcomes
    report.final = game
    for item in Buyable.allCases where bought[item] > 0 { report.bought[item] = bought[item] }
  }

  /// A count for each ``Buyable``: no hashing on the path of every purchase.
  private struct Bought {
    private var counts = (0, 0, 0, 0, 0)

    subscript(_ item: Buyable) -> Int {
      get {
        switch item {
        case .sails: counts.0
        case .spyglass: counts.1
        case .cargo: counts.2
        case .scout: counts.3
        case .charter: counts.4
        }
      }
      set {
        switch item {
        case .sails: counts.0 = newValue
        case .spyglass: counts.1 = newValue
        case .cargo: counts.2 = newValue
        case .scout: counts.3 = newValue
        case .charter: counts.4 = newValue
        }
      }
    }
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
  ///
  /// `stopPlaying`, when given, is asked every `checkingEvery` steps (``stepsBetweenStopChecks``, a
  /// few milliseconds): once it answers `true` the run ends there, unfinished, with
  /// ``LabError/stoppedPlaying``.
  public static func run(
    _ strategy: Strategy, goal: PlayGoal, on device: Device, keeping: Keeping = Keeping(),
    stopPlaying: (@Sendable () -> Bool)? = nil,
    checkingEvery stepsBetweenStopChecks: Int = stepsBetweenStopChecks
  ) async throws(LabError) -> PlayReport {
    guard let game = await device.game else { throw .appClosed }
    var autoplay = Autoplay(strategy, goal: goal, rules: device.rules, from: game, keeping: keeping)
    var next = autoplay.nextStep()
    var untilStopCheck = stepsBetweenStopChecks
    while let step = next {
      if let stopPlaying {
        untilStopCheck -= 1
        if untilStopCheck <= 0 {
          untilStopCheck = stepsBetweenStopChecks
          if stopPlaying() { throw .stoppedPlaying }
        }
      }
      guard step.playsOnOpenApp else {
        let start = autoplay.profileStart
        let game = try await device.play(step)
        autoplay.profiled(step.phase, since: start)
        next = autoplay.nextStep(after: game)
        continue
      }
      // The player's actions and open sailing that follow one another are played in one visit to
      // the app, until a step that leaves it (an absence, a purchase) or the end.
      var playing = (autoplay: consume autoplay, step: step as PlayStep?, steps: 0)
      let open = try await device.whileOpen(&playing) { app, open, playing throws(LabError) in
        while let step = playing.step {
          // A long visit (a balance that acts every second, all online) hands back now and then, so
          // that the loop above can ask whether to stop.
          if stopPlaying != nil, playing.steps >= stepsBetweenStopChecks { return }
          playing.steps += 1
          let start = playing.autoplay.profileStart
          let game = try open.play(step, on: app)
          playing.autoplay.profiled(step.phase, since: start)
          playing.step = playing.autoplay.nextStep(after: game)
          if playing.step?.playsOnOpenApp != true { return }
        }
      }
      guard open else { throw .appClosedDuringRun(at: device.now) }
      (autoplay, next) = (playing.autoplay, playing.step)
      untilStopCheck -= playing.steps - 1
    }
    return autoplay.report
  }
}
