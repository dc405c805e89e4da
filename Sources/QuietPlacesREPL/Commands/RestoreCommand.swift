/// `restore`: `AppStore.sync()`, then reconciliation of permanent purchases.
enum RestoreCommand: REPLCommand {
  static let name = "restore"
  static let usage = ["restore"]
  static let summary = "restore purchases: sync with the App Store, then reconcile the permanent ones"
  static let topic = HelpTopic.store

  static func run(_ arguments: [String], in session: Session) async throws(CommandError) -> [String] {
    guard arguments.isEmpty else { throw usageError() }
    return try await session.restore()
  }
}
