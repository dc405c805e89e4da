import FoundationEssentials
import QuietPlacesStore
import QuietPlacesUtilities

/// `save [FILE]`: write the game to the save folder, or a copy to FILE.
enum SaveCommand: REPLCommand {
  static let name = "save"
  static let usage = ["save [FILE]"]
  static let summary = "save the game now (atomically), or write a copy to FILE for a bug report"
  static let topic = HelpTopic.files

  static func completion(after words: [String]) -> ArgumentCompletion { words.isEmpty ? .files : .none }

  static func run(_ arguments: [String], in session: Session) async throws(CommandError) -> [String] {
    guard arguments.count <= 1 else { throw usageError() }
    let app = try session.requireApp("save")
    guard let path = arguments.first else {
      do {
        try await app.saveNow()
      } catch {
        throw .save(error)
      }
      return ["Saved to the save folder (\(FileSaveStorage.fileName))."]
    }
    let save = await app.save
    let data: Data
    do {
      data = try SaveCodec.encode(save)
    } catch {
      throw .file(path: path, reason: "the game could not be encoded")
    }
    do {
      try AtomicFile.write(data, to: URL(fileURLWithPath: path))
    } catch {
      throw .file(
        path: path, reason: "cannot be written; give a path in a folder that exists and is writable")
    }
    return ["Saved a copy to \(path)."]
  }
}
