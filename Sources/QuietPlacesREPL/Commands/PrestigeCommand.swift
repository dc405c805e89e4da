import QuietPlacesGame

/// `prestige` (New Bearings) and `prestige atlas` (Passing the Atlas).
struct PrestigeCommand: REPLCommand {
  static let name = "prestige"
  static let usage = ["prestige", "prestige atlas"]
  static let summary =
    "New Bearings (Knowledge for progress), or Passing the Atlas (a generation for 1,000 Knowledge)"
  static let topic = HelpTopic.play

  /// Which prestige.
  let layer: PrestigeLayer

  init(parsing arguments: [String]) throws(CommandError) {
    guard arguments.count <= 1 else { throw Self.usageError() }
    guard let word = arguments.first else {
      layer = .bearings
      return
    }
    guard let layer = PrestigeLayer(rawValue: word.lowercased()) else { throw Self.usageError() }
    self.layer = layer
  }

  static func completion(after words: [String]) -> ArgumentCompletion {
    words.isEmpty ? .words(["atlas", "bearings"]) : .none
  }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    let (event, game) = try await session.perform(.prestige(layer), command: Self.name)
    let route = session.rules.routeName(1)
    switch event {
    case .tookBearings(let knowledge, let postmarks):
      return .info([
        "New Bearings: +\(Text.count(knowledge)) Knowledge (now \(Text.count(game.knowledge))), +\(Text.count(postmarks)) Postmarks (now \(Text.count(game.postmarks))).",
        "  A new voyage begins on \(route): Discoveries, equipment, scouts, routes and progress reset; purchases, stamps and colours stay.",
      ])
    case .passedAtlas(let generation, let postmarks):
      return .info([
        "Passed the Atlas: generation \(Text.count(generation)), +\(Text.count(postmarks)) Postmarks (now \(Text.count(game.postmarks))); Knowledge back to 0.",
        "  A new voyage begins on \(route): everything New Bearings resets, and Knowledge; purchases, stamps and colours stay.",
      ])
    default:
      return []
    }
  }
}
