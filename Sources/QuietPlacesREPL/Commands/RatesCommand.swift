import QuietPlacesGame

/// `rates`: the ordinary rates and the multipliers they are made of.
struct RatesCommand: REPLCommand {
  static let name = "rates"
  static let usage = ["rates"]
  static let summary =
    "ordinary Discoveries per second (never boosted by a current) with the multiplier breakdown"
  static let topic = HelpTopic.time

  init(parsing arguments: [String]) throws(CommandError) { try Self.expectNoArguments(arguments) }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    guard let game = await session.device.currentSave()?.game else { throw .game(.appClosed) }
    let rules = session.rules
    let rates = game.rates(rules)
    func perSecond(_ value: Double) -> String { "\(Text.precise(value))/s (\(Text.number(value * 3600))/h)" }
    let route = rules.route(game.route)
    return .info([
      "Ordinary rates (no current):",
      "  travel    \(perSecond(rates.travel)) at \(Text.number(rates.speed)) knots around \(Text.distance(route.loopLength)) nm",
      "  scouts    \(perSecond(rates.scouts)) from \(Text.count(rates.effectiveScouts)) effective × \(Text.number(route.scoutYield))/s",
      "  ordinary  \(perSecond(rates.ordinary))",
      "Multipliers: knowledge ×\(Text.precise(rates.knowledge)) · generation ×\(Text.precise(rates.generation)) · charts ×\(Text.precise(rates.charts)) · signal (scouts) ×\(Text.precise(rates.signal)) · spyglass ×\(Text.precise(rates.spyglass))",
    ])
  }
}
