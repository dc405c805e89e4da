import FoundationEssentials
import QuietPlacesREPL
import QuietPlacesUtilities

/// Runs a `.qp` script and prints its transcript: `quietplaces run FILE.qp [--step] [--bail]`.
///
/// Comments are echoed, each command is printed as `> command` followed by what the session printed
/// for it; the script's expected output is ignored (this shows what happens now). `quit` ends the
/// script as it ends batch mode (the app closes; a command after it is an error). Every command runs
/// even after an error unless `bail` is set.
///
/// With `step` it is a debugger. Before each command it pauses and reads a line:
/// - Enter runs the command shown;
/// - `continue` runs on to the end, or to the next `# break` comment, where it pauses again;
/// - `until N` runs every command before line N of the script and pauses at the first one from there;
/// - `q` stops, saying before which line and command (the app closes, which saves, unless the caller
///   keeps the session for a REPL);
/// - any other line is a REPL command run on the current state (to inspect it, or to change it), and
///   the pause goes on. While the script's own question waits for its answer (`buy supplies` then
///   `> y`), only Enter, `continue`, `until` and `q` are taken.
///
/// While stepping through a script that holds expected output, a command whose output differs from
/// the file's is flagged right after its output, before the next pause.
public struct ScriptRunner: Sendable {
  /// Pause before each command.
  public var step: Bool
  /// Stop after the first command whose output has an `error:` line.
  public var bail: Bool
  /// Leave the session open after the script (for `--then-repl`): the caller finishes it.
  public var keepSession: Bool
  /// The variables `$NAME` in commands stand for (``CommandSubstitution``), as `test` has them.
  public var environment: [String: String] = [:]

  /// The line printed when stepping starts.
  public static let stepHelp =
    "Stepping: Enter runs the command shown; any other line is a command on the current state; "
    + "continue runs to the next # break; until N runs up to line N; q stops."

  /// The prompt at a pause before the command on `line`.
  public static func stepPrompt(line: Int) -> String { "step \(line)> " }

  /// Makes a runner.
  public init(step: Bool = false, bail: Bool = false, keepSession: Bool = false) {
    self.step = step
    self.bail = bail
    self.keepSession = keepSession
  }

  /// How the runner goes on after a pause.
  enum Mode: Equatable {
    /// Pause before the next command.
    case pausing
    /// Run until a `# break` comment.
    case continuing
    /// Run the commands before this line.
    case until(Int)
  }

  /// Whether a comment is a breakpoint: `# break`, alone or followed by anything that does not
  /// continue the word (`# break`, `# break: after the crash`, `#break here`; not `# breaking`).
  public static func isBreak(_ comment: String) -> Bool {
    let text = comment.dropFirst().drop(while: { $0 == " " || $0 == "\t" }).lowercased()
    guard text.hasPrefix("break") else { return false }
    guard let next = text.dropFirst(5).first else { return true }
    return !(next.isLetter || next.isNumber || next == "-" || next == "_")
  }

  /// Runs `script` in `interpreter`, printing the transcript, then finishes the session (unless
  /// ``keepSession``).
  ///
  /// - Parameter input: where `step` reads at its pauses; without one, `step` does not pause.
  /// - Returns: whether any of the script's commands failed (printed an `error:` line, or the
  ///   session says so); lines typed at a pause do not count.
  /// - Parameter printLine: prints a command's output line (a JSON record uncut); by default its
  ///   text through `print`.
  /// - Parameter outputGone: asked before each command with its line: true when what is printed no
  ///   longer reaches anyone (a closed pipe, a full disk); the script then stops there, and the
  ///   session finishes as at its end.
  public func run(
    _ script: GoldenScript, in interpreter: any LineInterpreter, input: (any LineInput)? = nil,
    print: (String) -> Void, printLine: ((OutputLine) -> Void)? = nil,
    outputGone: (Int) -> Bool = { _ in false }
  ) async -> Bool {
    func emit(_ line: OutputLine) {
      if let printLine { printLine(line) } else { print(line.text) }
    }
    var failed = false
    var mode = Mode.pausing
    let lastLine = script.lines.count
    let stepping = step && input != nil
    if stepping { print(Self.stepHelp) }
    let holdsExpectedOutput = script.blocks.contains { !$0.expected.isEmpty }
    entries: for entry in script.entries {
      switch entry {
      case .comment(let line):
        print(line.text)
        if mode == .continuing && Self.isBreak(line.text) { mode = .pausing }
      case .command(let block):
        if outputGone(block.line) { break entries }
        if case .until(let target) = mode, block.line >= target { mode = .pausing }
        // A line refused for its length is not echoed; its error line says so.
        if !InputLimit.refuses(block.command) { print("> \(block.command)") }
        if stepping, let input, mode == .pausing {
          switch await pause(
            before: block, lastLine: lastLine, interpreter: interpreter, input: input, print: print,
            printLine: emit)
          {
          case .stop:
            print(Self.stopped(before: block))
            break entries
          case .run(let next): mode = next
          }
        }
        let command: String
        do {
          command = try CommandSubstitution.substitute(block.command, environment: environment)
        } catch {
          let problem: GoldenScriptError.Problem =
            switch error {
            case .unset(let name): .unsetVariable(name)
            case .unclosed: .unclosedVariable
            case .badName(let inside): .badVariable(inside)
            }
          print(
            OutputLine.errorText(
              GoldenScriptError(path: script.path, line: block.line, problem: problem).description))
          failed = true
          if bail { break entries }
          continue
        }
        var output = await interpreter.execute(command)
        // `quit` ends the session here, as in batch mode: the app closes (a failed save says so).
        if interpreter.wantsToQuit { output += await interpreter.finish() }
        for line in output { emit(line) }
        if stepping, holdsExpectedOutput, !block.matches(output.texts) {
          print(Self.differs(block))
        }
        if output.hasError {
          failed = true
          if bail { break entries }
        }
        if interpreter.wantsToQuit {
          if let next = script.blocks.first(where: { $0.line > block.line }) {
            print(OutputLine.errorText(Self.afterQuit(script, next: next, quit: block)))
            failed = true
          }
          return failed || interpreter.hadError
        }
      }
    }
    if !keepSession { await interpreter.finish() }
    return failed || (!stepping && interpreter.hadError)
  }

