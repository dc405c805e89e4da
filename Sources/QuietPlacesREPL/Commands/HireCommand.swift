import QuietPlacesGame

/// `hire [N|max]`.
enum HireCommand: REPLCommand {
  static let name = "hire"
  static let usage = ["hire [N|max]"]
  static let summary =
    "hire scouts (10 · 1.15^n each); every fifth scout of the fleet is a pathfinder worth three"
  static let topic = HelpTopic.play

  static func completion(after words: [String]) -> ArgumentCompletion {
    words.isEmpty ? .words(["max"]) : .none
  }

  static func run(_ arguments: [String], in session: Session) async throws(CommandError) -> [String] {
    guard arguments.count <= 1 else { throw usageError() }
    let quantity = try Quantity(argument: arguments.first)
    let events = try await session.perform(.hire(quantity), command: "hire")
    guard case .hired(let count, let cost, let hired) = events.first else { return [] }
    let game = try await session.requireApp("hire").game
    let rules = session.rules
    let companion = game.owns(.signal) ? " + the companion" : ""
    return [
      "Hired \(Text.plural(count, "scout")) for \(Text.number(cost)) Discoveries: \(hired) hired\(companion), effective \(GameState.effectiveScouts(game.fleetSize(rules), rules: rules)) (\(Text.number(game.discoveries)) left)."
    ]
  }
}
