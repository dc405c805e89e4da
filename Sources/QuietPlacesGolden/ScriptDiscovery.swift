import FoundationEssentials
import QuietPlacesUtilities

/// Finds the `.qp` scripts that PATHs name (default `Scripts/`): files as given, folders searched
/// recursively (hidden files and folders skipped, symbolic links to files and folders followed; see
/// ``FolderWalk``), sorted by the path they are printed with; and chooses the ones a run covers. A
/// script named twice (`Scripts/a.qp ./Scripts/a.qp`, a folder and a file in it, a symbolic link)
/// runs once, under the first name it was given by. A link whose target does not exist, or a folder
/// that cannot be read, is an error result of its own.
public struct ScriptDiscovery: Sendable {
  /// Files or folders; empty means `Scripts/`.
  public var paths: [String]
  /// The folder relative paths are resolved against.
  public var currentDirectory: URL

  /// Finds the scripts under `paths`, relative to `currentDirectory`.
  public init(
    paths: [String], currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  ) {
    self.paths = paths
    self.currentDirectory = currentDirectory
  }

  /// The scripts the PATHs name, sorted by printed path, and a failed result for each PATH that does
  /// not exist, each link whose target does not exist and each folder that cannot be read.
  public func discover() -> (files: [ScriptFile], problems: [ScriptResult]) {
    let manager = FileManager.default
    var files: [String: ScriptFile] = [:]
    var problems: [ScriptResult] = []
    // The real path of each script found, so one file reached by two paths runs once.
    var seen: Set<String> = []
    func add(_ file: ScriptFile) {
      guard seen.insert(FolderWalk.realPath(file.url) ?? file.url.standardizedFileURL.path).inserted else {
        return
      }
      files[file.path] = file
    }
    // A problem met twice (a dangling link given and found in a folder given) is reported once.
    func report(_ path: String, _ message: String) {
      guard !problems.contains(where: { $0.path == path }) else { return }
      problems.append(ScriptResult(path: path, outcome: .error(message)))
    }
    for given in paths.isEmpty ? ["Scripts"] : paths {
      let url =
        given.hasPrefix("/") ? URL(fileURLWithPath: given) : currentDirectory.appendingPathComponent(given)
      var isFolder: Bool = false
      guard manager.fileExists(atPath: url.path, isDirectory: &isFolder) else {
        let message =
          if let target = try? manager.destinationOfSymbolicLink(atPath: url.path) {
            "\(given): a symbolic link to \(target), which does not exist; point it at a script or a "
              + "folder of them, or pass another path"
          } else if paths.isEmpty {
            "\(given): no Scripts folder here; run where Scripts/ is, or pass files or folders"
          } else {
            "\(given): no such file or folder; pass a .qp file or a folder of them"
          }
        report(given, message)
        continue
      }
      guard isFolder else {
        add(ScriptFile(url: url, path: given))
        continue
      }
      let base = given == "." ? "" : (given.hasSuffix("/") ? given : given + "/")
      // A dangling link whose name could be a script's or a folder's (no extension) may hide scripts.
      let walk = FolderWalk(folder: url, suffix: ".qp") { $0.hasSuffix(".qp") || !$0.contains(".") }
      for found in walk.files {
        add(ScriptFile(url: found.url, path: base + found.relative))
      }
      for problem in walk.problems {
        let path = problem.relative.isEmpty ? given : base + problem.relative
        report(path, "\(path): \(problem.message)")
      }
    }
    return (files.values.sorted { $0.path < $1.path }, problems)
  }

  /// The scripts a run covers, without running anything: those whose path contains `filter`, and
  /// of those the ones in `shard`.
  public func select(filter: String?, shard: Shard?) -> ScriptSelection {
    let (files, allProblems) = discover()
    let found = files.filter { file in filter.map { file.path.contains($0) } ?? true }
    let scripts = found.enumerated().filter { shard?.contains($0.offset) ?? true }.map(\.element)
    let firstShard = (shard?.index ?? 0) == 0
    let problems = firstShard ? allProblems.sorted { $0.path < $1.path } : []
    var emptyError: String?
    if found.isEmpty && allProblems.isEmpty {
      if let filter, !files.isEmpty {
        emptyError = "no script path contains '\(filter)'; check the --filter text"
      } else {
        let places = paths.isEmpty ? "Scripts" : paths.joined(separator: ", ")
        emptyError = "no .qp scripts found in \(places); pass files or folders that hold .qp scripts"
      }
    }
    return ScriptSelection(found: found, scripts: scripts, problems: problems, emptyError: emptyError)
  }
}
