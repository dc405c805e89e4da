import QuietPlacesDevice
import QuietPlacesStore

/// `fault …`: the app's faults, for the recovery paths.
struct FaultCommand: REPLCommand {
  static let name = "fault"
  static let usage = Kind.allCases.map(\.form)
  static let summary =
    "arm an app fault: a failing save, or a crash before saving or before finishing a delivery"
  static let topic = HelpTopic.simulation

  /// The first word: which fault.
  enum Kind: String, ArgumentWord {
    case saveFails = "save-fails"
    case crashBeforeSave = "crash-before-save"
    case crashBeforeFinish = "crash-before-finish"

    static let noun = "a fault"

    /// The fault's form, for usage.
    var form: String {
      switch self {
      case .saveFails: "fault \(rawValue) \(SaveFailureMode.alternatives)"
      case .crashBeforeSave, .crashBeforeFinish: "fault \(rawValue)"
      }
    }
  }

  /// How saves fail: the next one, every one, or none.
  typealias SaveFailureMode = AppFaults.SaveFailure

  /// The fault to arm.
  enum Fault: Equatable {
    case saveFails(SaveFailureMode)
    case crashBeforeSave
    case crashBeforeFinish
  }

  let fault: Fault

  init(parsing arguments: [String]) throws(CommandError) {
    switch arguments.first.flatMap({ Kind(rawValue: $0.lowercased()) }) {
    case .saveFails where arguments.count == 2:
      fault = .saveFails(try SaveFailureMode(word: arguments[1]))
    case .crashBeforeSave where arguments.count == 1:
      fault = .crashBeforeSave
    case .crashBeforeFinish where arguments.count == 1:
      fault = .crashBeforeFinish
    default:
      throw Self.usageError()
    }
  }

  static func completion(after words: [String]) -> ArgumentCompletion {
    switch words.count {
    case 0: .words(Kind.words)
    case 1 where words[0] == Kind.saveFails.rawValue: .words(SaveFailureMode.words)
    default: .none
    }
  }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    switch fault {
    case .saveFails(.off):
      session.device.setSaveFailure(.off)
      return [.info("Saves succeed again.")]
    case .saveFails(.once):
      session.device.setSaveFailure(.once)
      return [.info("The next save will fail; nothing partial is left on disk.")]
    case .saveFails(.on):
      session.device.setSaveFailure(.on)
      return [.info("Every save fails until fault save-fails off.")]
    case .crashBeforeSave:
      session.device.armCrash(at: .beforeSave)
      return [
        .info(
          "The app will crash after the next verified transaction arrives, before delivering and saving it.")
      ]
    case .crashBeforeFinish:
      session.device.armCrash(at: .beforeFinish)
      return [.info("The app will crash after saving the next delivery, before finishing it.")]
    }
  }
}

extension AppFaults.SaveFailure: ArgumentWord {
  static var noun: String { "a save fault" }
}
