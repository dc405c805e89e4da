import Foundation
import QuietPlacesGame
import QuietPlacesTestSupport
import Testing

/// The test's own generator (xorshift64*), independent of the engine's SplitMix64.
struct ScriptRandom {
  var state: UInt64

  init(seed: UInt64) { state = seed &* 0x2545_F491_4F6C_DD1D | 1 }

  mutating func next() -> UInt64 {
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return state &* 0x2545_F491_4F6C_DD1D
  }

  /// A whole number in `range`.
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }

  /// A number in [0, 1).
  mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

  /// True one time in `n`.
  mutating func oneIn(_ n: Int) -> Bool { next() % UInt64(n) == 0 }

  /// Seconds spread evenly on a log scale from `low` to `high`.
  mutating func seconds(_ low: Int64, _ high: Int64) -> Int64 {
    let value = exp(log(Double(low)) + unit() * (log(Double(high)) - log(Double(low))))
    return min(high, max(low, Int64(value.rounded())))
  }
}

/// One thing that happens to a game: a command, or a store delivery outside the command set.
enum ScriptStep: CustomStringConvertible {
  case command(GameCommand)
  case grant(PermanentPurchase)
  case revoke(PermanentPurchase)
  case pack(Int)

  var description: String {
    switch self {
    case .command(let command): "\(command)"
    case .grant(let purchase): "grant \(purchase)"
    case .revoke(let purchase): "revoke \(purchase)"
    case .pack(let postmarks): "pack \(postmarks)"
    }
  }
}

/// Collects the differences between two runs that should agree.
struct Differences {
  var lines: [String] = []

  /// Numbers agree to a relative difference of at most 1e-9.
  mutating func number(_ name: String, _ a: Double, _ b: Double) {
    if a == b { return }
    let difference = abs(a - b) / max(abs(a), abs(b))
    if !(difference <= 1e-9) { lines.append("\(name): \(a) ≠ \(b) (relative \(difference))") }
  }

  /// Integers, flags and everything else agree exactly.
  mutating func exact<T: Equatable>(_ name: String, _ a: T, _ b: T) {
    if a != b { lines.append("\(name): \(a) ≠ \(b)") }
  }

  mutating func states(_ a: GameState, _ b: GameState) {
    number("discoveries", a.discoveries, b.discoveries)
    number("legRemaining", a.legRemaining, b.legRemaining)
    number("currentRemaining", a.currentRemaining, b.currentRemaining)
    number("progress", a.progress, b.progress)
    number("lifetime.discoveriesEarned", a.lifetime.discoveriesEarned, b.lifetime.discoveriesEarned)
    exact("clock", a.clock, b.clock)
    exact("isOpen", a.isOpen, b.isOpen)
    exact("seed", a.seed, b.seed)
    exact("random", a.random, b.random)
    exact("postmarks", a.postmarks, b.postmarks)
    exact("knowledge", a.knowledge, b.knowledge)
    exact("generations", a.generations, b.generations)
    exact("route", a.route, b.route)
    exact("legIndex", a.legIndex, b.legIndex)
    exact("equipment", a.equipment, b.equipment)
    exact("hiredScouts", a.hiredScouts, b.hiredScouts)
    exact("surveyCountdown", a.surveyCountdown, b.surveyCountdown)
    exact("currentCountdown", a.currentCountdown, b.currentCountdown)
    exact("visited", a.visited, b.visited)
    exact("stamped", a.stamped, b.stamped)
    exact("owned", a.owned, b.owned)
    exact("sailColour", a.sailColour, b.sailColour)
    exact("ownedColours", a.ownedColours, b.ownedColours)
    exact("lifetime.arrivals", a.lifetime.arrivals, b.lifetime.arrivals)
    exact("lifetime.surveys", a.lifetime.surveys, b.lifetime.surveys)
    exact("lifetime.currents", a.lifetime.currents, b.lifetime.currents)
    exact("lifetime.bearings", a.lifetime.bearings, b.lifetime.bearings)
    // Whatever field is added later is compared too: with the numbers made equal, the states must be.
    var copy = b
    copy.discoveries = a.discoveries
    copy.legRemaining = a.legRemaining
    copy.currentRemaining = a.currentRemaining
    copy.progress = a.progress
    copy.lifetime.discoveriesEarned = a.lifetime.discoveriesEarned
    if lines.isEmpty && copy != a { lines.append("states differ in a field the test does not name") }
  }

