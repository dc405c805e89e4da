/// `close`: the app closes and saves; any current ends.
struct CloseCommand: REPLCommand {
  static let name = "close"
  static let usage = ["close"]
  static let summary = "close the app: it saves, any current ends; time then passes without production"
  static let topic = HelpTopic.time

  init(parsing arguments: [String]) throws(CommandError) { try Self.expectNoArguments(arguments) }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    guard session.device.isOpen else { throw .game(.appClosed) }
    return await Self.close(in: session)
  }

  /// Closes the app, which saves (`close`, `away`).
  static func close(in session: Session) async -> [OutputLine] {
    // A restore lives in the app that started it: one waiting for `store continue` ends with it.
    let restoreWaited = await session.device.isRestoreWaiting()
    guard let (events, saved) = await session.device.close() else { return [] }
    var closed = "Closed the app at \(Text.instant(session.device.now))."
    if events.contains(.closed(endedCurrent: true)) { closed += " The current ended." }
    if restoreWaited { closed += " The restore waiting for store continue ended with it." }
    var lines: [OutputLine]
    switch saved {
    case .success: lines = [.info(closed + " Saved.")]
    case .failure(let error):
      lines = [.info(closed), .error(.saveDuringLifecycle(error, then: .progressLost))]
    }
    session.remember(lines)
    return lines
  }
}
