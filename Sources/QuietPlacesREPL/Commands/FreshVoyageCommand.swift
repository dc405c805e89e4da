/// `fresh-voyage`: the deliberate restart (asks first).
enum FreshVoyageCommand: REPLCommand {
  static let name = "fresh-voyage"
  static let usage = ["fresh-voyage"]
  static let summary =
    "start over: Knowledge, generations and statistics too; Postmarks, stamps, purchases stay (asks)"
  static let topic = HelpTopic.play

  static func run(_ arguments: [String], in session: Session) async throws(CommandError) -> [String] {
    guard arguments.isEmpty else { throw usageError() }
    return try await session.askForFreshVoyage()
  }
}
