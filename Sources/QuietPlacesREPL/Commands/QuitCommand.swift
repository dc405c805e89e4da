/// `quit`: leave; the app closes, which saves.
struct QuitCommand: REPLCommand {
  static let name = "quit"
  static let aliases = ["exit"]
  static let usage = ["quit"]
  static let summary = "leave: the app closes, which saves"
  static let topic = HelpTopic.time

  init(parsing arguments: [String]) throws(CommandError) { try Self.expectNoArguments(arguments) }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    session.quit()
    return []
  }
}
