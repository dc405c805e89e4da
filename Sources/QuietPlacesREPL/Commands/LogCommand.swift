/// `log`: recent events.
enum LogCommand: REPLCommand {
  static let name = "log"
  static let usage = ["log [N]"]
  static let summary = "the last N events (default 20), with the simulated time they were reported"
  static let topic = HelpTopic.time

  static func run(_ arguments: [String], in session: Session) async throws(CommandError) -> [String] {
    var count = 20
    if let argument = arguments.first {
      guard arguments.count == 1, let number = Int(argument), (1...200).contains(number) else {
        throw .badArgument(
          argument: arguments.joined(separator: " "),
          expected: "a count of events; write log or log N with N from 1 to 200")
      }
      count = number
    }
    let lines = session.recentEvents.suffix(count)
    return lines.isEmpty ? ["Nothing has happened yet."] : Array(lines)
  }
}
