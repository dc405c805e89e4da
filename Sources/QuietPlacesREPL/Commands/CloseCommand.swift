/// `close`: the app closes and saves; any current ends.
enum CloseCommand: REPLCommand {
  static let name = "close"
  static let usage = ["close"]
  static let summary = "close the app: it saves, any current ends; time then passes without production"
  static let topic = HelpTopic.time

  static func run(_ arguments: [String], in session: Session) async throws(CommandError) -> [String] {
    guard arguments.isEmpty else { throw usageError() }
    guard session.app != nil else { throw .game(.appClosed) }
    return await session.close()
  }
}
