import QuietPlacesREPL

/// Line input for batch mode: the lines of standard input, with no prompt and no history.
final class StandardInput: LineInput {
  func readLine(prompt: String, context: CompletionContext) -> LineRead {
    guard let line = Swift.readLine(strippingNewline: true) else { return .end }
    return .line(line)
  }

  func addHistory(_ line: String) {}
}
