/// `quit`: leave; the app closes, which saves.
enum QuitCommand: REPLCommand {
  static let name = "quit"
  static let aliases = ["exit"]
  static let usage = ["quit"]
  static let summary = "leave: the app closes, which saves"
  static let topic = HelpTopic.time

  static func run(_ arguments: [String], in session: Session) async throws(CommandError) -> [String] {
    guard arguments.isEmpty else { throw usageError() }
    session.quit()
    return []
  }
}
