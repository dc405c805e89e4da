import QuietPlacesDevice
import QuietPlacesGame
import QuietPlacesTestSupport
import Synchronization
import Testing

@testable import QuietPlacesLab

/// Postmarks policies, prestiges that fall due before they are taken, and the new milestones.
@Suite struct PlayerStrategyTests {
  func play(
    _ strategy: Strategy, until milestones: [Milestone], seed: UInt64 = 3,
    keeping: Autoplay.Keeping = Autoplay.Keeping()
  ) async throws -> PlayReport {
    let device = try DeviceFactory(DeviceConfiguration(rules: rules, storeKit: storeKit)).makeDevice(
      seed: seed)
    _ = try await device.launch()
    return try await Autoplay.run(
      strategy, goal: PlayGoal(milestones: milestones), on: device, keeping: keeping)
  }

  /// A stop asked while a run plays ends it within the steps between two questions: a run that
  /// would play for minutes (all online to route 8: a million steps in its first 51 days) throws
  /// `stoppedPlaying` after its first 64, asked once; one never told to stop is asked as it plays.
  @Test func aStopWhilePlayingEndsTheRunUnfinished() async throws {
    let device = try DeviceFactory(DeviceConfiguration(rules: rules, storeKit: storeKit)).makeDevice(seed: 1)
    _ = try await device.launch()
    let asked = Mutex(0)
    let goal = PlayGoal(milestones: [.route(8)])
    await #expect(throws: LabError.stoppedPlaying) {
      try await Autoplay.run(
        Strategy(kind: .payback), goal: goal, on: device,
        stopPlaying: {
          asked.withLock { $0 += 1 }
          return true
        }, checkingEvery: 64)
    }
    #expect(asked.withLock { $0 } == 1)
    // Told not to stop, a short run is asked once every 64 steps it plays.
    let short = try DeviceFactory(DeviceConfiguration(rules: rules, storeKit: storeKit)).makeDevice(seed: 1)
    _ = try await short.launch()
    let counted = Mutex(0)
    let report = try await Autoplay.run(
      Strategy(kind: .payback), goal: PlayGoal(milestones: [.time(86_400)]), on: short,
      keeping: .init(steps: true),
      stopPlaying: {
        counted.withLock { $0 += 1 }
        return false
      }, checkingEvery: 64)
    // At most once each 64 steps (a visit to the open app that ends between two asks counts toward
    // the next), and at least once in a run of more than 64.
    #expect(report.steps.count > 64)
    #expect((1...(report.steps.count / 64)).contains(counted.withLock { $0 }))
  }

  @Test func newMilestonesReadAndWriteBack() throws {
    for text in ["postmarks:100", "colour:apricot", "supplies:5", "spent:100000", "idle:1h", "idle:1h30m"] {
      #expect(try Milestone.parse(text).name == text)
    }
    #expect(try Milestone.parse("spent:1e5") == .spent(100_000))
    #expect(throws: LabError.notAColour("colour:mauve")) { try Milestone.parse("colour:mauve") }
    #expect(throws: LabError.milestoneNumberMissing("postmarks", kind: "postmarks")) {
      try Milestone.parse("postmarks")
    }
    #expect(
      labMessage { _ = try Milestone.parse("idle:0s") }
        == "'idle:0s' is no time at all; write at least 1s, such as idle:1h or idle:8h")
    #expect(try SuppliesPolicy.parse("on") == .eager && SuppliesPolicy.parse("off") == .hold)
    #expect(throws: LabError.notASuppliesPolicy("sometimes")) { try SuppliesPolicy.parse("sometimes") }
  }

  /// `eager` spends 550 Postmarks (22 crates of 25) at the first second; `hold` never spends; `bridge`
  /// spends a crate only when the wait for the best buy is longer than the crate's hour.
  @Test func postmarksPolicies() async throws {
    let crates = 550 / rules.suppliesPrice
    let eager = try await play(
      Strategy(kind: .payback, supplies: .eager, owned: [.marks550]),
      until: [.supplies(crates), .time(3_600)])
    #expect(eager.outcomes[0].reached && eager.outcomes[0].seconds == 0)
    let hold = try await play(
      Strategy(kind: .payback, supplies: .hold, owned: [.marks550]), until: [.time(86_400)])
    #expect(hold.supplies == 0 && hold.final.postmarks >= 550)
    let bridge = try await play(
      Strategy(kind: .payback, supplies: .bridge, owned: [.marks550]), until: [.supplies(1), .time(3_600)])
    #expect(bridge.outcomes[0].seconds > 0)
  }

  /// `bridge` opens a crate only when its Discoveries are spent before a prestige takes them. A new
  /// game (seed 7) after its first arrival, at Lantern Quay, with no Discoveries, 25 Postmarks and no
  /// survey or current due for a long while. The ordinary rate is 10 kn × 50 / 6 nm / 3600 s =
  /// 0.0231/s: a crate of a minute (`postmarks.suppliesSeconds=60`) is 1.39 Discoveries, one of an
  /// hour 83.3. The best buy, a scout at 10 (payback 10 / rate + 10 / 0.01 = 1,432 s, against
  /// 11,880 s for sails), waits 432 s for the next arrival: Gull Rock, 1.2 nm ahead at 10 kn, which
  /// grants 10 and a first-visit bonus of 100, 110 of progress. New Bearings falls due at 100,000 of
  /// progress (10 · ∛(progress / 100,000) ≥ 10).
  /// - A session with 120 s left, a crate of a minute: the scout waits for the next launch, after 8
  ///   hours of offline sailing. 200 short, the first loop (470 of progress) brings New Bearings due,
  ///   and it is taken first: wiped. 5,000 short, 8 hours (13⅓ loops of 50, and 420 of first visits)
  ///   bring less than 1,200: the scout is bought at the launch: spent.
  /// - The same with a crate of an hour: it pays for the scout at once: spent.
  /// - Always online (the wait of 432 s outlasts a crate of a minute): 200 short, the scout is bought
  ///   at the arrival, at 99,910: spent; 50 short, the arrival that pays for it brings 100,060, and
  ///   New Bearings comes first: wiped.
  @Test(
    arguments: [
      (120, 200, 60, false), (120, 5_000, 60, true), (120, 200, 3_600, true), (nil, 200, 60, true),
      (nil, 50, 60, false),
    ] as [(Int64?, Double, Int, Bool)])
  func bridgeOpensACrateOnlyWhenAPrestigeDoesNotWipeIt(
    onlineLeft: Int64?, short: Double, crateSeconds: Int, opens: Bool
  ) throws {
    let rules = try rules(setting: "postmarks.suppliesSeconds=\(crateSeconds)")
    var game = newGame(seed: 7, rules: rules)
    _ = try game.apply(.advance(seconds: 360), rules: rules)
    game.discoveries = 0
    game.postmarks = rules.suppliesPrice
    game.progress = 100_000 - short
    game.surveyCountdown = 1_000
    game.currentCountdown = 1_000
    let sessions: SessionModel = onlineLeft == nil ? .always : .cycle(online: 900, offline: 28_800)
    let strategy = Strategy(kind: .payback, supplies: .bridge, sessions: sessions)
    let choice = try #require(
      PriceList.reading(for: .payback, game: game, rules: rules, sessions: sessions).choice)
    #expect(choice.item == .scout && isClose(choice.secondsToAfford, 432))
    #expect(isClose(game.suppliesAmount(rules), 10.0 * 50 / 6 / 3600 * Double(crateSeconds)))
    #expect(strategy.bridgesWait(for: choice, onlineLeft: onlineLeft, game, rules) == opens)
  }

  /// Played through: whatever the seed and the sessions, every crate `bridge` opens is followed by a
  /// purchase with Discoveries before the next prestige (lab.md §9: never right before a prestige
  /// wipes the Discoveries it gives), and no saving a prestige wiped holds a crate.
  @Test(arguments: [SessionModel.cycle(online: 900, offline: 28_800), .always])
  func bridgeNeverOpensACrateAPrestigeWipes(sessions: SessionModel) async throws {
    for seed: UInt64 in [3, 18, 33] {
      let strategy = Strategy(kind: .payback, supplies: .bridge, sessions: sessions, owned: [.marks550])
      let report = try await play(strategy, until: [.bearings(3)], seed: seed, keeping: .init(steps: true))
      #expect(report.outcomes[0].reached && report.supplies > 0)
      var unspent = 0
      for step in report.steps {
        switch step {
        case .supplies: unspent += 1
        case .upgrade, .hire, .charter: unspent = 0
        case .prestige: #expect(unspent == 0, "seed \(seed): \(unspent) crates opened, then a prestige")
        default: break
        }
      }
      #expect(report.wiped.allSatisfy { $0.crates == 0 }, "seed \(seed)")
    }
  }

  /// Always online, a prestige is taken the moment it falls due; with 15m/8h it falls due during an
  /// absence and is taken at the next launch: at most one absence (8h) later.
  @Test func prestigesFallDueBeforeTheyAreTaken() async throws {
    let always = try await play(Strategy(kind: .payback), until: [.bearings(1)])
    #expect(always.outcomes[0].dueSeconds == always.outcomes[0].seconds)
    let casual = try await play(
      Strategy(kind: .payback, sessions: .cycle(online: 900, offline: 28_800)), until: [.bearings(1)])
    let due = try #require(casual.outcomes[0].dueSeconds)
    #expect(due < casual.outcomes[0].seconds)
    #expect(casual.outcomes[0].seconds - due <= 28_800)
    #expect(casual.bearingsDue == [due])
  }

  /// A prestige that wipes Discoveries saved for the best buy is noted with what was saved.
  @Test func wipedSavingsAreReported() async throws {
    let report = try await play(Strategy(kind: .payback, bearingsAt: 0), until: [.bearings(3)])
    #expect(!report.wiped.isEmpty)
    #expect(report.wiped.allSatisfy { $0.discoveries > 0 && $0.by == .bearings })
  }

  /// A pacing wall: its time is when the first wait with nothing affordable longer than the duration
  /// began; the figures are those of that moment.
  @Test func idleMilestoneIsTheStartOfTheWall() async throws {
    let report = try await play(Strategy(kind: .cheapest), until: [.idle(600), .spent(1_000)])
    let wall = report.outcomes[0]
    #expect(wall.reached)
    #expect(wall.seconds + 600 <= report.seconds)
    #expect(report.outcomes[1].reached && report.outcomes[1].spent >= 1_000)
  }
  /// A run of `strategy` from `seed`, always online, until `goal`, step by step: its report and the
  /// game after each step.
  func steps(_ strategy: Strategy, seed: UInt64, goal: PlayGoal) async throws -> (PlayReport, [GameState]) {
    let device = try DeviceFactory(DeviceConfiguration(rules: rules, storeKit: storeKit)).makeDevice(
      seed: seed)
    _ = try await device.launch()
    let first = try #require(await device.game)
    var autoplay = Autoplay(strategy, goal: goal, rules: rules, from: first)
    var games = [first]
    var next = autoplay.nextStep()
    while let step = next {
      let game = try await device.play(step)
      games.append(game)
      next = autoplay.nextStep(after: game)
    }
    return (autoplay.report, games)
  }

  /// Whether nothing is affordable after `game` sails `seconds` buying nothing: Discoveries only
  /// grow while sailing, so then nothing was affordable at any second of it.
  func nothingAffordable(after seconds: Int64, from game: GameState) throws -> Bool {
    var state = game
    _ = try state.sail(seconds: seconds, rules: rules)
    return PriceList.reading(for: .cheapest, game: state, rules: rules, sessions: .always).noneAffordable
  }

  /// A pacing wall is a wait during which nothing is affordable: the strategy saving for something
  /// dearer while a cheaper price is affordable is no wall. Every wall reached lasted its duration
  /// with nothing affordable, whatever the strategy waited for.
  @Test(arguments: [StrategyKind.payback, .cheapest])
  func aWallHasNothingAffordable(kind: StrategyKind) async throws {
    let duration: Int64 = 1_200
    for seed: UInt64 in 1...3 {
      // A run that meets no wall stops at the limit.
      let (report, games) = try await steps(
        Strategy(kind: kind), seed: seed, goal: PlayGoal(milestones: [.idle(duration)], limit: 2 * 86_400))
      let wall = report.outcomes[0]
      guard wall.reached else { continue }
      // The game at the decision the wall began with: the last at its second.
      let start = try #require(games.last { $0.clock - games[0].clock == wall.seconds })
      #expect(try nothingAffordable(after: duration, from: start), "seed \(seed): a price was affordable")
    }
  }

  /// A player who buys nothing meets one wall, from the start until the first price is affordable:
  /// `idle:D` is reached (at 0) exactly when nothing is affordable after D seconds.
  @Test(arguments: [60, 600, 1_800, 3_600, 4 * 3_600] as [Int64])
  func aPlayerWhoBuysNothingMeetsOneWall(duration: Int64) async throws {
    let report = try await play(Strategy(kind: .idle), until: [.idle(duration), .time(4 * 3_600)], seed: 1)
    let wall = report.outcomes[0]
    let expected = try nothingAffordable(after: duration, from: try await startGame(seed: 1))
    #expect(wall.reached == expected)
    if wall.reached { #expect(wall.seconds == 0) }
  }

  /// The game of `seed` as a run starts it.
  func startGame(seed: UInt64) async throws -> GameState {
    let device = try DeviceFactory(DeviceConfiguration(rules: rules, storeKit: storeKit)).makeDevice(
      seed: seed)
    _ = try await device.launch()
    return try #require(await device.game)
  }
}
