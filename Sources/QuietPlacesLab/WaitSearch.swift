import QuietPlacesGame

/// Finds the first whole second of open sailing after which a condition holds, on copies of the state.
///
/// The conditions a strategy waits for (an item affordable, a prestige due, Knowledge reached) only
/// grow more true while sailing, so the search gallops forward with the engine's closed-form
/// `advance` from an estimate, then halves the last stretch. Its cost follows the random events in
/// the stretch and a few dozen short advances, never the arrivals.
enum WaitSearch {
  /// The first second in `1...cap` after which `holds` is true, or `nil` if it is not true by `cap`.
  static func firstSecond(
    from game: GameState, cap: Int64, rules: Rules, estimate: (GameState) -> Double,
    holds: (GameState) -> Bool
  ) -> Int64? {
    guard cap >= 1 else { return nil }
    var before = game
    var beforeAt: Int64 = 0
    var probe = game
    var at: Int64 = 0
    var step: Int64 = 0
    while true {
      let guess = estimate(probe)
      var next = guess.isFinite ? Int64(min(max(guess.rounded(.up), 1), 1e15)) : cap
      next = max(next, step * 2)
      next = min(next, cap - at)
      guard (try? probe.apply(.advance(seconds: next), rules: rules)) != nil else { return nil }
      at += next
      step = next
      if holds(probe) { break }
      if at >= cap { return nil }
      before = probe
      beforeAt = at
    }
    // It holds at `at` and not at `beforeAt`: halve the stretch between them, from `before`.
    var low = beforeAt
    var high = at
    while high - low > 1 {
      let middle = low + (high - low) / 2
      var trial = before
      guard (try? trial.apply(.advance(seconds: middle - beforeAt), rules: rules)) != nil else { break }
      if holds(trial) {
        high = middle
      } else {
        low = middle
        before = trial
        beforeAt = middle
      }
    }
    return high
  }
}
