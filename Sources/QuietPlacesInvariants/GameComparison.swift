import QuietPlacesGame

/// Compares two games that should be the same, as two ways of sailing the same time give them:
/// every count, flag and the generator exactly, every amount within a relative 1e-9 and what
/// `slack` seconds of sailing changes (two stretches that meet at an arrival may each round the
/// instant by up to the engine's tolerance of 1e-6 s).
struct GameComparison {
  /// The first field that differs beyond that, with both values; `nil` when none does.
  let difference: String?

  init(_ a: GameState, _ b: GameState, rules: Rules, slack: Double = 0) {
    difference = Self.firstDifference(a, b, rules: rules, slack: slack)
  }

  private static func firstDifference(_ a: GameState, _ b: GameState, rules: Rules, slack: Double) -> String?
  {
    let rate = max(a.rates(rules).ordinary, b.rates(rules).ordinary)
    let speed = max(a.speed(rules), b.speed(rules))
    func close(_ x: Double, _ y: Double, allowance: Double) -> Bool {
      x == y || abs(x - y) <= 1e-9 * max(abs(x), abs(y)) + allowance
    }
    let numbers: [(String, Double, Double, Double)] = [
      ("discoveries", a.discoveries, b.discoveries, rate * slack * 4),
      ("progress", a.progress, b.progress, rate * slack * 4),
      (
        "lifetime.discoveriesEarned", a.lifetime.discoveriesEarned, b.lifetime.discoveriesEarned,
        rate * slack * 4
      ),
      ("legRemaining", a.legRemaining, b.legRemaining, speed * rules.currentSpeedMultiplier * slack / 3600),
      ("currentRemaining", a.currentRemaining, b.currentRemaining, slack),
    ]
    for (name, x, y, allowance) in numbers where !close(x, y, allowance: allowance) {
      return "\(name) \(x) against \(y)"
    }
    let counts: [(String, Int, Int)] = [
      ("postmarks", a.postmarks, b.postmarks), ("knowledge", a.knowledge, b.knowledge),
      ("generations", a.generations, b.generations), ("route", a.route, b.route),
      ("legIndex", a.legIndex, b.legIndex), ("equipment.sails", a.equipment.sails, b.equipment.sails),
      ("equipment.spyglass", a.equipment.spyglass, b.equipment.spyglass),
      ("equipment.cargo", a.equipment.cargo, b.equipment.cargo),
      ("hiredScouts", a.hiredScouts, b.hiredScouts),
      ("countdowns.survey", a.surveyCountdown, b.surveyCountdown),
      ("countdowns.current", a.currentCountdown, b.currentCountdown),
      ("lifetime.arrivals", a.lifetime.arrivals, b.lifetime.arrivals),
      ("lifetime.surveys", a.lifetime.surveys, b.lifetime.surveys),
      ("lifetime.currents", a.lifetime.currents, b.lifetime.currents),
      ("lifetime.bearings", a.lifetime.bearings, b.lifetime.bearings),
    ]
    for (name, x, y) in counts where x != y { return "\(name) \(x) against \(y)" }
    if a.clock != b.clock { return "clock \(a.clock) against \(b.clock)" }
    if a.isOpen != b.isOpen { return "open \(a.isOpen) against \(b.isOpen)" }
    if a.visited != b.visited { return "the places visited this voyage" }
    if a.stamped != b.stamped { return "the places stamped" }
    if a.random != b.random { return "the random generator's state" }
    if a.owned != b.owned { return "the permanent purchases owned" }
    if a.sailColour != b.sailColour || a.ownedColours != b.ownedColours { return "the sail colours" }
    if a.currentPostmarkAudit != b.currentPostmarkAudit { return "the Postmark audit" }
    if a.seed != b.seed { return "seed \(a.seed) against \(b.seed)" }
    return nil
  }
}
