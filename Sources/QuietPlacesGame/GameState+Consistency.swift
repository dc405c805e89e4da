import QuietPlacesUtilities

/// Checks a state read from outside (a save from a bug report) before the engine runs it.
extension GameState {
  /// The latest clock a loaded save may hold: 9999-12-31T23:59:59Z, the last instant any file may hold.
  public static let latestClock: Int64 = FileBounds.latestInstant

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
    if !(0..<Rules.placesPerRoute).contains(legIndex) {
      return "'legIndex' must be 0 to \(Rules.placesPerRoute - 1), not \(legIndex)"
    }
    if let problem = finite(discoveries, "discoveries") ?? finite(legRemaining, "legRemaining")
      ?? finite(currentRemaining, "currentRemaining") ?? finite(progress, "progress")
      ?? finite(lifetime.discoveriesEarned, "lifetime.discoveriesEarned")
    {
      return problem
    }
    let longest = rules.currentDurationSeconds
    if currentRemaining > longest + instantTolerance {
      let shown = longest.plainText
      return "'currentRemaining' \(currentRemaining) s is longer than a current (\(shown) s); "
        + "write 0 to \(shown)"
    }
    if legRemaining > rules.legs[nextPlace] + 1e-9 {
      return "'legRemaining' \(legRemaining) is longer than the leg (\(rules.legs[nextPlace]) nm)"
    }
    for (name, value) in [
      ("postmarks", postmarks), ("knowledge", knowledge), ("generations", generations),
      ("hiredScouts", hiredScouts), ("equipment.sails", equipment.sails),
      ("equipment.spyglass", equipment.spyglass), ("equipment.cargo", equipment.cargo),
      ("lifetime.arrivals", lifetime.arrivals), ("lifetime.surveys", lifetime.surveys),
      ("lifetime.currents", lifetime.currents), ("lifetime.bearings", lifetime.bearings),
      ("surveyCountdown", surveyCountdown), ("currentCountdown", currentCountdown),
    ] where value < 0 || value > Self.maximumCount {
      return "'\(name)' must be 0 to 1e15, not \(value)"
    }
    if !(0...Self.latestClock).contains(clock) {
      return "'clock' must be 0 (1970) to \(Self.latestClock) (the end of 9999), not \(clock)"
    }
    if let limit = rules.levelLimit(of: .cargo), equipment.cargo > limit {
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
    let rates = rates(rules)
    if !(rates.speed.isFinite && rates.travel.isFinite && rates.scouts.isFinite) {
      return
        "its equipment and scouts give a speed or income beyond any number (sails, spyglass or scouts too high)"
    }
    return nil
  }
}
