import QuietPlacesDevice

/// `diff NAME [NAME2]`: what differs in the whole device between a checkpoint and now, or between
/// two checkpoints: the fields of `state --json`, then the rest of the device under `device.` (the
/// App Store account, its test controls, the armed faults, the save on disk). The REPL's own state
/// (the event log, a question waiting, the recording) is not the device's and is left out.
struct DiffCommand: REPLCommand {
  static let name = "diff"
  static let usage = ["diff NAME", "diff NAME NAME2"]
  static let summary =
    "what differs in the whole device from checkpoint NAME to now (or to NAME2): state --json, then device.*"
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
    let rules = session.device.configuration.rules
    let before = StateDifference.fields(old.stateLine(rules: rules))
    let after = StateDifference.fields(new.stateLine(rules: rules))
    let lines =
      StateDifference.lines(from: before, to: after)
      + StateDifference.lines(from: old.deviceFields(rules: rules), to: new.deviceFields(rules: rules))
    let target = to ?? "now"
    guard !lines.isEmpty else {
      return [
        .info(
          "No difference between \(from) and \(target) (game, App Store account and its controls, armed faults, clock, app open or closed, save on disk)."
        )
      ]
    }
    return .info(lines)
  }
}
