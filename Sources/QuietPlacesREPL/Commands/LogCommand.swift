import QuietPlacesUtilities

/// `log [N]`: recent events.
struct LogCommand: REPLCommand {
  static let name = "log"
  static let usage = ["log [N]"]
  static let summary = "the last N events (default 20), with the simulated time they were reported"
  static let topic = HelpTopic.time

  /// How many events to show.
  let count: Int

  init(parsing arguments: [String]) throws(CommandError) {
    guard let argument = arguments.first else {
      count = 20
      return
    }
    guard arguments.count == 1, let number = Int(argument), (1...200).contains(number) else {
      throw .badArgument(
        argument: arguments.joined(separator: " "),
        expected: "a count of events; write log or log N with N from 1 to 200")
    }
    count = number
  }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    // Events may come from a bundle's log, read from a file.
    let lines = session.recentEvents.suffix(count).map { "\($0.fromOutside)" }
    return lines.isEmpty ? [.info("Nothing has happened yet.")] : .info(lines)
  }
}