  mutating func sailing(_ name: String, _ a: SailingReport, _ b: SailingReport) {
    number("\(name).seconds", a.seconds, b.seconds)
    number("\(name).arrivalDiscoveries", a.arrivalDiscoveries, b.arrivalDiscoveries)
    number("\(name).bonusDiscoveries", a.bonusDiscoveries, b.bonusDiscoveries)
    number("\(name).surveyDiscoveries", a.surveyDiscoveries, b.surveyDiscoveries)
    number("\(name).scoutDiscoveries", a.scoutDiscoveries, b.scoutDiscoveries)
    exact("\(name).arrivals", a.arrivals, b.arrivals)
    exact("\(name).firstVisits", a.firstVisits, b.firstVisits)
    exact("\(name).stamps", a.stamps, b.stamps)
    exact("\(name).postmarks", a.postmarks, b.postmarks)
    exact("\(name).surveys", a.surveys, b.surveys)
    exact("\(name).knowledge", a.knowledge, b.knowledge)
    exact("\(name).currents", a.currents, b.currents)
    exact("\(name).currentRunningAtEnd", a.currentRunningAtEnd, b.currentRunningAtEnd)
  }

  mutating func events(_ a: [GameEvent], _ b: [GameEvent]) {
    guard a.count == b.count else {
      lines.append("events: \(a) ≠ \(b)")
      return
    }
    for (x, y) in zip(a, b) {
      switch (x, y) {
      case (.sailed(let r), .sailed(let s)):
        sailing("sailed", r, s)
      case (.launched(let r), .launched(let s)):
        exact("launched.absence", r.absence, s.absence)
        exact("launched.holdHours", r.holdHours, s.holdHours)
        exact("launched.credited", r.credited, s.credited)
        sailing("launched", r.sailing, s.sailing)
      case (.upgraded(let i, let l, let c, let v), .upgraded(let j, let m, let d, let w)):
        exact("upgraded", [i.rawValue, "\(l)", "\(v)"], [j.rawValue, "\(m)", "\(w)"])
        number("upgraded.cost", c, d)
      case (.hired(let n, let c, let h), .hired(let m, let d, let k)):
        exact("hired", [n, h], [m, k])
        number("hired.cost", c, d)
      case (.chartered(let r, let c), .chartered(let s, let d)):
        exact("chartered.route", r, s)
        number("chartered.cost", c, d)
      case (.suppliesBought(let c, let p), .suppliesBought(let d, let q)):
        exact("suppliesBought.postmarks", p, q)
        number("suppliesBought.discoveries", c, d)
      default:
        exact("event", x, y)
      }
    }
  }

  mutating func errors(_ a: GameError, _ b: GameError) {
    switch (a, b) {
    case (.notAffordable(let i, let n, let c, let h), .notAffordable(let j, let m, let d, let k)):
      exact("error.item", i, j)
      exact("error.count", n, m)
      number("error.cost", c, d)
      number("error.held", h, k)
    case (.nothingAffordable(let i, let c, let h), .nothingAffordable(let j, let d, let k)):
      exact("error.item", i, j)
      number("error.cost", c, d)
      number("error.held", h, k)
    default:
      exact("error", a, b)
    }
  }
}

@Suite struct DifferentialTests {
  static let sequences = 200

  /// A starting state: a new game, or (for some seeds) a mid- or late-game ship so runs are long.
  static func start(seed: Int, random: inout ScriptRandom) -> GameState {
    var game = newGame(seed: UInt64(seed) &* 7919 &+ 1)
    switch seed % 4 {
    case 1:
      game.route = random.int(3...5)
      game.equipment.sails = random.int(5...15)
      game.equipment.spyglass = random.int(3...12)
      game.knowledge = random.int(0...80)
      game.hiredScouts = random.int(0...20)
      game.discoveries = pow(10, Double(random.int(3...9)))
    case 2:
      game.route = 8
      game.equipment.sails = random.int(15...30)
      game.equipment.spyglass = random.int(10...30)
      game.equipment.cargo = random.int(0...4)
      game.knowledge = random.int(100...990)
      game.generations = random.int(0...5)
      game.hiredScouts = random.int(0...60)
      game.discoveries = pow(10, Double(random.int(6...14)))
      game.postmarks = random.int(0...200)
      if random.oneIn(2) { game.grant(.charts) }
      if random.oneIn(2) { game.grant(.signal) }
    default:
      return game
    }
    game.legIndex = random.int(0...4)
    game.legRemaining = 0.5 * rules.route(game.route).legs[game.legIndex]
    let routeMask = rules.route(game.route).placeMask
    if random.oneIn(2) { game.visited = routeMask }
    game.stamped = game.visited | (random.oneIn(2) ? routeMask : 0)
    game.currentRemaining = random.oneIn(3) ? Double(random.int(1...1800)) : 0
    return game
  }

