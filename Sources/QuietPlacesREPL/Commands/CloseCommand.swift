/// `close`: the app closes and saves; any current ends.
struct CloseCommand: REPLCommand {
  static let name = "close"
  static let usage = ["close"]
  static let summary = "close the app: it saves, any current ends; time then passes without production"
  static let topic = HelpTopic.time

  init(parsing arguments: [String]) throws(CommandError) { try Self.expectNoArguments(arguments) }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    guard session.app != nil else { throw .game(.appClosed) }
    return await session.close()
  }
}
