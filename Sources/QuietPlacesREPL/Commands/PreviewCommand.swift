import QuietPlacesGame

/// `preview supplies|bearings|atlas`: what it would give now, changing nothing.
struct PreviewCommand: REPLCommand {
  static let name = "preview"
  static let usage = ["preview \(Subject.alternatives)"]
  static let summary = "what supplies, New Bearings or Passing the Atlas would give now; changes nothing"
  static let topic = HelpTopic.play

  /// What to preview.
  enum Subject: String, ArgumentWord {
    case supplies
    case bearings
    case atlas

    static let noun = "something to preview"
  }

  let subject: Subject

  init(parsing arguments: [String]) throws(CommandError) {
    guard arguments.count == 1 else { throw Self.usageError() }
    subject = try Subject(word: arguments[0])
  }

  static func completion(after words: [String]) -> ArgumentCompletion {
    words.isEmpty ? .words(Subject.words) : .none
  }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    guard let game = await session.device.game else { throw .appClosed(command: Self.name) }
    let rules = session.rules
    switch subject {
    case .supplies:
      let price = rules.suppliesPrice
      return .info([
        "Supplies now: \(Text.number(game.suppliesAmount(rules))) Discoveries (ordinary rate \(Text.precise(game.ordinaryRate(rules)))/s × \(Text.number(rules.suppliesSeconds)) s) for \(Text.count(price)) Postmarks; you hold \(Text.count(game.postmarks)).",
        "  Scouts count, currents, first-visit bonuses and surveys do not; the ship does not move.",
      ])
    case .bearings:
      let gain = game.bearingsGain(rules)
      let ready =
        gain >= rules.bearingsMinimumKnowledge
        ? "available" : "needs at least \(Text.count(rules.bearingsMinimumKnowledge))"
      return .info([
        "New Bearings now: ⌊\(Text.number(rules.bearingsFactor)) · ∛(\(Text.number(game.progress)) / \(Text.number(rules.bearingsProgressScale)))⌋ = \(Text.count(gain)) Knowledge (\(ready)), +\(Text.count(rules.bearingsPostmarks)) Postmarks.",
        "  Voyage progress counts arrivals, bonuses, surveys and scouts without purchased bonuses.",
      ])
    case .atlas:
      let ready = game.knowledge >= rules.atlasKnowledgeRequired ? "available" : "not yet"
      return [
        .info(
          "Passing the Atlas: needs \(Text.count(rules.atlasKnowledgeRequired)) Knowledge, you hold \(Text.count(game.knowledge)) (\(ready)); grants +1 generation (generation multiplier ×\(Text.number(game.generationMultiplier(rules))) → ×\(Text.number(game.generationMultiplier(rules) + rules.productionPerGeneration))) and +\(Text.count(rules.atlasPostmarks)) Postmarks, and resets Knowledge to 0."
        )
      ]
    }
  }
}
