/// `rewind NAME`: the device back exactly as a checkpoint kept it, clock and faults included.
struct RewindCommand: REPLCommand {
  static let name = "rewind"
  static let usage = ["rewind NAME"]
  static let summary = "return the whole device to a checkpoint exactly, clock and armed faults included"
  static let topic = HelpTopic.files

  /// The checkpoint's name.
  let checkpoint: String

  init(parsing arguments: [String]) throws(CommandError) {
    guard arguments.count == 1 else { throw Self.usageError() }
    checkpoint = arguments[0]
  }

  static func completion(after words: [String]) -> ArgumentCompletion {
    words.isEmpty ? .checkpoints : .none
  }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    let kept = try session.checkpoint(named: checkpoint)
    let device = kept.device
    try await session.restore(device, log: kept.log, for: Self.name)
    return [
      .info(
        "Rewound to \(checkpoint): \(Text.instant(device.clock)), app \(device.isOpen ? "open" : "closed").")
    ]
  }
}
