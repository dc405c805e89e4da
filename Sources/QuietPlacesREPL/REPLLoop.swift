/// Reads lines from an input, runs them in a session and prints what they print, until the input
/// ends or `quit`; then the app closes, which saves.
public enum REPLLoop {
  /// Runs the loop; returns whether any command failed.
  public static func run(
    _ session: Session, input: any LineInput, bail: Bool, print: (OutputLine) -> Void
  ) async -> Bool {
    var failed = false
    reading: while true {
      switch input.readLine(prompt: session.prompt) {
      case .end:
        break reading
      case .interrupted:
        continue
      case .line(let line):
        if !line.trimmingWhitespace.isEmpty { input.addHistory(line) }
        let output = await session.execute(line)
        output.forEach(print)
        if output.hasError {
          failed = true
          if bail { break reading }
        }
        if session.wantsToQuit { break reading }
      }
    }
    await session.finish()
    return failed
  }
}
