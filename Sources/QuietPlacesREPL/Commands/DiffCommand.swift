import QuietPlacesDevice

/// `diff NAME [NAME2]`: the fields of `state --json` that differ between a checkpoint and now, or
/// between two checkpoints.
struct DiffCommand: REPLCommand {
  static let name = "diff"
  static let usage = ["diff NAME", "diff NAME NAME2"]
  static let summary = "the fields of state --json that differ from checkpoint NAME to now (or to NAME2)"
  static let topic = HelpTopic.files

  /// The checkpoint compared from.
  let from: String
  /// The checkpoint compared to, or `nil` for now.
  let to: String?

  init(parsing arguments: [String]) throws(CommandError) {
    guard (1...2).contains(arguments.count) else { throw Self.usageError() }
    from = arguments[0]
    to = arguments.count == 2 ? arguments[1] : nil
  }

  static func completion(after words: [String]) -> ArgumentCompletion {
    words.count < 2 ? .checkpoints : .none
  }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    let old = try session.checkpoint(named: from).device
    let new: DeviceSnapshot
    if let to {
      new = try session.checkpoint(named: to).device
    } else {
      new = try await session.snapshot(for: Self.name)
    }
    let before = StateDifference.fields(old.stateLine(rules: session.rules))
    let after = StateDifference.fields(new.stateLine(rules: session.rules))
    let lines = StateDifference.lines(from: before, to: after)
    let target = to ?? "now"
    guard !lines.isEmpty else { return [.info("No difference between \(from) and \(target).")] }
    return .info(lines)
  }
}
