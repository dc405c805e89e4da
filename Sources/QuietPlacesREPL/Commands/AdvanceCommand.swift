import QuietPlacesGame

/// `advance DURATION` and `advance until bearings|atlas|affordable ITEM`.
enum AdvanceCommand: REPLCommand {
  static let name = "advance"
  static let usage = [
    "advance DURATION (90s, 45m, 8h, 2d, 1h30m)",
    "advance until bearings|atlas|affordable sails|spyglass|cargo|scout|charter",
  ]
  static let summary = "time passes; with the app open the ship sails, with it closed only the clock moves"
  static let topic = HelpTopic.time

  static func completion(after words: [String]) -> ArgumentCompletion {
    switch words.count {
    case 0: .words(["until"])
    case 1 where words[0] == "until": .words(["bearings", "atlas", "affordable"])
    case 2 where words[1] == "affordable": .words(["sails", "spyglass", "cargo", "scout", "charter"])
    default: .none
    }
  }

  static func run(_ arguments: [String], in session: Session) async throws(CommandError) -> [String] {
    guard let first = arguments.first else { throw usageError() }
    if first.lowercased() == "until" {
      return try await advanceUntil(Array(arguments.dropFirst()), in: session)
    }
    guard arguments.count == 1 else { throw usageError() }
    let seconds: Int64
    do {
      seconds = try DurationFormat.parse(first)
    } catch {
      throw .duration(error)
    }
    return try await session.advance(seconds: seconds)
  }

  private static func advanceUntil(_ words: [String], in session: Session) async throws(CommandError)
    -> [String]
  {
    let goal: AdvanceGoal
    switch words.map({ $0.lowercased() }) {
    case ["bearings"]: goal = .bearings
    case ["atlas"]: goal = .atlas
    case ["affordable", "sails"]: goal = .affordableEquipment(.sails)
    case ["affordable", "spyglass"]: goal = .affordableEquipment(.spyglass)
    case ["affordable", "cargo"]: goal = .affordableEquipment(.cargo)
    case ["affordable", "scout"], ["affordable", "scouts"]: goal = .affordableScout
    case ["affordable", "charter"]: goal = .affordableCharter
    default:
      throw .usage(
        command: "advance until", expected: "bearings, atlas or affordable sails|spyglass|cargo|scout|charter"
      )
    }
    let app = try session.requireApp("advance until")
    let game = await app.game
    switch game.secondsUntil(goal, rules: session.rules) {
    case .success(0):
      return ["Already true: \(describe(goal)). Nothing advanced."]
    case .success(let seconds):
      var lines = ["Waiting \(DurationFormat.typed(seconds: seconds)) until \(describe(goal))."]
      lines += try await session.advance(seconds: seconds)
      return lines
    case .failure(.atLimit(let item, let limit)):
      return ["Never: \(item.rawValue) is at its limit of \(limit) levels. Nothing advanced."]
    case .failure(.allRoutesChartered):
      return ["Never: every route is chartered already. Nothing advanced."]
    case .failure(.notWithinMaximum):
      return ["Not within 100 years of sailing as things stand. Nothing advanced."]
    }
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
