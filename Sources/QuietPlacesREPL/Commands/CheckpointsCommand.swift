/// `checkpoints`: the checkpoints kept, oldest first.
struct CheckpointsCommand: REPLCommand {
  static let name = "checkpoints"
  static let usage = ["checkpoints"]
  static let summary = "list the checkpoints kept in this session"
  static let topic = HelpTopic.files

  init(parsing arguments: [String]) throws(CommandError) {
    try Self.expectNoArguments(arguments)
  }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    guard !session.checkpoints.isEmpty else {
      return [.info("No checkpoints; checkpoint NAME keeps one.")]
    }
    let width = session.checkpoints.map(\.name.count).max() ?? 0
    return .info(
      session.checkpoints.map { checkpoint in
        let (name, device) = (checkpoint.name, checkpoint.device)
        let game = device.game(rules: session.rules)
        return
          "  \(Text.padded(name, width))  \(Text.instant(device.clock)) · app \(device.isOpen ? "open" : "closed")"
          + " · Discoveries \(Text.number(game.discoveries)) · Postmarks \(Text.count(game.postmarks))"
      })
  }
}
