import QuietPlacesGame

/// `preview supplies|bearings|atlas`: what it would give now, changing nothing.
enum PreviewCommand: REPLCommand {
  static let name = "preview"
  static let usage = ["preview supplies|bearings|atlas"]
  static let summary = "what supplies, New Bearings or Passing the Atlas would give now; changes nothing"
  static let topic = HelpTopic.play

  static func completion(after words: [String]) -> ArgumentCompletion {
    words.isEmpty ? .words(["supplies", "bearings", "atlas"]) : .none
  }

  static func run(_ arguments: [String], in session: Session) async throws(CommandError) -> [String] {
    guard arguments.count == 1 else { throw usageError() }
    let game = try await session.requireApp("preview").game
    let rules = session.rules
    switch arguments[0].lowercased() {
    case "supplies":
      let price = rules.balance.postmarks.suppliesPrice
      return [
        "Supplies now: \(Text.number(game.suppliesAmount(rules))) Discoveries (ordinary rate \(Text.precise(game.ordinaryRate(rules)))/s × \(Text.number(rules.balance.postmarks.suppliesSeconds)) s) for \(price) Postmarks; you hold \(Text.count(game.postmarks)).",
        "  Scouts count, currents, first-visit bonuses and surveys do not; the ship does not move.",
      ]
    case "bearings":
      let bearings = rules.balance.prestige.bearings
      let gain = game.bearingsGain(rules)
      let ready =
        gain >= bearings.minimumKnowledge ? "available" : "needs at least \(bearings.minimumKnowledge)"
      return [
        "New Bearings now: ⌊\(Text.number(bearings.factor)) · ∛(\(Text.number(game.progress)) / \(Text.number(bearings.progressScale)))⌋ = \(gain) Knowledge (\(ready)), +\(bearings.postmarks) Postmarks.",
        "  Voyage progress counts arrivals, bonuses, surveys and scouts without purchased bonuses.",
      ]
    case "atlas":
      let atlas = rules.balance.prestige.atlas
      let ready = game.knowledge >= atlas.knowledgeRequired ? "available" : "not yet"
      return [
        "Passing the Atlas: needs \(Text.count(atlas.knowledgeRequired)) Knowledge, you hold \(Text.count(game.knowledge)) (\(ready)); grants +1 generation (production ×\(Text.number(game.generationMultiplier(rules) + rules.balance.multipliers.perGeneration))) and +\(atlas.postmarks) Postmarks, and resets Knowledge to 0."
      ]
    default:
      throw .badArgument(
        argument: arguments[0], expected: "something to preview; write supplies, bearings or atlas")
    }
  }
}
