import QuietPlacesStore

/// `fault …`: the app's faults, for the recovery paths.
enum FaultCommand: REPLCommand {
  static let name = "fault"
  static let usage = ["fault save-fails once|on|off", "fault crash-before-save", "fault crash-before-finish"]
  static let summary =
    "arm an app fault: a failing save, or a crash before saving or before finishing a delivery"
  static let topic = HelpTopic.simulation

  static func completion(after words: [String]) -> ArgumentCompletion {
    switch words.count {
    case 0: .words(["save-fails", "crash-before-save", "crash-before-finish"])
    case 1 where words[0] == "save-fails": .words(["once", "on", "off"])
    default: .none
    }
  }

  static func run(_ arguments: [String], in session: Session) async throws(CommandError) -> [String] {
    let words = arguments.map { $0.lowercased() }
    if words.count == 2, words[0] == "save-fails" {
      let mode = words[1]
      guard let failure = AppFaults.SaveFailure(rawValue: mode) else {
        throw .badArgument(argument: arguments[1], expected: "a save fault; write once, on or off")
      }
      session.faults.saveFailure = failure
      switch failure {
      case .off: return ["Saves succeed again."]
      case .once: return ["The next save will fail; nothing partial is left on disk."]
      case .on: return ["Every save fails until fault save-fails off."]
      }
    }
    switch words {
    case ["crash-before-save"]:
      session.faults.armCrashBeforeSave()
      return [
        "The app will crash after the next verified transaction arrives, before delivering and saving it."
      ]
    case ["crash-before-finish"]:
      session.faults.armCrashBeforeFinish()
      return ["The app will crash after saving the next delivery, before finishing it."]
    default:
      throw usageError()
    }
  }
}
