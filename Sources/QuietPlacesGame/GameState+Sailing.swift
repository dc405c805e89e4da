import FoundationEssentials
import QuietPlacesUtilities

/// How time is stepped; both give the same state (the per-arrival stepper is the reference).
public enum SailingMethod: Sendable {
  /// Jumps over runs of ordinary arrivals in closed form; cost grows with events, not arrivals.
  case closedForm
  /// Steps arrival by arrival, reading every number from its formula each time.
  case perArrival
}

/// The longest `advance` or absence the engine accepts: 100 years of 365.25 days.
public let maximumAdvanceSeconds: Int64 = 3_155_760_000

/// The most arrivals one online `advance` may sail. Online, every random event is stepped (one
/// about every 11 arrivals), so the work grows with the arrivals; beyond this an advance is refused
/// as too long for the ship's speed, instead of running for minutes. A 100-year advance of a
/// late-game ship (route 8, 60 sails levels) sails about 5 × 10^8 arrivals.
public let maximumArrivalsPerAdvance = 2e9

/// The fastest the ship sails, in knots, however many sails levels it has (10 · 1.1^L passes it at
/// level 266). Beyond it a leg would take less time than a `Double` clock can tell apart over a long
/// stretch, so more levels cost their price but add no speed.
public let maximumSpeedKnots = 1e12

extension Rules {
  /// The shortest leg a balance may give, in nautical miles. At the top speed (``maximumSpeedKnots``)
  /// such a leg takes 3.6 × 10^-10 s, so the few microseconds at the end of an absence that the
  /// closed form leaves to single arrivals hold tens of thousands of them at most; legs of 10^-20
  /// miles made one `away 1h` step 10^16 arrivals one by one.
  public static let shortestLeg = 0.1
}

/// Two instants closer than this are the same instant (rounding of sums of leg times).
let instantTolerance = 1e-6

/// Grants and rates of the current route that stay fixed until Knowledge changes.
///
/// Built at the start of every stretch and after every survey, so it allocates nothing: the grants are
/// held inline and the spyglass multiplier comes from the rules' table. The numbers are the same bits
/// as ``GameState/unboostedGrant(at:_:)`` gives (`reward · spyglass · mK · mG`, in that order).
struct RouteYield {
  var grants: PlaceValues
  var progressGrants: PlaceValues
  var loopGrant: Double
  var loopProgress: Double
  var scoutRate: Double
  var scoutProgressRate: Double

  @inline(__always)
  init(_ state: GameState, _ rules: Rules) {
    let first = Rules.place(route: state.route, index: 0)
    let charts = state.chartsMultiplier(rules)
    let spyglass = rules.spyglassPower(state.equipment.spyglass)
    let knowledge = state.knowledgeMultiplier(rules)
    let generation = state.generationMultiplier(rules)
    let progressGrants = PlaceValues { rules.rewards[first + $0] * spyglass * knowledge * generation }
    self.progressGrants = progressGrants
    grants = PlaceValues { progressGrants[$0] * charts }
    loopGrant = grants.sum
    loopProgress = progressGrants.sum
    // The formulas of `scoutRate(_:)` and `scoutProgressRate(_:)`, in the same order (the same bits),
    // with the multipliers already at hand.
    let yield = rules.scoutYields[state.route - 1]
    let signal = state.owns(.signal)
    scoutRate =
      Double(GameState.effectiveScouts(state.fleetSize(rules), rules: rules)) * yield * knowledge * generation
      * charts * (signal ? rules.signalScoutMultiplier : 1)
    scoutProgressRate =
      Double(GameState.effectiveScouts(state.hiredScouts, rules: rules)) * yield * knowledge * generation
  }
}

/// Seconds sailed so far in a stretch, summed with Neumaier's compensation.
///
/// A long advance adds up hundreds of thousands of leg times; a plain running sum loses up to a
/// microsecond over a year, which moves the ship's position at the end of the stretch (and a current's
/// end) by far more than the agreed 1e-9 between the fast path and the per-arrival stepper. The
/// compensated sum keeps the total within a rounding or two of exact, whatever the number of steps.
struct ElapsedTime {
  private var sum = 0.0
  private var compensation = 0.0

