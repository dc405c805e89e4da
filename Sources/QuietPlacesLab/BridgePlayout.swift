import QuietPlacesGame

/// Whether the Discoveries of a crate that the `bridge` Postmarks policy is about to open are spent
/// before a prestige takes them: the strategy's own decisions played on from the game with the crate
/// opened, buying nothing more with Postmarks, until its first purchase with Discoveries (spent) or a
/// prestige (wiped).
///
/// The playout decides as ``Autoplay`` does, in its order: at the end of an online session the player
/// goes away (the absence credited at the launch as the game credits it, up to the hold); a prestige
/// that is due comes next, so one that fell due while the player was away is taken at the launch,
/// before any purchase; then the strategy's choice, read afresh (a payback choice moves as
/// Discoveries grow), is bought if affordable; otherwise the game sails until the choice is
/// affordable or a prestige falls due, within the session and a day.
struct BridgePlayout {
  let strategy: Strategy
  let rules: Rules
  /// Seconds of the online session left, or `nil` when always online.
  let onlineLeft: Int64?

  /// Decisions (waits, absences) the playout makes before it gives up; the crate is then not opened.
  static let decisions = 64

  /// Whether the strategy buys something with Discoveries from `game`, which has just opened the
  /// crate, before it takes a prestige.
  func spendsCrate(from game: GameState) -> Bool {
    var state = game
    var left = onlineLeft
    for _ in 0..<Self.decisions {
      if let seconds = left, seconds <= 0, case .cycle(let on, let off) = strategy.sessions {
        do {
          _ = try state.apply(.close, rules: rules)
          _ = try state.launch(at: state.clock + off, rules: rules)
        } catch {
          return false
        }
        left = on
        continue
      }
      if strategy.atlasDue(state, rules) || strategy.bearingsDue(state, rules) { return false }
      let reading = PriceList.reading(
        for: strategy.kind, game: state, rules: rules, sessions: strategy.sessions)
      guard let choice = reading.choice, let cost = choice.cost else { return false }
      if choice.affordable { return true }
      let cap = max(1, min(left ?? Autoplay.longestWait, Autoplay.longestWait))
      let wait = firstSecond(affording: choice.item, cost: cost, from: state, within: cap) ?? cap
      guard WaitSearch.sailed(&state, seconds: wait, rules: rules) else { return false }
      left = left.map { $0 - wait }
    }
    return false
  }

  /// The first second within `cap` at which `item` is affordable or a prestige falls due, as
  /// ``Autoplay``'s wait finds it.
  private func firstSecond(affording item: Buyable, cost: Double, from game: GameState, within cap: Int64)
    -> Int64?
  {
    let strategy = strategy
    let rules = rules
    let bearingsProgress = strategy.bearingsTarget(game, rules).map(rules.bearingsProgress(forKnowledge:))
    return WaitSearch.firstSecond(
      from: game, cap: cap, rules: rules,
      estimate: { state in
        Autoplay.estimatedWait(state, cost: cost, bearingsProgress: bearingsProgress, rules: rules)
      },
      holds: { state in
        Autoplay.affordable(item, state, rules) || strategy.atlasDue(state, rules)
          || strategy.bearingsDue(state, rules)
      })
  }
}
