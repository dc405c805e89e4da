/// `delete-app`: the app and its save are deleted; the App Store account stays.
struct DeleteAppCommand: REPLCommand {
  static let name = "delete-app"
  static let usage = ["delete-app"]
  static let summary = "delete the app and its save; the App Store account (and what it owns) stays"
  static let topic = HelpTopic.simulation

  init(parsing arguments: [String]) throws(CommandError) { try Self.expectNoArguments(arguments) }

  /// The app closes without saving and its save is deleted; the store's account stays.
  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    let restoreWaited = await session.device.isRestoreWaiting()
    do {
      try await session.device.deleteApp()
    } catch {
      throw CommandError(error, command: Self.name)
    }
    var lines: [OutputLine] = [
      .info(
        "The app and its save are deleted (game, Postmarks, ledger, entitlements); the App Store account stays. launch starts a new game and restores what the account owns."
      )
    ]
    if restoreWaited { lines.append(.info("The restore waiting for store continue ended with the app.")) }
    return lines
  }
}
