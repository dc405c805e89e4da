import QuietPlacesUtilities

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
  /// The name of one of the session's checkpoints.
  case checkpoints
  /// Nothing to complete.
  case none
}

/// One REPL command: a parsed value that knows how it reads and what it does.
///
/// A line runs in two steps. ``init(parsing:)`` reads the words after the command's name into a value
/// and throws a ``CommandError`` (usually a usage error) when they are not of the command's form;
/// nothing has changed yet. ``run(in:)`` then does the whole command against the session, or throws
/// and leaves the session as it was. The words a command accepts in one place are ``ArgumentWord``
/// enums, which give its usage, its `help` and its Tab completion from the same cases.
protocol REPLCommand: Sendable {
  /// The command's name.
  static var name: String { get }
  /// Other names that run it.
  static var aliases: [String] { get }
  /// Its forms, for `help` and usage errors.
  static var usage: [String] { get }
  /// One line on what it does.
  static var summary: String { get }
  /// Where `help` lists it.
  static var topic: HelpTopic { get }
  /// Whether a recording holds the line that ran it (`record` and `autoplay` are not held: a
  /// recording holds the ordinary commands autoplay ran).
  static var isRecorded: Bool { get }
  /// What Tab completes after `words` (the arguments typed so far, not counting the command).
  static func completion(after words: [String]) -> ArgumentCompletion
  /// Reads the words after the command's name.
  init(parsing arguments: [String]) throws(CommandError)
  /// Does the command.
  func run(in session: Session) async throws(CommandError) -> [OutputLine]
}

extension REPLCommand {
  static var aliases: [String] { [] }
  static var isRecorded: Bool { true }
  static func completion(after words: [String]) -> ArgumentCompletion { .none }

  /// The usage error for this command: every form it has.
  static func usageError() -> CommandError {
    .usage(command: name, expected: usage.joined(separator: " or "))
  }

  /// No arguments, or the usage error.
  static func expectNoArguments(_ arguments: [String]) throws(CommandError) {
    guard arguments.isEmpty else { throw usageError() }
  }

  /// Refuses a file name typed in quotes: a line's words are split at spaces and quotes are not
  /// read, so `save 'q.json'` would name a file with the quotes in it, and `save "my file.json"` is
  /// two words.
  static func checkFileWords(_ arguments: [String]) throws(CommandError) {
    let typed = arguments.joined(separator: " ")
    guard let quote = typed.first, quote == "'" || quote == "\"", typed.count >= 2, typed.last == quote else {
      return
    }
    throw .quotedFileName(command: name, typed: typed, inside: String(typed.dropFirst().dropLast()))
  }
}

/// A command whose one argument is a file (`load FILE`, `bundle FILE`): it parses that word and
/// Tab completes file names.
protocol FileArgumentCommand: REPLCommand {
  /// The file as the user gave it.
  var path: String { get }
  init(path: String)
}

extension FileArgumentCommand {
  init(parsing arguments: [String]) throws(CommandError) {
    try Self.checkFileWords(arguments)
    guard arguments.count == 1 else { throw Self.usageError() }
    self.init(path: arguments[0])
  }

  static func completion(after words: [String]) -> ArgumentCompletion { words.isEmpty ? .files : .none }
}

/// A closed set of words one argument of a command takes (`on|off`, the store's controls, a sail
/// colour). Its cases, in order, are what usage shows, what Tab completes and what an error lists.
protocol ArgumentWord: CaseIterable, RawRepresentable<String>, Sendable {
  /// What one of these is, for an error: `a sail colour`.
  static var noun: String { get }
  /// What an error says would be right; by default the noun and the list of words.
  static var expectation: String { get }
  /// The value a typed word names, in any letter case; by default the case of that name.
  init?(argument: String)
}

extension ArgumentWord {
  /// Every word, in order.
  static var words: [String] { allCases.map(\.rawValue) }

  /// The words as usage writes them: `on|off`.
  static var alternatives: String { words.joined(separator: "|") }

  /// The words as a sentence lists them: `ivory, apricot or turquoise`.
  static var listed: String { words.joinedAsList("or") }

  /// What an error says would be right: `a sail colour; write ivory, apricot or turquoise`.
  static var expectation: String { "\(noun); write \(listed)" }

  init?(argument: String) {
    self.init(rawValue: argument.lowercased())
  }

  /// The word typed, in any letter case, or the error that names the word meant when one is close
  /// (`aprove`: approve), else lists the right ones.
  init(word: String) throws(CommandError) {
    guard let value = Self(argument: word) else {
      // `—seed` pasted from a chat: the dash named, the word written in ASCII.
      if Self(argument: Lookalike.ascii(word, asOption: true)) != nil,
        let note = Lookalike.note(for: word, asOption: true)
      {
        throw .badArgument(argument: word, expected: "\(Self.noun): \(note)")
      }
      let meant = EditDistance.closest(
        to: word.lowercased(), in: Self.words, within: EditDistance.tolerance(for: word), ignoringCase: false)
      throw .badArgument(
        argument: word, expected: meant.map { "\(Self.noun); did you mean '\($0)'?" } ?? Self.expectation)
    }
    self = value
  }
}

/// `on` or `off`.
enum Switch: String, ArgumentWord {
  case on
  case off

  static let noun = "on or off"
  static var expectation: String { noun }

  /// Whether it is `on`.
  var isOn: Bool { self == .on }
}

/// A command that is a player's action (equipment, scouts, charters, prestige, purchases, supplies,
/// colours, a fresh voyage): what it did goes in the `log`, beside the sailing and store events.
protocol PlayerActionCommand: REPLCommand {}

extension UpgradeCommand: PlayerActionCommand {}
extension HireCommand: PlayerActionCommand {}
extension CharterCommand: PlayerActionCommand {}
extension PrestigeCommand: PlayerActionCommand {}
extension BuyCommand: PlayerActionCommand {}
extension ColourCommand: PlayerActionCommand {}
extension FreshVoyageCommand: PlayerActionCommand {}
