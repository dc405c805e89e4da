/// `launch`: open the app: load, recover the store, credit the absence.
struct LaunchCommand: REPLCommand {
  static let name = "launch"
  static let aliases = ["open"]
  static let usage = ["launch"]
  static let summary = "open the app: load the save, recover purchases, credit the time away (up to the hold)"
  static let topic = HelpTopic.time

  init(parsing arguments: [String]) throws(CommandError) { try Self.expectNoArguments(arguments) }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    guard session.app == nil else { throw .game(.appOpen) }
    let lines = await session.launch()
    return lines.isEmpty ? [.info("Launched at \(Text.instant(session.now)).")] : lines
  }
}
