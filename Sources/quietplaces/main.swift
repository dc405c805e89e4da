import Foundation
import QuietPlacesREPL

// A stand-in until the REPL's own entry point exists: echoes each line back, with line editing,
// history and Tab completion on a terminal and plain lines in batch mode.

/// Completes a few command names, and file names after the commands that take a file.
struct DemoCompletion: CompletionProvider {
  static let commands = [
    "advance", "buy", "help", "load", "new", "quit", "record", "rates", "run", "save", "shop",
    "status", "upgrade",
  ]
  static let fileCommands: Set<String> = ["load", "save", "record", "run"]

  func completions(for line: String) -> [String] {
    let words = line.split(separator: " ", omittingEmptySubsequences: true)
    let endsInBlank = line.last.map(\.isWhitespace) ?? true
    let typing = endsInBlank ? "" : String(words.last ?? "")
    let finished = typing.isEmpty ? words : words.dropLast()
    if finished.isEmpty {
      return Self.commands.filter { $0.hasPrefix(typing) }
    }
    if finished.count == 1, Self.fileCommands.contains(String(finished[0])) {
      return fileNameCompletions(for: typing)
    }
    return []
  }
}

let prompt = "qp> "
let input: any LineInput =
  Terminal.inputIsTerminal
  ? LineEditor(historyPath: LineEditor.historyPath(), completion: DemoCompletion())
  : StandardInput()

loop: while true {
  switch input.readLine(prompt: prompt) {
  case .line(let line):
    input.addHistory(line)
    switch line.trimmingCharacters(in: .whitespaces) {
    case "quit":
      break loop
    case "help":
      print("commands: " + DemoCompletion.commands.joined(separator: " "))
    case "":
      continue
    case let other:
      print("echo: \(other)")
    }
  case .interrupted:
    continue
  case .end:
    break loop
  }
}
