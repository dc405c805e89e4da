import FoundationEssentials
import QuietPlacesREPL

/// `--save-dir DIR`, shared by the modes that start one session (the REPL and `run`): where the save
/// and the store's account live. One process holds a save folder at a time.
struct SaveFolderOption: OptionGroup, Equatable {
  /// The folder given, or `nil` for the mode's default.
  var path: String?

  static var options: [OptionDeclaration<SaveFolderOption>] {
    [.option("--save-dir", \.path, .path("DIR"), help: "keep the save and the store's account in DIR")]
  }

  /// The folder's lock for this process, or `nil` after printing who holds it.
  static func lock(_ folder: URL, _ context: ProgramContext) -> SaveFolderLock? {
    do {
      return try SaveFolderLock.acquire(folder)
    } catch {
      context.printError(OutputLine.errorText(error.description))
      return nil
    }
  }

  /// A fresh, empty folder under the system's temporary folder; the caller removes it.
  static func temporaryFolder() -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "quietplaces-run-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}
