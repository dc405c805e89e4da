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
    // `before` is the state at `beforeAt`, where the condition does not hold yet; each try sails a
    // copy of it, which becomes `before` when the condition still does not hold.
    var before = game
    var beforeAt: Int64 = 0
    var at: Int64 = 0
    var step: Int64 = 0
    // The ship's arrivals at `at`, the first second found so far where the condition holds.
    var arrivalsAt: Int
    while true {
      let guess = estimate(before)
      var next = guess.isFinite ? Int64(min(max(guess.rounded(.up), 1), 1e15)) : cap
      next = max(next, step * 2)
      next = min(next, cap - at)
      var probe = before
      guard sailed(&probe, seconds: next, rules: rules) else { return nil }
      at += next
      step = next
      if holds(probe) {
        arrivalsAt = probe.lifetime.arrivals
        break
      }
      if at >= cap { return nil }
      before = consume probe
      beforeAt = at
    }
    // It holds at `at` and not at `beforeAt`: narrow the stretch between them, from `before`. While
    // more than one arrival falls in it, halve it; once one does, the arrival most likely tips the
    // condition, so the seconds just before and at it are tried first. Any second tried halves or
    // cuts the stretch, so the answer is the same first second however they are chosen.
    var low = beforeAt
    var high = at
    while high - low > 1 {
      var middle = low + (high - low) / 2
      if arrivalsAt &- before.lifetime.arrivals == 1 {
        let arrival = low + secondsToArrival(before, rules: rules)
        if arrival - 1 > low && arrival - 1 < high {
          middle = arrival - 1
        } else if arrival > low && arrival < high {
          middle = arrival
        }
      }
      var trial = before
      guard sailed(&trial, seconds: middle - beforeAt, rules: rules) else { break }
      if holds(trial) {
        high = middle
        arrivalsAt = trial.lifetime.arrivals
      } else {
        low = middle
        before = consume trial
        beforeAt = middle
      }
    }
    return high
  }

  /// Sails `state` open for `seconds`; whether the engine took the stretch. The sailing report is
  /// dropped where it is made (through `try?` it was an optional destroyed by the generic runtime,
  /// a third of a try's cost).
  @inline(__always)
  static func sailed(_ state: inout GameState, seconds: Int64, rules: Rules) -> Bool {
    do {
      _ = try state.sail(seconds: seconds, rules: rules)
      return true
    } catch {
      return false
    }
  }

  /// The whole seconds of open sailing until the ship's next arrival (at least 1): the leg left at
  /// today's speed, slower once a running current ends.
  static func secondsToArrival(_ game: GameState, rules: Rules) -> Int64 {
    let base = game.baseSpeed(rules)
    var seconds = game.legRemaining / base * 3600
    if game.currentRemaining > 0 {
      let boosted = base * rules.currentSpeedMultiplier
      let inCurrent = game.legRemaining / boosted * 3600
      seconds =
        inCurrent <= game.currentRemaining
        ? inCurrent
        : game.currentRemaining + (game.legRemaining - boosted * game.currentRemaining / 3600) / base * 3600
    }
    guard seconds.isFinite else { return 1 }
    return Int64(min(max(seconds.rounded(.up), 1), 1e15))
  }
}
