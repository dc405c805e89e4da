/// `away DURATION`: close, let time pass, launch.
enum AwayCommand: REPLCommand {
  static let name = "away"
  static let usage = ["away DURATION"]
  static let summary = "close the app, let DURATION pass, launch again"
  static let topic = HelpTopic.time

  static func run(_ arguments: [String], in session: Session) async throws(CommandError) -> [String] {
    guard arguments.count == 1 else { throw usageError() }
    let seconds: Int64
    do {
      seconds = try DurationFormat.parse(arguments[0])
    } catch {
      throw .duration(error)
    }
    _ = try session.requireApp("away")
    var lines = await session.close()
    lines += try await session.advance(seconds: seconds)
    lines += await session.launch()
    return lines
  }
}
