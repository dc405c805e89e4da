/// `delete-app`: the app and its save are deleted; the App Store account stays.
enum DeleteAppCommand: REPLCommand {
  static let name = "delete-app"
  static let usage = ["delete-app"]
  static let summary = "delete the app and its save; the App Store account (and what it owns) stays"
  static let topic = HelpTopic.simulation

  static func run(_ arguments: [String], in session: Session) async throws(CommandError) -> [String] {
    guard arguments.isEmpty else { throw usageError() }
    return await session.deleteApp()
  }
}