  /// The next step of a script, chosen from what the game allows now.
  static func nextStep(_ game: GameState, random: inout ScriptRandom) -> [ScriptStep] {
    if !game.isOpen {
      return [.command(.launch(clock: game.clock + random.seconds(1, 3 * 86_400)))]
    }
    if game.bearingsGain(rules) >= 10, random.oneIn(4) {
      return [.command(.prestige(.bearings))]
    }
    if game.knowledge >= 1000, random.oneIn(2) {
      return [.command(.prestige(.atlas))]
    }
    let items: [Equipment] = [.sails, .spyglass, .cargo]
    let purchases: [PermanentPurchase] = [.charts, .hold, .signal]
    switch random.int(0...19) {
    case 0...6:
      return [.command(.advance(seconds: random.seconds(1, 60 * 86_400)))]
    case 7:
      let count: Quantity = random.oneIn(2) ? .max : .count(random.int(-1...4))
      return [.command(.upgrade(items[random.int(0...2)], count))]
    case 8:
      return [.command(.upgrade(.sails, random.oneIn(3) ? .max : .count(random.int(1...3))))]
    case 9:
      return [.command(.hire(random.oneIn(2) ? .max : .count(random.int(0...6))))]
    case 10:
      return [.command(.charter)]
    case 11:
      return [.command(.buySupplies)]
    case 12:
      return [.grant(purchases[random.int(0...2)])]
    case 13:
      return [.revoke(purchases[random.int(0...2)])]
    case 14:
      return [.pack(random.oneIn(2) ? 100 : 550)]
    case 15, 16:
      return [.command(.close)]
    case 17:
      return [.command(.colour([.ivory, .apricot, .turquoise][random.int(0...2)]))]
    case 18:
      return random.oneIn(6) ? [.command(.freshVoyage)] : [.command(.prestige(.bearings))]
    default:
      return [.command(.upgrade(.spyglass, .max))]
    }
  }

  static func run(_ step: ScriptStep, on game: inout GameState, method: SailingMethod) -> Result<
    [GameEvent], GameError
  > {
    switch step {
    case .command(let command):
      return Result { () throws(GameError) in try game.apply(command, rules: rules, method: method) }
    case .grant(let purchase):
      game.grant(purchase)
    case .revoke(let purchase):
      game.revoke(purchase)
    case .pack(let postmarks):
      game.receivePack(postmarks, transaction: 1)
    }
    return .success([])
  }

  @Test(arguments: 0..<sequences)
  func closedFormAgreesWithThePerArrivalStepper(seed: Int) {
    var random = ScriptRandom(seed: UInt64(seed) + 1)
    let start = Self.start(seed: seed, random: &random)
    var fast = start
    var slow = start
    let length = seed % 4 == 2 ? 12 : 30
    var stepNumber = 0
    while stepNumber < length {
      for step in Self.nextStep(fast, random: &random) {
        stepNumber += 1
        let a = Self.run(step, on: &fast, method: .closedForm)
        let b = Self.run(step, on: &slow, method: .perArrival)
        var differences = Differences()
        switch (a, b) {
        case (.success(let x), .success(let y)):
          differences.events(x, y)
        case (.failure(let x), .failure(let y)):
          differences.errors(x, y)
        default:
          differences.lines.append("results: \(a) ≠ \(b)")
        }
        differences.states(fast, slow)
        if !differences.lines.isEmpty {
          Issue.record(
            """
            seed \(seed), step \(stepNumber) (\(step)): closed form ≠ per-arrival stepper
            \(differences.lines.joined(separator: "\n"))
            """)
          return
        }
      }
    }
  }
}

@Suite struct StampedTests {
  /// A save that marks the route visited this voyage but has no postmark stamps (a hand-made save):
  /// the first arrival at each place still stamps it, in both methods.
  @Test(arguments: [SailingMethod.closedForm, .perArrival])
  func visitedButUnstampedPlacesAreStampedOnArrival(method: SailingMethod) throws {
    var game = quietGame()
    game.visited = rules.route(1).placeMask
    game.stamped = 0
    let report = sailed(try game.apply(.advance(seconds: 10 * 3600), rules: rules, method: method))
    // 10 h at 10 knots = 100 nm: 16 loops of 6 nm (80 arrivals), then 1.0 + 1.2 + 1.4 = 3.6 nm (3 more);
    // each place is stamped once (+4 each).
    #expect(report.arrivals == 16 * 5 + 3)
    #expect(report.stamps.count == 5)
    #expect(game.postmarks == 5 * 4)
    #expect(report.bonusDiscoveries == 0)
  }
}