  mutating func add(_ seconds: Double) {
    let total = sum + seconds
    if abs(sum) >= abs(seconds) {
      compensation += (sum - total) + seconds
    } else {
      compensation += (seconds - total) + sum
    }
    sum = total
  }

  /// Seconds from now to the end of a stretch of `duration` seconds.
  func left(of duration: Double) -> Double { (duration - sum) - compensation }
}

extension GameState {
  /// The most arrivals `seconds` of sailing can hold, plus one: the ship at its speed all along; online
  /// with a current all along, offline with the one running (if any). Its distance holds at most one
  /// arrival per shortest leg, and at most five per whole loop and five more (any five legs in a
  /// row are a loop), whichever is fewer: one very short leg among long ones bounds the count by the
  /// loop. What an `advance` is refused by, and what bounds the checks that step arrivals one by one.
  public func arrivalsAtMost(seconds: Double, online: Bool, rules: Rules) -> Double {
    let first = Rules.place(route: route, index: 0)
    var shortest = rules.legs[first]
    for place in first..<first + Rules.placesPerRoute { shortest = min(shortest, rules.legs[place]) }
    let fastest = online ? baseSpeed(rules) * max(1, rules.currentSpeedMultiplier) : speed(rules)
    let distance = fastest * seconds / 3600
    let places = Double(Rules.placesPerRoute)
    return min(distance / shortest, places * (distance / rules.loopLengths[route - 1] + 1)) + 1
  }

  /// Sails `seconds` with the app open.
  mutating func advance(
    seconds: Int64, rules: Rules, method: SailingMethod = .closedForm
  ) throws(GameError) -> SailingReport {
    guard seconds >= 1, seconds <= maximumAdvanceSeconds else { throw .invalidDuration(seconds: seconds) }
    guard clock <= Self.latestClock - seconds else { throw .beyondLastInstant(latest: Self.latestClock) }
    let estimate = arrivalsAtMost(seconds: Double(seconds), online: true, rules: rules)
    guard estimate <= maximumArrivalsPerAdvance else {
      throw .tooMuchSailing(estimatedArrivals: estimate, limit: maximumArrivalsPerAdvance)
    }
    let report = sail(for: Double(seconds), online: true, rules: rules, method: method)
    clock += seconds
    return report
  }

  /// Opens the app at `now` and credits `min(absence, hold)` of offline sailing.
  mutating func creditAbsence(
    until now: Int64, rules: Rules, method: SailingMethod = .closedForm
  ) throws(GameError) -> AbsenceReport {
    guard now >= clock else { throw .clockBackwards(from: clock, to: now) }
    let absence = now - clock
    let hold = holdHours(rules)
    let credited = min(absence, Int64(hold) * 3600)
    let report =
      credited > 0
      ? sail(for: Double(credited), online: false, rules: rules, method: method) : SailingReport()
    clock = now
    isOpen = true
    return AbsenceReport(absence: absence, holdHours: hold, credited: credited, sailing: report)
  }

