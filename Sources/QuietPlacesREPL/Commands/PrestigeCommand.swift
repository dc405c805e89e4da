import QuietPlacesGame

/// `prestige` (New Bearings) and `prestige atlas` (Passing the Atlas).
enum PrestigeCommand: REPLCommand {
  static let name = "prestige"
  static let usage = ["prestige", "prestige atlas"]
  static let summary =
    "New Bearings (Knowledge for progress), or Passing the Atlas (a generation for 1,000 Knowledge)"
  static let topic = HelpTopic.play

  static func completion(after words: [String]) -> ArgumentCompletion {
    words.isEmpty ? .words(["atlas", "bearings"]) : .none
  }

  static func run(_ arguments: [String], in session: Session) async throws(CommandError) -> [String] {
    let layer: PrestigeLayer
    switch arguments.map({ $0.lowercased() }) {
    case [], ["bearings"]: layer = .bearings
    case ["atlas"]: layer = .atlas
    default: throw usageError()
    }
    let events = try await session.perform(.prestige(layer), command: "prestige")
    let game = try await session.requireApp("prestige").game
    let route = session.rules.routeName(1)
    switch events.first {
    case .tookBearings(let knowledge, let postmarks):
      return [
        "New Bearings: +\(Text.count(knowledge)) Knowledge (now \(Text.count(game.knowledge))), +\(postmarks) Postmarks (now \(Text.count(game.postmarks))).",
        "  A new voyage begins on \(route): Discoveries, equipment, scouts, routes and progress reset; purchases, stamps and colours stay.",
      ]
    case .passedAtlas(let generation, let postmarks):
      return [
        "Passed the Atlas: generation \(generation), +\(postmarks) Postmarks (now \(Text.count(game.postmarks))); Knowledge back to 0.",
        "  A new voyage begins on \(route): everything New Bearings resets, and Knowledge; purchases, stamps and colours stay.",
      ]
    default:
      return []
    }
  }
}
