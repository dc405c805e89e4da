/// `away DURATION`: close, let time pass, launch.
struct AwayCommand: REPLCommand {
  static let name = "away"
  static let usage = ["away DURATION"]
  static let summary = "close the app, let DURATION pass, launch again"
  static let topic = HelpTopic.time

  /// How long the app stays closed, in seconds.
  let seconds: Int64

  init(parsing arguments: [String]) throws(CommandError) {
    guard !arguments.isEmpty else { throw Self.usageError() }
    do {
      seconds = try DurationFormat.parse(arguments.joined(separator: " "))
    } catch {
      throw .duration(error)
    }
  }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    try session.requireOpen(Self.name)
    // Checked before the app closes: a refused absence changes nothing.
    do {
      try session.device.checkAdvance(by: seconds)
    } catch {
      throw CommandError(error, command: Self.name)
    }
    var lines = await CloseCommand.close(in: session)
    lines += try await AdvanceCommand.advance(seconds: seconds, in: session)
    lines += await LaunchCommand.launch(in: session)
    return lines
  }
}
