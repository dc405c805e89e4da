/// `charter`: unlock the next route and set course for its first place.
struct CharterCommand: REPLCommand {
  static let name = "charter"
  static let usage = ["charter"]
  static let summary = "charter the next route and set course for its first place (the old leg is abandoned)"
  static let topic = HelpTopic.play

  init(parsing arguments: [String]) throws(CommandError) { try Self.expectNoArguments(arguments) }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    let (event, game) = try await session.perform(.charter, command: Self.name)
    guard case .chartered(let route, let cost) = event else { return [] }
    let rules = session.rules
    return [
      .info(
        "Chartered route \(route) \(rules.routeName(route)) for \(Text.number(cost)) Discoveries; heading for \(rules.placeName(game.nextPlace)), \(Text.distance(game.legRemaining)) nm ahead."
      )
    ]
  }
}
