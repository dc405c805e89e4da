/// `charter`: unlock the next route and set course for its first place.
enum CharterCommand: REPLCommand {
  static let name = "charter"
  static let usage = ["charter"]
  static let summary = "charter the next route and set course for its first place (the old leg is abandoned)"
  static let topic = HelpTopic.play

  static func run(_ arguments: [String], in session: Session) async throws(CommandError) -> [String] {
    guard arguments.isEmpty else { throw usageError() }
    let events = try await session.perform(.charter, command: "charter")
    guard case .chartered(let route, let cost) = events.first else { return [] }
    let game = try await session.requireApp("charter").game
    let rules = session.rules
    return [
      "Chartered route \(route) \(rules.routeName(route)) for \(Text.number(cost)) Discoveries; heading for \(rules.placeName(game.nextPlace)), \(Text.distance(game.legRemaining)) nm ahead."
    ]
  }
}