  /// Sails for `duration` seconds: arrivals in order, scouts continuously, random events online only.
  mutating func sail(for duration: Double, online: Bool, rules: Rules, method: SailingMethod) -> SailingReport
  {
    var report = SailingReport()
    report.seconds = duration
    let first = Rules.place(route: route, index: 0)
    let routeMask = Rules.routePlacesMask << UInt64(first)
    let boost = rules.currentSpeedMultiplier
    // The same number as `baseSpeed(rules)`, with the sails multiplier from the rules' table.
    let baseSpeed = min(
      rules.balance.ship.baseSpeedKnots * rules.sailsPower(equipment.sails), maximumSpeedKnots)
    var yield = RouteYield(self, rules)
    var elapsed = ElapsedTime()

    while true {
      let speed =
        (method == .perArrival ? self.baseSpeed(rules) : baseSpeed) * (currentRemaining > 0 ? boost : 1)
      let toArrival = legRemaining / speed * 3600
      if currentRemaining > 0 && currentRemaining <= toArrival {
        // A current that ends at the same instant as an arrival ends first.
        guard currentRemaining <= elapsed.left(of: duration) + instantTolerance else { break }
        let dt = currentRemaining
        accrue(dt, yield, method: method, rules: rules, report: &report)
        legRemaining = max(0, legRemaining - speed * dt / 3600)
        elapsed.add(dt)
        currentRemaining = 0
        continue
      }
      guard toArrival <= elapsed.left(of: duration) + instantTolerance else { break }
      if method == .closedForm, visited & stamped & routeMask == routeMask,
        let batch = ordinaryRun(speed: speed, until: elapsed.left(of: duration), online: online, rules: rules)
      {
        let time = batch.distance / speed * 3600
        let arrivals = batch.arrivals
        let loops = batch.loops
        var grants = loops * yield.loopGrant
        var progressGrants = loops * yield.loopProgress
        for j in 0..<batch.extra {
          grants += yield.grants[(legIndex + j) % Rules.placesPerRoute]
          progressGrants += yield.progressGrants[(legIndex + j) % Rules.placesPerRoute]
        }
        accrue(time, yield, method: method, rules: rules, report: &report)
        elapsed.add(time)
        if currentRemaining > 0 { currentRemaining = max(0, currentRemaining - time) }
        discoveries += grants
        progress += progressGrants
        lifetime.discoveriesEarned += grants
        lifetime.arrivals = lifetime.arrivals.saturatingAdd(arrivals)
        report.arrivalDiscoveries += grants
        report.arrivals = report.arrivals.saturatingAdd(arrivals)
        if online {
          surveyCountdown -= arrivals
          currentCountdown -= arrivals
        }
        legIndex = (legIndex + batch.extra) % Rules.placesPerRoute
        legRemaining = rules.legs[first + legIndex]
        continue
      }
      accrue(toArrival, yield, method: method, rules: rules, report: &report)
      elapsed.add(toArrival)
      if currentRemaining > 0 { currentRemaining = max(0, currentRemaining - toArrival) }
      let place = first + legIndex
      let grant = method == .perArrival ? self.grant(at: place, rules) : yield.grants[legIndex]
      let progressGrant =
        method == .perArrival ? unboostedGrant(at: place, rules) : yield.progressGrants[legIndex]
      if arrive(
        at: place, grant: grant, progressGrant: progressGrant, online: online, rules: rules, report: &report)
      {
        yield = RouteYield(self, rules)
      }
    }
    let dt = max(0, elapsed.left(of: duration))
    if dt > 0 {
      let speed = baseSpeed * (currentRemaining > 0 ? boost : 1)
      accrue(dt, yield, method: method, rules: rules, report: &report)
      legRemaining = max(0, legRemaining - speed * dt / 3600)
      if currentRemaining > 0 { currentRemaining = max(0, currentRemaining - dt) }
    }
    report.currentRunningAtEnd = currentRemaining > 0
    return report
  }

  /// Scouts earn for `dt` seconds: at the yield's rates, or (per-arrival) at rates read afresh.
  ///
  /// A method rather than a local function so that the stretch's loop captures nothing (a capturing
  /// local function copied the rules on every stretch).
  private mutating func accrue(
    _ dt: Double, _ yield: RouteYield, method: SailingMethod, rules: Rules, report: inout SailingReport
  ) {
    let rate = method == .perArrival ? scoutRate(rules) : yield.scoutRate
    let progressRate = method == .perArrival ? scoutProgressRate(rules) : yield.scoutProgressRate
    let earned = rate * dt
    discoveries += earned
    progress += progressRate * dt
    lifetime.discoveriesEarned += earned
    report.scoutDiscoveries += earned
  }

