import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// The ordinary rates of production, with the parts they are made of.
public struct Rates: Sendable, Equatable {
  /// Knowledge multiplier `1 + 0.1·K`.
  public var knowledge: Double
  /// Generation multiplier `1 + G`.
  public var generation: Double
  /// Luminous charts multiplier (1.5 when owned, else 1).
  public var charts: Double
  /// Companion signal scout multiplier (1.2 when owned, else 1).
  public var signal: Double
  /// Spyglass multiplier on arrival rewards.
  public var spyglass: Double
  /// Ship speed in knots without any current.
  public var speed: Double
  /// Effective scouts, `eff(n)`.
  public var effectiveScouts: Int
  /// Discoveries per second from arrivals, averaged over the loop.
  public var travel: Double
  /// Discoveries per second from scouts.
  public var scouts: Double
  /// `travel + scouts`.
  public var ordinary: Double { travel + scouts }
}

extension GameState {
  /// Knowledge multiplier `mK = 1 + 0.1·K`.
  public func knowledgeMultiplier(_ rules: Rules) -> Double {
    1 + rules.balance.multipliers.perKnowledge * Double(knowledge)
  }

  /// Generation multiplier `mG = 1 + G`.
  public func generationMultiplier(_ rules: Rules) -> Double {
    1 + rules.balance.multipliers.perGeneration * Double(generations)
  }

  /// Luminous charts multiplier `mC`.
  public func chartsMultiplier(_ rules: Rules) -> Double {
    owns(.charts) ? rules.chartsMultiplier : 1
  }

  /// Ship speed in knots with no current: `10 · 1.1^sails`, at most ``maximumSpeedKnots``.
  public func baseSpeed(_ rules: Rules) -> Double {
    rules.shipSpeed(sailsLevel: equipment.sails)
  }

  /// Ship speed in knots now, with a current if one runs.
  public func speed(_ rules: Rules) -> Double {
    baseSpeed(rules) * (currentRemaining > 0 ? rules.currentSpeedMultiplier : 1)
  }

  /// Scouts in the fleet: hired this voyage plus the Companion scout.
  public func fleetSize(_ rules: Rules) -> Int {
    hiredScouts + permanentScouts(rules)
  }

  /// Scouts no reset takes away: the Companion scout when Companion signal is owned.
  public func permanentScouts(_ rules: Rules) -> Int {
    owns(.signal) ? rules.signalScouts : 0
  }

  /// `eff(n) = n + 2·⌊n/5⌋`: every fifth scout is a pathfinder worth three.
  public static func effectiveScouts(_ n: Int, rules: Rules) -> Int {
    let scouts = rules.balance.scouts
    return n + (scouts.pathfinderWorth - 1) * (n / scouts.pathfinderEvery)
  }

  /// The arrival grant at a place of the current route without `mC`: `reward · 1.12^spyglass · mK · mG`.
  func unboostedGrant(at place: PlaceID, _ rules: Rules) -> Double {
    rules.rewards[place]
      * rules.spyglassPower(equipment.spyglass)
      * knowledgeMultiplier(rules) * generationMultiplier(rules)
  }

  /// The arrival grant at a place: `reward · 1.12^spyglass · mK · mG · mC`.
  public func grant(at place: PlaceID, _ rules: Rules) -> Double {
    unboostedGrant(at: place, rules) * chartsMultiplier(rules)
  }

  /// Scout Discoveries per second: `eff(n) · yield · mK · mG · mC · (1.2 if signal)`.
  public func scoutRate(_ rules: Rules) -> Double {
    scoutRate(effectiveScouts: Self.effectiveScouts(fleetSize(rules), rules: rules), rules)
  }

  /// Scout Discoveries per second that `effective` effective scouts would earn now:
  /// `effective · yield · mK · mG · mC · (1.2 if signal)`.
  public func scoutRate(effectiveScouts effective: Int, _ rules: Rules) -> Double {
    Double(effective)
      * rules.scoutYields[route - 1] * knowledgeMultiplier(rules)
      * generationMultiplier(rules) * chartsMultiplier(rules)
      * (owns(.signal) ? rules.signalScoutMultiplier : 1)
  }

  /// Scout progress per second: `eff(hired) · yield · mK · mG`, without purchased bonuses.
  func scoutProgressRate(_ rules: Rules) -> Double {
    Double(Self.effectiveScouts(hiredScouts, rules: rules))
      * rules.scoutYields[route - 1]
      * knowledgeMultiplier(rules) * generationMultiplier(rules)
  }

  /// The ordinary rates: current equipment, route and permanent bonuses; scouts in, currents out.
  public func rates(_ rules: Rules) -> Rates { rates(rules, onRoute: route) }

