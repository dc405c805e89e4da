import FoundationEssentials
import QuietPlacesGame
import QuietPlacesStore

/// `load FILE`: a player's save replaces the game; the clock moves to the save's time if it is later.
struct LoadCommand: REPLCommand {
  static let name = "load"
  static let usage = ["load FILE"]
  static let summary = "load a save file (a player's save from a bug report) in place of the game"
  static let topic = HelpTopic.files

  /// The file as the user gave it.
  let path: String

  init(parsing arguments: [String]) throws(CommandError) {
    guard arguments.count == 1 else { throw Self.usageError() }
    path = arguments[0]
  }

  static func completion(after words: [String]) -> ArgumentCompletion { words.isEmpty ? .files : .none }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    let app = try session.requireApp(Self.name)
    let url = URL(fileURLWithPath: path)
    var isFolder: Bool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
      throw .file(
        path: path, reason: "no such file; give the path of a save (.json) written by save or close")
    }
    guard !isFolder, let data = try? Data(contentsOf: url) else {
      throw .file(path: path, reason: "cannot be read; give the path of a save file, not a folder")
    }
    let loaded: AppSave
    do {
      loaded = try SaveCodec.decode(data, file: path, rules: session.rules)
    } catch {
      throw .save(error)
    }
    var save = loaded
    save.game.isOpen = true
    if save.game.clock > session.now {
      session.now = save.game.clock
    } else {
      save.game.clock = session.now
    }
    await app.replace(with: save)
    let game = save.game
    return .info([
      "Loaded \(path): seed \(game.seed), route \(game.route) \(session.rules.routeName(game.route)), clock \(Text.instant(session.now)).",
      "  " + Text.position(game, rules: session.rules),
    ])
  }
}
