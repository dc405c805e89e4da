import FoundationEssentials
import QuietPlacesGame

/// Runs a `.qp` script and prints its transcript: `quietplaces run FILE.qp [--step] [--bail]`.
///
/// Comments are echoed, each command is printed as `> command` followed by what the session printed
/// for it; the script's expected output is ignored (this shows what happens now). Every command runs
/// even after an error unless `bail` is set. With `step`, the runner pauses before each command and
/// reads a line: Enter runs the command, `q` stops.
public struct ScriptRunner: Sendable {
  /// Pause before each command for Enter (run) or `q` (stop).
  public var step: Bool
  /// Stop after the first command whose output has an `error:` line.
  public var bail: Bool

  /// The prompt shown while stepping.
  public static let stepPrompt = "[Enter runs it, q stops] "

  /// Makes a runner.
  public init(step: Bool = false, bail: Bool = false) {
    self.step = step
    self.bail = bail
  }

  /// Runs `script` in `interpreter`, printing the transcript, then finishes the session.
  ///
  /// - Parameter input: where `step` reads its answers; without one, `step` does not pause.
  /// - Returns: whether any command failed (printed an `error:` line, or the session says so).
  public func run(
    _ script: GoldenScript, in interpreter: any LineInterpreter, input: (any LineInput)? = nil,
    print: (String) -> Void
  ) async -> Bool {
    var failed = false
    entries: for entry in script.entries {
      switch entry {
      case .comment(let line):
        print(line.text)
      case .command(let block):
        print("> \(block.command)")
        if step, let input, !shouldRun(input: input, print: print) { break entries }
        let output = await interpreter.execute(block.command)
        for line in output { print(line) }
        if output.contains(where: { $0.hasPrefix("error:") }) {
          failed = true
          if bail { break entries }
        }
      }
    }
    await interpreter.finish()
    return failed || interpreter.hadError
  }

  /// Asks whether to run the command just printed: true for Enter, false for `q`, Ctrl-C or the end of
  /// input; anything else asks again.
  private func shouldRun(input: any LineInput, print: (String) -> Void) -> Bool {
    while true {
      switch input.readLine(prompt: Self.stepPrompt) {
      case .line(let text):
        let answer = text.trimmingWhitespace.lowercased()
        if answer.isEmpty { return true }
        if answer == "q" || answer == "quit" { return false }
        print("press Enter to run the command, or type q to stop")
      case .interrupted, .end:
        return false
      }
    }
  }
}