  /// The ordinary rates as they would be on `route` with everything else as it is (the place the
  /// ship sails to does not count): a charter's gain, without a copy of the game.
  public func rates(_ rules: Rules, onRoute route: Int) -> Rates {
    // Each factor is read once; every product is taken in the order of `grant(at:)` and
    // `scoutRate(effectiveScouts:_:)`, so the rates are theirs to the last bit.
    let knowledge = knowledgeMultiplier(rules)
    let generation = generationMultiplier(rules)
    let charts = chartsMultiplier(rules)
    let signal = owns(.signal) ? rules.signalScoutMultiplier : 1
    let spyglass = rules.spyglassPower(equipment.spyglass)
    let first = Rules.place(route: route, index: 0)
    var grants = 0.0
    for place in first..<first + Rules.placesPerRoute {
      grants += rules.rewards[place] * spyglass * knowledge * generation * charts
    }
    let speed = baseSpeed(rules)
    let effectiveScouts = Self.effectiveScouts(fleetSize(rules), rules: rules)
    return Rates(
      knowledge: knowledge, generation: generation, charts: charts, signal: signal, spyglass: spyglass,
      speed: speed, effectiveScouts: effectiveScouts,
      travel: speed * grants / rules.loopLengths[route - 1] / 3600,
      scouts: Double(effectiveScouts) * rules.scoutYields[route - 1] * knowledge * generation * charts
        * signal)
  }

  /// Discoveries per second from travel and scouts, as `ordinaryRate` is defined.
  public func ordinaryRate(_ rules: Rules) -> Double { rates(rules).ordinary }

  /// Discoveries a crate of supplies grants now: `ordinaryRate × 3,600`.
  public func suppliesAmount(_ rules: Rules) -> Double {
    ordinaryRate(rules) * rules.suppliesSeconds
  }

  /// Hours of absence credited: 32 with Deep hold, else `8 + 2·cargo + 2·min(G, 4)`.
  ///
  /// It stops at ``maximumHoldHours``, more than the whole span of the clock, so a balance with
  /// enormous hours (or cargo levels without a limit) credits the whole absence instead of trapping.
  public func holdHours(_ rules: Rules) -> Int {
    holdHours(rules, cargoLevel: equipment.cargo)
  }

  /// Hours of absence credited if `cargoLevel` cargo levels were owned, all else as it is.
  public func holdHours(_ rules: Rules, cargoLevel: Int) -> Int {
    let hold = rules.balance.hold
    let most = Double(Self.maximumHoldHours)
    if owns(.hold) { return Int(min(hold.deepHoldHours, most)) }
    let cargo = rules.cargoHoursPerLevel * Double(cargoLevel)
    let fromGenerations = hold.hoursPerGeneration * Double(min(generations, hold.generationCap))
    return Int(min(hold.baseHours + cargo + fromGenerations, most))
  }

  /// The most hours a hold credits: 10^9, beyond the 70 million hours from 1970 to the end of 9999.
  public static let maximumHoldHours = 1_000_000_000

  /// Knowledge New Bearings would give now: `⌊10 · ∛(progress / 100,000)⌋`, even below the minimum.
  ///
  /// The floating cube root can land just below a whole number (10 · ∛0.027 gives 2.999…), so the
  /// estimate is corrected with the exact condition: the gain is the largest `k` with
  /// `k³ · scale ≤ factor³ · progress`.
  public func bearingsGain(_ rules: Rules) -> Int {
    let factor = rules.bearingsFactor
    let scale = rules.bearingsProgressScale
    let progress = max(0, progress)
    let estimate = (factor * cbrt(progress / scale)).rounded(.down)
    guard estimate.isFinite, estimate < 1e15 else { return Int(1e15) }
    let target = factor * factor * factor * progress
    func reached(_ k: Double) -> Bool { k * k * k * scale <= target }
    var gain = estimate
    while gain > 0 && !reached(gain) { gain -= 1 }
    while reached(gain + 1) { gain += 1 }
    return Int(gain)
  }

  /// Whether ``bearingsGain(_:)`` is at least `target`, told from the cubes alone where it can be:
  /// the gain is the largest whole `k` with `k³ · scale ≤ factor³ · progress` (below its cap), so it
  /// reaches `target` exactly when `target` passes that test. No cube root: a strategy asks this
  /// at every second its wait search tries.
  public func bearingsGainReaches(_ target: Int, _ rules: Rules) -> Bool {
    guard target > 0 else { return true }
    let factor = rules.bearingsFactor
    let scale = rules.bearingsProgressScale
    let cubed = factor * factor * factor * max(0, progress)
    // Far below the cap of 1e15 (the gain is then under 1e14) and for a usual balance; else the
    // gain itself.
    guard factor > 0, scale > 0, cubed.isFinite, cubed / scale < 1e42, target < 100_000_000_000_000 else {
      return bearingsGain(rules) >= target
    }
    let k = Double(target)
    return k * k * k * scale <= cubed
  }
}
