import Foundation
import QuietPlacesREPL

/// A tiny session for testing the runners: `count`, `echo TEXT`, `ask` (the next line is the answer),
/// `sleep MS`, `folder` (whether the save folder exists), `quit` (asks to leave); anything else is an
/// unknown command.
public final class FakeSession: LineInterpreter {
  /// The save folder the runner gave it.
  public let saveFolder: URL
  private var counter = 0
  private var asking = false
  /// Whether a line was an unknown command.
  public private(set) var hadError = false
  /// Whether the runner finished the session.
  public private(set) var finished = false
  /// Whether `quit` was run.
  public private(set) var wantsToQuit = false

  /// A session over `saveFolder`, which it only looks at.
  public init(saveFolder: URL) {
    self.saveFolder = saveFolder
  }

  public var prompt: String { asking ? "sure? " : "> " }
  public var isAskingQuestion: Bool { asking }

  public func execute(_ line: String) async -> [OutputLine] {
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
    case "quit":
      wantsToQuit = true
      return []
    case "folder":
      return [.info("folder exists: \(FileManager.default.fileExists(atPath: saveFolder.path))")]
    default:
      hadError = true
      return [.error(.unknownCommand(line, suggestion: nil))]
    }
  }

  public func finish() async -> [OutputLine] {
    finished = true
    return []
  }
}
