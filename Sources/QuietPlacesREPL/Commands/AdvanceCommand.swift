import QuietPlacesDevice
import QuietPlacesGame

/// `advance DURATION` and `advance until bearings|atlas|affordable ITEM`.
struct AdvanceCommand: REPLCommand {
  static let name = "advance"
  static let usage = [
    "advance DURATION (90s, 45m, 8h, 2d, 1y, 1h 30m)",
    "advance until \(Goal.alternatives) \(Affordable.alternatives)",
  ]
  static let summary = "time passes; with the app open the ship sails, with it closed only the clock moves"
  static let topic = HelpTopic.time

  /// What `advance until` waits for.
  enum Goal: String, ArgumentWord {
    case bearings
    case atlas
    case affordable

    static let noun = "something to wait for"
  }

  /// What `advance until affordable` waits to afford.
  typealias Affordable = Buyable

  /// How far to advance.
  enum Target: Equatable {
    /// A duration, in seconds.
    case duration(Int64)
    /// Until a goal is reached.
    case until(AdvanceGoal)
  }

  let target: Target

  init(parsing arguments: [String]) throws(CommandError) {
    guard let first = arguments.first else { throw Self.usageError() }
    if first.lowercased() == "until" {
      target = .until(try Self.goal(Array(arguments.dropFirst())))
      return
    }
    do {
      // `advance 1h 30m`: the parts of a duration may come as separate words.
      target = .duration(try DurationFormat.parse(arguments.joined(separator: " ")))
    } catch {
      throw .duration(error)
    }
  }

  /// The goal after `until`: `bearings`, `atlas`, or `affordable` and an item (`scouts` too).
  private static func goal(_ words: [String]) throws(CommandError) -> AdvanceGoal {
    let lowered = words.map { $0.lowercased() }
    switch lowered.first.flatMap(Goal.init(rawValue:)) {
    case .bearings where lowered.count == 1: return .bearings
    case .atlas where lowered.count == 1: return .atlas
    case .affordable where lowered.count == 2:
      if lowered[1] == "scouts" { return .affordableScout }
      if let item = Affordable(rawValue: lowered[1]) { return item.affordableGoal }
    default: break
    }
    throw .usage(
      command: "advance until", expected: "bearings, atlas or affordable \(Affordable.alternatives)")
  }

  static func completion(after words: [String]) -> ArgumentCompletion {
    switch words.count {
    case 0: .words(["until"])
    case 1 where words[0] == "until": .words(Goal.words)
    case 2 where words[1] == Goal.affordable.rawValue: .words(Affordable.words)
    default: .none
    }
  }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    switch target {
    case .duration(let seconds):
      return try await Self.advance(seconds: seconds, in: session)
    case .until(let goal):
      guard let game = await session.device.game else { throw .appClosed(command: "advance until") }
      switch game.secondsUntil(goal, rules: session.rules) {
      case .success(0):
        return [.info("Already true: \(Self.describe(goal)). Nothing advanced.")]
      case .success(let seconds):
        let waiting = "Waiting \(DurationFormat.typed(seconds: seconds)) until \(Self.describe(goal))."
        return [.info(waiting)] + (try await Self.advance(seconds: seconds, in: session))
      case .failure(.atLimit(let item, let limit)):
        return [
          .info("Never: \(item.rawValue) is at its limit of \(Text.count(limit)) levels. Nothing advanced.")
        ]
      case .failure(.allRoutesChartered):
        return [.info("Never: every route is chartered already. Nothing advanced.")]
      case .failure(.notWithinMaximum):
        return [.info("Not within 100 years of sailing as things stand. Nothing advanced.")]
      case .failure(.beyondEveryAmount):
        return [
          .info(
            "Never: the next costs more than the most Discoveries the game holds (about 1.80e308). Nothing advanced."
          )
        ]
      }
    }
  }

  /// Time passes: the ship sails while the app is open; only the clock moves while it is closed.
  static func advance(seconds: Int64, in session: Session) async throws(CommandError) -> [OutputLine] {
    let advanced: Device.Advanced
    do {
      advanced = try await session.device.advance(by: seconds)
    } catch {
      throw CommandError(error, command: name)
    }
    guard case .sailed(let event, let game) = advanced else {
      return [
        .info(
          "The app is closed: the clock moves \(Text.exactDuration(seconds)) to \(Text.instant(session.device.now)); nothing is produced until launch."
        )
      ]
    }
    guard case .sailed(let report) = event else { return [] }
    var lines = Text.sailing(report, rules: session.rules)
    lines[0] = "Sailed \(Text.exactDuration(seconds)): " + lines[0]
    // The closing position line is the state after the step, not an event for `log`.
    session.remember(.info(lines))
    lines.append("  " + Text.position(game, rules: session.rules))
    return .info(lines)
  }

  private static func describe(_ goal: AdvanceGoal) -> String {
    switch goal {
    case .bearings: "New Bearings is available"
    case .atlas: "Passing the Atlas is available"
    case .affordableEquipment(let item): "the next \(item.rawValue) level is affordable"
    case .affordableScout: "the next scout is affordable"
    case .affordableCharter: "the next charter is affordable"
    }
  }
}

extension Buyable: ArgumentWord {
  static var noun: String { "something to afford" }
}
