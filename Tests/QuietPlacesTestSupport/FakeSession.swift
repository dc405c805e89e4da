import Foundation
import QuietPlacesREPL

/// A tiny session for testing the runners: `count`, `echo TEXT`, `ask` (the next line is the answer),
/// `sleep MS`, `folder` (whether the save folder exists); anything else is an unknown command.
final class FakeSession: LineInterpreter {
  let saveFolder: URL
  private var counter = 0
  private var asking = false
  private(set) var hadError = false
  private(set) var finished = false

  init(saveFolder: URL) {
    self.saveFolder = saveFolder
  }

  var prompt: String { asking ? "sure? " : "> " }
  var isAskingQuestion: Bool { asking }

  func execute(_ line: String) async -> [OutputLine] {
    if asking {
      asking = false
      return [.info("you said \(line)")]
    }
    let words = line.split(separator: " ").map(String.init)
    switch words.first {
    case "count":
      counter += 1
      return [.info("count \(counter)")]
    case "echo":
      return [.info(words.dropFirst().joined(separator: " "))]
    case "ask":
      asking = true
      return [.info("sure?")]
    case "sleep":
      try? await Task.sleep(for: .milliseconds(Int(words[1]) ?? 0))
      return [.info("slept")]
    case "folder":
      return [.info("folder exists: \(FileManager.default.fileExists(atPath: saveFolder.path))")]
    default:
      hadError = true
      return [.error(.unknownCommand(line, suggestion: nil))]
    }
  }

  func finish() async {
    finished = true
  }
}

/// A line input that gives scripted answers and remembers the prompts it was shown.
final class ScriptedInput: LineInput {
  private var answers: [LineRead]
  private(set) var prompts: [String] = []
  private(set) var contexts: [CompletionContext] = []

  init(_ answers: [LineRead]) {
    self.answers = answers
  }

  func readLine(prompt: String, context: CompletionContext) -> LineRead {
    prompts.append(prompt)
    contexts.append(context)
    return answers.isEmpty ? .end : answers.removeFirst()
  }

  func addHistory(_ line: String) {}
}

/// A fresh folder under the system's temporary folder, removed when the value is dropped by `remove()`.
struct TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("qp-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  @discardableResult
  func write(_ text: String, to relative: String) throws -> URL {
    let file = url.appendingPathComponent(relative)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
    return file
  }

  func read(_ relative: String) throws -> String {
    try String(contentsOf: url.appendingPathComponent(relative), encoding: .utf8)
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
