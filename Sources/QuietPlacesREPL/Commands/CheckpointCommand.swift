/// `checkpoint NAME`: the whole device kept in memory under a name, for `rewind` and `diff`.
struct CheckpointCommand: REPLCommand {
  static let name = "checkpoint"
  static let usage = ["checkpoint NAME"]
  static let summary = "keep the whole device (game, account, clock, open or closed, faults) as NAME"
  static let topic = HelpTopic.files

  /// The checkpoint's name.
  let checkpoint: String

  init(parsing arguments: [String]) throws(CommandError) {
    guard arguments.count == 1 else { throw Self.usageError() }
    checkpoint = try Self.validName(arguments[0])
  }

  /// A name of letters, digits, `-`, `_` and `.`, at most 40 characters.
  static func validName(_ name: String) throws(CommandError) -> String {
    guard (1...40).contains(name.count),
      name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) })
    else {
      throw .badArgument(
        argument: name,
        expected: "a checkpoint name; use letters, digits, - _ or . (at most 40), such as before-crash")
    }
    return name
  }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    let device = try await session.snapshot(for: Self.name)
    let replaced = session.checkpoints.contains { $0.name == checkpoint }
    session.checkpoints.removeAll { $0.name == checkpoint }
    session.checkpoints.append(
      Session.Checkpoint(name: checkpoint, device: device, log: session.recentEvents))
    let state = "\(Text.instant(device.clock)), app \(device.isOpen ? "open" : "closed")"
    return [
      .info(
        "Checkpoint \(checkpoint)\(replaced ? " replaced" : ""): \(state); rewind \(checkpoint) returns here."
      )
    ]
  }
}
