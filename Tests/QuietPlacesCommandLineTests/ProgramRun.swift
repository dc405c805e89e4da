import Foundation
import QuietPlacesCommandLine
import QuietPlacesREPL
import QuietPlacesTestSupport
import Synchronization

/// What a run of the program printed, and how it ended.
struct ProgramRun {
  var status: ExitStatus
  /// Standard output's lines.
  var output: [String]
  /// Standard error's lines.
  var errors: [String]

  /// Runs `quietplaces ARGUMENTS` in this process, in `directory`, with the package's configuration,
  /// standard input empty, and its lines kept.
  ///
  /// `stopSignal`, when given, stands for the signals: a long run asks it whether one has asked it
  /// to stop, as it asks the process's handlers.
  static func run(
    _ arguments: [String], environment: [String: String] = [:], in directory: URL = Fixtures.packageRoot,
    stopSignal: (@Sendable () -> Int32?)? = nil, inputEndFailure: String? = nil
  ) async -> ProgramRun {
    let lines = Mutex<(output: [String], errors: [String])>(([], []))
    var variables = environment
    variables["QUIETPLACES_CONFIGURATION"] = Fixtures.configurationFolder.path
    var context = ProgramContext(
      environment: variables, currentDirectory: directory,
      input: {
        ProgramInput(
          source: ScriptedInput([], endFailure: inputEndFailure), interactive: false, colour: false)
      },
      print: { line in lines.withLock { $0.output.append(line) } },
      printError: { line in lines.withLock { $0.errors.append(line) } })
    if let stopSignal { context.stopOnSignals = { stopSignal } }
    let status = await Program.run(arguments, in: context)
    return lines.withLock { ProgramRun(status: status, output: $0.output, errors: $0.errors) }
  }
}
