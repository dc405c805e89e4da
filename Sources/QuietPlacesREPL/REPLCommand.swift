/// The groups `help` lists commands under.
enum HelpTopic: String, CaseIterable {
  case time = "Time and lifecycle"
  case play = "Play"
  case store = "Store (app side)"
  case simulation = "Simulated App Store and faults"
  case files = "Files and introspection"
}

/// What Tab completes after the words typed so far.
enum ArgumentCompletion: Equatable {
  /// One of these words.
  case words([String])
  /// A file name.
  case files
  /// Nothing to complete.
  case none
}

/// One REPL command: its name, how it reads, and what it does.
///
/// Validation happens before anything changes: `run` either throws a ``CommandError`` and leaves the
/// session as it was, or does the whole command.
protocol REPLCommand: Sendable {
  /// The command's name.
  static var name: String { get }
  /// Other names that run it.
  static var aliases: [String] { get }
  /// Its forms, for `help`.
  static var usage: [String] { get }
  /// One line on what it does.
  static var summary: String { get }
  /// Where `help` lists it.
  static var topic: HelpTopic { get }
  /// What Tab completes after `words` (the arguments typed so far, not counting the command).
  static func completion(after words: [String]) -> ArgumentCompletion
  /// Runs it.
  static func run(_ arguments: [String], in session: Session) async throws(CommandError) -> [String]
}

extension REPLCommand {
  static var aliases: [String] { [] }
  static func completion(after words: [String]) -> ArgumentCompletion { .none }

  /// The usage error for this command.
  static func usageError() -> CommandError {
    .usage(command: name, expected: usage.joined(separator: " or "))
  }
}
