/// `launch`: open the app: load, recover the store, credit the absence.
enum LaunchCommand: REPLCommand {
  static let name = "launch"
  static let aliases = ["open"]
  static let usage = ["launch"]
  static let summary = "open the app: load the save, recover purchases, credit the time away (up to the hold)"
  static let topic = HelpTopic.time

  static func run(_ arguments: [String], in session: Session) async throws(CommandError) -> [String] {
    guard arguments.isEmpty else { throw usageError() }
    guard session.app == nil else { throw .game(.appOpen) }
    let lines = await session.launch()
    return lines.isEmpty ? ["Launched at \(Text.instant(session.now))."] : lines
  }
}
