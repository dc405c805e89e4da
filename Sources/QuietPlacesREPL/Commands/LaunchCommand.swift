import QuietPlacesDevice
import QuietPlacesStore

/// `launch`: open the app: load, recover the store, credit the absence.
struct LaunchCommand: REPLCommand {
  static let name = "launch"
  static let aliases = ["open"]
  static let usage = ["launch"]
  static let summary = "open the app: load the save, recover purchases, credit the time away (up to the hold)"
  static let topic = HelpTopic.time

  init(parsing arguments: [String]) throws(CommandError) { try Self.expectNoArguments(arguments) }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    guard !session.device.isOpen else { throw .game(.appOpen) }
    let lines = await Self.launch(in: session)
    return lines.isEmpty ? [.info("Launched at \(Text.instant(session.device.now)).")] : lines
  }

  /// Launches the app (`launch`, `away`, a session's start): load, recover the store, credit the
  /// absence. With `quietWhenNew`, a new game started for want of a save goes unsaid.
  static func launch(in session: Session, quietWhenNew: Bool = false) async -> [OutputLine] {
    do {
      let lines = describe(try await session.device.launch(), in: session, quietWhenNew: quietWhenNew)
      session.remember(lines)
      return lines
    } catch {
      // A crash during the launch is an event of the device's too: `log` keeps it.
      let lines = failure(error)
      session.remember(lines)
      return lines
    }
  }

  /// What a launch found and did.
  static func describe(_ report: LaunchReport, in session: Session, quietWhenNew: Bool) -> [OutputLine] {
    let now = session.device.now
    session.step.launched = true
    var lines: [OutputLine] = []
    if let problem = report.unreadableSave {
      lines.append(.error(.saveDuringLifecycle(problem, then: .newGameStarted)))
    }
    if report.startedNewGame && !quietWhenNew {
      lines.append(.info("No save on this device: a new game starts at \(Text.instant(now))."))
    }
    lines += session.storeLines(report.storeEvents)
    if let absence = report.absence {
      lines += .info(Text.absence(absence, at: now, rules: session.rules))
    }
    return lines
  }

  /// Why a launch left the app closed.
  static func failure(_ error: DeviceError) -> [OutputLine] {
    switch error {
    case .launch(.unsupportedSave(let problem)):
      return [.error(.saveDuringLifecycle(problem, then: .appStaysClosed))]
    case .launch(.crashed(let crash)), .crashed(let crash):
      return .info(Text.crash(crash))
    default:
      return [.error(CommandError(error, command: name))]
    }
  }
}