  /// The error when commands follow a `quit`: where, and what to write instead.
  static func afterQuit(_ script: GoldenScript, next: GoldenScript.Block, quit: GoldenScript.Block) -> String
  {
    "\(script.path):\(next.line): quit on line \(quit.line) ended the session, so this command and those "
      + "after it did not run; write close to close the app and go on, or end the script at quit"
  }

  /// The line `q` prints: where the script stopped.
  static func stopped(before block: GoldenScript.Block) -> String {
    "Stopped before line \(block.line) (> \(block.command)); the rest of the script did not run."
  }

  /// The flag after a command whose output differs from what the script expects.
  static func differs(_ block: GoldenScript.Block) -> String {
    let count = block.expected.count
    return "! line \(block.line): this output differs from the script's (\(count) expected line"
      + "\(count == 1 ? "" : "s")); quietplaces test shows the difference"
  }

  /// What a pause decided.
  enum Decision: Equatable {
    /// Run the command, then go on in this mode.
    case run(Mode)
    /// Stop the script.
    case stop
  }

  /// Reads lines at a pause until one of them runs the command or stops.
  func pause(
    before block: GoldenScript.Block, lastLine: Int, interpreter: any LineInterpreter, input: any LineInput,
    print: (String) -> Void, printLine: (OutputLine) -> Void
  ) async -> Decision {
    while true {
      let text: String
      switch input.readLine(prompt: Self.stepPrompt(line: block.line), context: interpreter.completionContext)
      {
      case .line(let line): text = line.trimmingWhitespace
      case .notUTF8:
        print(OutputLine.errorText(CommandError.lineNotUTF8.message))
        continue
      // Ctrl-C discards the line being typed, as at the REPL's prompt; the pause goes on.
      case .interrupted: continue
      case .end: return .stop
      }
      let words = CommandWords.split(text).map { $0.lowercased() }
      switch words.first {
      case nil:
        return .run(.pausing)
      case "q", "quit":
        return .stop
      case "continue", "c":
        guard words.count == 1 else {
          print(
            OutputLine.errorText("continue takes nothing more; write continue, or until N to stop at line N"))
          continue
        }
        return .run(.continuing)
      case "until":
        guard words.count == 2, let target = Int(words[1]) else {
          print(
            OutputLine.errorText(
              "until needs a line number; write until N, such as until \(min(block.line + 1, lastLine))"))
          continue
        }
        guard target > block.line, target <= lastLine else {
          print(
            OutputLine.errorText(
              "line \(target) is not after this command (line \(block.line)) within the script "
                + "(\(lastLine) lines); write until N with N from \(block.line + 1) to \(lastLine)"))
          continue
        }
        return .run(.until(target))
      default:
        if interpreter.isAskingQuestion {
          print(
            OutputLine.errorText(
              "the script's question waits for its answer on line \(block.line); press Enter to run it, "
                + "continue, until N or q"))
          continue
        }
        input.addHistory(text)
        for line in await interpreter.execute(text) { printLine(line) }
        // A question the typed command asked is answered now, before the script goes on.
        while interpreter.isAskingQuestion {
          var answer = "n"
          if case .line(let line) = input.readLine(prompt: interpreter.prompt) { answer = line }
          for line in await interpreter.execute(answer) { printLine(line) }
        }
      }
    }
  }
}
