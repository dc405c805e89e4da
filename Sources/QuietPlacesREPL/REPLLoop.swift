/// Reads lines from an input, runs them in a session and hands on what each printed, until the input
/// ends or `quit`; then the app closes, which saves.
public enum REPLLoop {
  /// What one input line gave.
  public struct Answer: Sendable, Equatable {
    /// The 1-based number of the line in the input (0 for what the launch printed).
    public var number: Int
    /// The line as it was read.
    public var command: String
    /// What it printed.
    public var output: [OutputLine]

    /// Makes an answer.
    public init(number: Int, command: String, output: [OutputLine]) {
      self.number = number
      self.command = command
      self.output = output
    }

    /// Whether it failed: one of its lines is an error.
    public var failed: Bool { output.hasError }
  }

  /// Runs the loop, handing each line's answer to `answer` before the next line is read; returns
  /// whether any command failed.
  public static func run(
    _ session: Session, input: any LineInput, bail: Bool, answer: (Answer) -> Void
  ) async -> Bool {
    var failed = false
    var number = 0
    reading: while true {
      switch input.readLine(prompt: session.prompt, context: session.completionContext) {
      case .end:
        break reading
      case .interrupted:
        continue
      case .line(let line):
        number += 1
        if !line.trimmingWhitespace.isEmpty && !InputLimit.refuses(line) { input.addHistory(line) }
        let output = await session.execute(line)
        answer(Answer(number: number, command: line, output: output))
        if output.hasError {
          failed = true
          if bail { break reading }
        }
        if session.wantsToQuit { break reading }
      }
    }
    // A close whose save fails is reported like any other failed save: one more answer, for no
    // line read.
    let closing = await session.finish()
    if !closing.isEmpty {
      answer(Answer(number: number + 1, command: "", output: closing))
      if closing.hasError { failed = true }
    }
    return failed
  }
}
