import FoundationEssentials

/// The file names that complete `partial`, for the commands that take a file (`load`, `save`,
/// `record`, `run`).
///
/// Each candidate is `partial`'s folder part followed by a matching name; folders end in `/`.
/// Hidden names are proposed only when the typed name starts with a dot. A leading `~/` stands for
/// the home folder and is kept in the candidates. Candidates are sorted; an unreadable folder gives
/// none.
///
/// - Parameters:
///   - partial: the word being typed, e.g. `saves/bug-1` or an empty string.
///   - directory: the folder that relative paths start from (the current one unless told).
public func fileNameCompletions(
  for partial: String, relativeTo directory: String = FileManager.default.currentDirectoryPath
) -> [String] {
  let folderPart: String
  let namePrefix: String
  if let slash = partial.lastIndex(of: "/") {
    folderPart = String(partial[...slash])
    namePrefix = String(partial[partial.index(after: slash)...])
  } else {
    folderPart = ""
    namePrefix = partial
  }

  let folder: String
  if folderPart.hasPrefix("/") {
    folder = folderPart
  } else if folderPart.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] {
    folder = home + "/" + folderPart.dropFirst(2)
  } else {
    folder = directory + "/" + (folderPart.isEmpty ? "." : folderPart)
  }

  let fileManager = FileManager.default
  guard let names = try? fileManager.contentsOfDirectory(atPath: folder) else { return [] }
  return names.filter { name in
    name.hasPrefix(namePrefix) && (namePrefix.hasPrefix(".") || !name.hasPrefix("."))
  }
  .sorted()
  .map { name in
    var isFolder: Bool = false
    let exists = fileManager.fileExists(
      atPath: folder + "/" + name, isDirectory: &isFolder)
    return folderPart + name + (exists && isFolder ? "/" : "")
  }
}
