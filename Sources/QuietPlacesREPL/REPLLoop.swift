/// Reads lines from an input, runs them in a session and hands on what each printed, until the input
/// ends or `quit`; then the app closes, which saves.
///
/// Nothing read is dropped without a word: a line skipped as a pasted command's expected output is
/// marked so (``Answer/skipped``), a skipped line that is itself a command gets a warning, and a
/// skipped `quit` is warned about and then obeyed, so that a program driving the REPL never waits
/// for an answer that will not come. A line longer than ``InputLimit/maximumBytes`` is refused by
/// the session: one error, and the line is not echoed.
public enum REPLLoop {

  /// What one input line gave.
  public struct Answer: Sendable, Equatable {
    /// The 1-based number of the line in the input (0 for what the launch printed).
    public var number: Int
    /// The line as it was read.
    public var command: String
    /// What it printed.
    public var output: [OutputLine]
    /// Whether the line was skipped as the expected output of a pasted `> CMD` line.
    public var skipped = false
    /// A warning about the line that is not its output (a skipped line that is itself a command).
    public var warning: String?
    /// The question the command asked, when it waits for `y` or `n` (its last line).
    public var question: String?

    /// Makes an answer.
    public init(number: Int, command: String, output: [OutputLine]) {
      self.number = number
      self.command = command
      self.output = output
    }

    /// Whether it failed: one of its lines is an error.
    public var failed: Bool { output.hasError }
  }

  /// Lines skipped in a row after a pasted command, for the note that names them.
  struct SkippedRun {
    /// The pasted command's line number and text.
    var command: (number: Int, text: String)?
    /// The skipped lines' numbers.
    var numbers: [Int] = []

    /// `note: lines 3-5 were skipped as the expected output of line 2 (> advance 1h); …`.
    var note: String? {
      guard let first = numbers.first, let last = numbers.last else { return nil }
      let lines = first == last ? "line \(first) was" : "lines \(first)-\(last) were"
      let after = command.map { " of line \($0.number) (\($0.text))" } ?? ""
      return "note: \(lines) skipped as the expected output\(after); an empty line ends a pasted block"
    }
  }

  /// Runs the loop, handing each line's answer to `answer` before the next line is read, and each
  /// note about skipped lines to `note` when the lines it names have been read; returns whether any
  /// command failed.
  ///
  /// Once `outputGone` says the answers no longer reach anyone (a closed pipe, a full disk), asked
  /// before each line is read, no further line is read: the session ends there as at the end of input (the app closes, which
  /// saves), rather than playing on unseen or being killed before it could save.
  public static func run(
    _ session: Session, input: any LineInput, bail: Bool, answer: (Answer) -> Void,
    note: (String) -> Void = { _ in }, outputGone: () -> Bool = { false }
  ) async -> Bool {
    var failed = false
    var number = 0
    var skipped = SkippedRun()
    session.stopRequested = { input.takeStopRequest() }
    session.showProgress = { input.showProgress($0) }
    defer {
      session.stopRequested = { false }
      session.showProgress = { _ in }
    }
    func endSkippedRun() {
      if let text = skipped.note { note(text) }
      skipped.numbers = []
    }
    reading: while !outputGone() {
      switch input.readLine(prompt: session.prompt, context: session.completionContext) {
      case .end:
        break reading
      case .interrupted:
        continue
      case .notUTF8(let shown):
        // Not run: a misread line could do what was not asked. It is not history either.
        number += 1
        endSkippedRun()
        answer(Answer(number: number, command: shown, output: [.error(.lineNotUTF8)]))
        failed = true
        if bail { break reading }
      case .line(var line):
        number += 1
        // A byte order mark opens a file written on some systems (a command file piped in): it
        // marks the encoding, and is not part of the first command (as in a `.qp` script).
        if number == 1, line.hasPrefix("\u{FEFF}") { line.removeFirst() }
        // A line over the input limit is refused by the session (one error, not echoed): it is
        // neither a pasted command's expected output nor history.
        let refused = InputLimit.refuses(line)
        if refused {
          endSkippedRun()
        } else {
          switch session.pastedLine(line) {
          case .expectedOutput:
            skipped.numbers.append(number)
            var skippedAnswer = Answer(number: number, command: line, output: [])
            skippedAnswer.skipped = true
            let quits = Self.skippedCommand(line, number: number, skippedAnswer: &skippedAnswer)
            answer(skippedAnswer)
            if quits {
              endSkippedRun()
              break reading
            }
            continue
          case .command(let command) where command != line.trimmingWhitespace:
            endSkippedRun()
            skipped.command = (number, line.trimmingWhitespace)
          default:
            endSkippedRun()
          }
        }
        if !line.trimmingWhitespace.isEmpty && !refused { input.addHistory(line) }
        _ = input.takeStopRequest()  // a Ctrl-C pressed before this command asks nothing of it
        let output = await session.execute(line)
        var lineAnswer = Answer(number: number, command: line, output: output)
        if session.isAskingQuestion { lineAnswer.question = output.last?.text }
        answer(lineAnswer)
        if output.hasError {
          failed = true
          if bail { break reading }
        }
        if session.wantsToQuit { break reading }
      }
    }
    endSkippedRun()
    // A close whose save fails is reported like any other failed save: one more answer, for no
    // line read.
    let closing = await session.finish()
    if !closing.isEmpty {
      answer(Answer(number: number + 1, command: "", output: closing))
      if closing.hasError { failed = true }
    }
    return failed
  }

  /// Warns when a skipped line is itself a command the REPL knows; returns whether it is `quit`,
  /// which is then obeyed.
  private static func skippedCommand(_ line: String, number: Int, skippedAnswer: inout Answer) -> Bool {
    let text = line.trimmingWhitespace
    guard let word = CommandWords.split(text).first,
      let command = CommandRegistry.command(named: String(word))
    else { return false }
    if command == QuitCommand.self {
      skippedAnswer.warning =
        "warning: line \(number) (\(text)) was read as a pasted command's expected output, but it is quit; "
        + "quitting as it says"
      return true
    }
    skippedAnswer.warning =
      "warning: line \(number) (\(text)) is a command but was skipped as a pasted command's expected output; "
      + "put an empty line before it to run it"
    return false
  }
}
