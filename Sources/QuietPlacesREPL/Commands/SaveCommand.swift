import FoundationEssentials
import QuietPlacesStore

/// `save [FILE]`: write the game to the save folder, or a copy to FILE.
struct SaveCommand: REPLCommand {
  static let name = "save"
  static let usage = ["save [FILE]"]
  static let summary = "save the game now (atomically), or write a copy to FILE for a bug report"
  static let topic = HelpTopic.files

  /// Where to write a copy, or `nil` for the save folder.
  let path: String?

  init(parsing arguments: [String]) throws(CommandError) {
    try Self.checkFileWords(arguments)
    guard arguments.count <= 1 else { throw Self.usageError() }
    path = arguments.first
  }

  static func completion(after words: [String]) -> ArgumentCompletion { words.isEmpty ? .files : .none }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    try session.requireOpen(Self.name)
    guard let path else {
      do {
        try await session.device.saveNow()
      } catch {
        throw CommandError(error, command: Self.name)
      }
      return [.info("Saved to the save folder (\(FileSaveStorage.fileName)).")]
    }
    guard let save = await session.device.currentSave() else { throw .appClosed(command: Self.name) }
    let data: Data
    do {
      data = try SaveCodec.encode(save)
    } catch {
      throw .file(path: path, reason: "the game could not be encoded")
    }
    try session.writeFile(data, to: path)
    guard let changes = session.device.changedRules?.changes else {
      return [.info("Saved a copy to \(path).")]
    }
    return .info([
      "Saved a copy to \(path).",
      "note: a save carries no balance, so \(path) loads under the loading session's rules, not this game's "
        + "changes (\(changes.joined(separator: ", "))); bundle FILE keeps them.",
    ])
  }
}

extension SaveCommand: HelpDetails {
  /// What a file already at FILE must be for the copy to replace it.
  static var helpDetails: [String] {
    ["  a file already at FILE is replaced only when it is empty, a Quiet Places save or a device bundle"]
  }
}