  /// The longest run of ordinary arrivals (no random event, no first visit) that ends well before
  /// `limit` seconds and before a running current ends; `nil` when fewer than two fit.
  ///
  /// The run is `loops` whole loops and `extra` (0–4) more arrivals; `arrivals` is their count,
  /// held at `Int.max` when an absurdly fast ship (offline, where nothing caps a run) sails more.
  @inline(__always)  // Called from the mutating `sail`, a call would copy the whole state first.
  private func ordinaryRun(
    speed: Double, until limit: Double, online: Bool, rules: Rules
  ) -> (arrivals: Int, loops: Double, extra: Int, distance: Double)? {
    // Arrivals near a boundary are left to the single step, which decides ties the same way always.
    let margin = 1e-5
    var time = limit - margin
    if currentRemaining > 0 { time = min(time, currentRemaining - margin) }
    let cap = online ? min(surveyCountdown, currentCountdown) - 1 : Int.max
    guard cap >= 2, time > 0 else { return nil }
    let reach = speed * time / 3600
    guard legRemaining <= reach else { return nil }
    let first = Rules.place(route: route, index: 0)
    let places = Rules.placesPerRoute
    let loopLength = rules.loopLengths[route - 1]
    var rest = reach - legRemaining
    var loops = (rest / loopLength).rounded(.down)
    if online { loops = min(loops, Double(cap / places + 1)) }
    rest -= loops * loopLength
    // Arrivals after the first: whole loops of five, then `partial` more legs.
    var partial = 0
    while partial < places - 1, rest >= rules.legs[first + (legIndex + 1 + partial) % places] {
      rest -= rules.legs[first + (legIndex + 1 + partial) % places]
      partial += 1
    }
    var count = 1 + Double(places) * loops + Double(partial)
    #if QP_PLANTED_DEFECTS
      if PlantedDefect.planted(.legBoundary) { count -= 1 }
    #endif
    var arrivals = count < 9e18 ? Int(count) : Int.max
    var after = (loops, partial)
    if arrivals > cap {
      arrivals = cap
      after = (Double((cap - 1) / places), (cap - 1) % places)
    }
    guard arrivals >= 2 else { return nil }
    var distance = legRemaining + after.0 * loopLength
    for k in 0..<after.1 { distance += rules.legs[first + (legIndex + 1 + k) % places] }
    // Arrivals at the run's places: `after` loops of five from the next place, plus the first.
    let extra = (1 + after.1) % places
    let wholeLoops = after.0 + Double((1 + after.1) / places)
    return (arrivals, wholeLoops, extra, distance)
  }

  /// One arrival, in the order of the rules: grant, first visit this voyage, first visit ever,
  /// then (online) the survey and current countdowns, then departure. Returns whether Knowledge changed.
  private mutating func arrive(
    at place: PlaceID, grant: Double, progressGrant: Double, online: Bool, rules: Rules,
    report: inout SailingReport
  ) -> Bool {
    discoveries += grant
    progress += progressGrant
    report.arrivalDiscoveries += grant
    var earned = grant
    let bit: UInt64 = 1 << UInt64(place)
    if visited & bit == 0 {
      visited |= bit
      let bonus = rules.firstVisitBonusMultiplier * grant
      discoveries += bonus
      progress += rules.firstVisitBonusMultiplier * progressGrant
      report.bonusDiscoveries += bonus
      report.firstVisits.append(place)
      earned += bonus
    }
    if stamped & bit == 0 {
      stamped |= bit
      let stamp = rules.firstVisitEverPostmarks
      countPostmarks { $0.stamps = $0.stamps.saturatingAdd(stamp) }
      addPostmarks(stamp)
      report.postmarks += stamp
      report.stamps.append(place)
    }
    var knowledgeChanged = false
    if online {
      surveyCountdown -= 1
      if surveyCountdown <= 0 {
        let multiplier = rules.surveyGrantMultiplier
        let amount = multiplier * grant
        discoveries += amount
        progress += multiplier * progressGrant
        earned += amount
        let points = rules.surveyKnowledge
        knowledge += points
        report.surveyDiscoveries += amount
        report.surveys += 1
        report.knowledge += points
        lifetime.surveys = lifetime.surveys.saturatingAdd(1)
        knowledgeChanged = points != 0
        surveyCountdown = random.nextCountdown(logOfMiss: rules.surveyLogOfMiss)
      }
      currentCountdown -= 1
      if currentCountdown <= 0 {
        currentRemaining = rules.currentDurationSeconds
        report.currents += 1
        lifetime.currents = lifetime.currents.saturatingAdd(1)
        currentCountdown = random.nextCountdown(logOfMiss: rules.currentLogOfMiss)
      }
    }
    lifetime.arrivals = lifetime.arrivals.saturatingAdd(1)
    lifetime.discoveriesEarned += earned
    report.arrivals = report.arrivals.saturatingAdd(1)
    legIndex = (legIndex + 1) % Rules.placesPerRoute
    legRemaining = rules.legs[Rules.place(route: route, index: legIndex)]
    return knowledgeChanged
  }
}
