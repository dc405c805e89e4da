import QuietPlacesGame

/// `hire [N|max]`.
struct HireCommand: REPLCommand {
  static let name = "hire"
  static let usage = ["hire [N|max]"]
  static let summary =
    "hire scouts (10 · 1.15^n each); every fifth scout of the fleet is a pathfinder worth three"
  static let topic = HelpTopic.play

  /// How many scouts.
  let quantity: Quantity

  init(parsing arguments: [String]) throws(CommandError) {
    guard arguments.count <= 1 else { throw Self.usageError() }
    quantity = try Quantity(argument: arguments.first)
  }

  static func completion(after words: [String]) -> ArgumentCompletion {
    words.isEmpty ? .words(["max"]) : .none
  }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    let event: GameEvent?
    let game: GameState
    do {
      (event, game) = try await session.perform(.hire(quantity), command: Self.name)
    } catch {
      if case .game(.nothingAffordable(_, let cost, let held)) = error {
        return [.info(UpgradeCommand.nothingAffordable("scout", cost: cost, held: held))]
      }
      throw error
    }
    guard case .hired(let count, let cost, let hired) = event else { return [] }
    let rules = session.rules
    let companion = game.owns(.signal) ? " + the companion" : ""
    return [
      .info(
        "Hired \(Text.plural(count, "scout")) for \(Text.number(cost)) Discoveries: \(Text.count(hired)) hired\(companion), effective \(Text.count(GameState.effectiveScouts(game.fleetSize(rules), rules: rules))) (\(Text.number(game.discoveries)) left)."
      )
    ]
  }
}
