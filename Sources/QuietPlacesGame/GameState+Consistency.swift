/// Checks a state read from outside (a save from a bug report) before the engine runs it.
extension GameState {
  /// The first thing about this state that the rules could not run, or `nil` when it is sound.
  public func consistencyProblem(_ rules: Rules) -> String? {
    func finite(_ value: Double, _ name: String) -> String? {
      value.isFinite && value >= 0 ? nil : "'\(name)' must be a finite number of at least 0, not \(value)"
    }
    let placeCount = UInt64(rules.allPlaces.count)
    let placeMask: UInt64 = placeCount >= 64 ? .max : (1 << placeCount) - 1
    if !(1...rules.routeCount).contains(route) {
      return "'route' must be 1 to \(rules.routeCount), not \(route)"
    }
    if !(0..<5).contains(legIndex) { return "'legIndex' must be 0 to 4, not \(legIndex)" }
    if let problem = finite(discoveries, "discoveries") ?? finite(legRemaining, "legRemaining")
      ?? finite(currentRemaining, "currentRemaining") ?? finite(progress, "progress")
    {
      return problem
    }
    if legRemaining > rules.legs[nextPlace] + 1e-9 {
      return "'legRemaining' \(legRemaining) is longer than the leg (\(rules.legs[nextPlace]) nm)"
    }
    for (name, value) in [
      ("postmarks", postmarks), ("knowledge", knowledge), ("generations", generations),
      ("hiredScouts", hiredScouts), ("equipment.sails", equipment.sails),
      ("equipment.spyglass", equipment.spyglass), ("equipment.cargo", equipment.cargo),
    ] where value < 0 {
      return "'\(name)' must not be negative, not \(value)"
    }
    if let limit = Self.levelLimit(of: .cargo, rules), equipment.cargo > limit {
      return "'equipment.cargo' must be at most \(limit), not \(equipment.cargo)"
    }
    if surveyCountdown < 1 || currentCountdown < 1 { return "the countdowns must be at least 1" }
    if visited & ~placeMask != 0 || stamped & ~placeMask != 0 {
      return "a visited or stamped place is not in the atlas"
    }
    if visited & ~stamped != 0 { return "a place visited this voyage has no postmark stamp" }
    if !ownedColours.contains(.ivory) || !ownedColours.contains(sailColour) {
      return "the selected sail colour must be owned, and ivory always is"
    }
    if Set(owned).count != owned.count || Set(ownedColours).count != ownedColours.count {
      return "a purchase or colour is listed twice"
    }
    return nil
  }
}
