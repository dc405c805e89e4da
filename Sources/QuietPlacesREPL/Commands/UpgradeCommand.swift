import QuietPlacesGame

/// `upgrade sails|spyglass|cargo [N|max]`.
enum UpgradeCommand: REPLCommand {
  static let name = "upgrade"
  static let usage = ["upgrade sails|spyglass|cargo [N|max]"]
  static let summary =
    "buy equipment levels; N levels cost the closed-form sum of their prices, max buys all affordable"
  static let topic = HelpTopic.play

  static func completion(after words: [String]) -> ArgumentCompletion {
    switch words.count {
    case 0: .words(Equipment.allCases.map(\.rawValue))
    case 1: .words(["max"])
    default: .none
    }
  }

  static func run(_ arguments: [String], in session: Session) async throws(CommandError) -> [String] {
    guard (1...2).contains(arguments.count) else { throw usageError() }
    guard let item = Equipment(rawValue: arguments[0].lowercased()) else {
      throw .badArgument(argument: arguments[0], expected: "equipment; write sails, spyglass or cargo")
    }
    let quantity = try Quantity(argument: arguments.count == 2 ? arguments[1] : nil)
    let events = try await session.perform(.upgrade(item, quantity), command: "upgrade")
    guard case .upgraded(_, let levels, let cost, let level) = events.first else { return [] }
    let game = try await session.requireApp("upgrade").game
    return [
      "\(item.rawValue.capitalized) +\(levels) → level \(level) for \(Text.number(cost)) Discoveries (\(Text.number(game.discoveries)) left)."
    ]
  }
}

extension Quantity {
  /// A count argument (`N` or `max`); none means one.
  init(argument: String?) throws(CommandError) {
    guard let argument else {
      self = .count(1)
      return
    }
    do {
      switch try CountArgument.parse(argument) {
      case .count(let count): self = .count(count)
      case .max: self = .max
      }
    } catch {
      throw .count(error)
    }
  }
}
