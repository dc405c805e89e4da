/// `fresh-voyage`: the deliberate restart (asks first).
struct FreshVoyageCommand: REPLCommand {
  static let name = "fresh-voyage"
  static let usage = ["fresh-voyage"]
  static let summary =
    "start over: Knowledge, generations and statistics too; Postmarks, stamps, purchases stay (asks)"
  static let topic = HelpTopic.play

  init(parsing arguments: [String]) throws(CommandError) { try Self.expectNoArguments(arguments) }

  /// Says what goes and what stays, and asks.
  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    try session.requireOpen(Self.name)
    session.question = Confirmation()
    return .info([
      "A fresh voyage resets Discoveries, equipment, scouts, routes, progress, Knowledge, generations and statistics;",
      "Postmarks, postmark stamps, purchases and sail colours stay. Start a fresh voyage? [y/N]",
    ])
  }

  /// The question `fresh-voyage` asks: start over?
  struct Confirmation: PendingQuestion {
    func confirmed(in session: Session) async throws(CommandError) -> [OutputLine] {
      let game = try await session.perform(.freshVoyage, command: FreshVoyageCommand.name).game
      return [
        .info(
          "A fresh voyage begins on \(session.rules.routeName(1)); Postmarks \(Text.count(game.postmarks)), stamps and purchases kept."
        )
      ]
    }
  }
}
