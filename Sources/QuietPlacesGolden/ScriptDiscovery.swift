import FoundationEssentials
import QuietPlacesUtilities

/// Finds the `.qp` scripts that PATHs name (default `Scripts/`): files as given, folders searched
/// recursively (hidden files and folders skipped), sorted by the path they are printed with; and
/// chooses the ones a run covers. A script named twice (`Scripts/a.qp ./Scripts/a.qp`, a folder and a
/// file in it, a symbolic link) runs once, under the first name it was given by.
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
  /// not exist.
  public func discover() -> (files: [ScriptFile], problems: [ScriptResult]) {
    let manager = FileManager.default
    var files: [String: ScriptFile] = [:]
    var problems: [ScriptResult] = []
    // The real path of each script found, so one file reached by two paths runs once.
    var seen: Set<String> = []
    func add(_ file: ScriptFile) {
      guard seen.insert(file.url.standardizedFileURL.resolvingSymlinksInPath().path).inserted else { return }
      files[file.path] = file
    }
    for given in paths.isEmpty ? ["Scripts"] : paths {
      let url =
        given.hasPrefix("/") ? URL(fileURLWithPath: given) : currentDirectory.appendingPathComponent(given)
      var isFolder: Bool = false
      guard manager.fileExists(atPath: url.path, isDirectory: &isFolder) else {
        let message =
          paths.isEmpty
          ? "\(given): no Scripts folder here; run where Scripts/ is, or pass files or folders"
          : "\(given): no such file or folder; pass a .qp file or a folder of them"
        problems.append(ScriptResult(path: given, outcome: .error(message)))
        continue
      }
      guard isFolder else {
        add(ScriptFile(url: url, path: given))
        continue
      }
      let base = given == "." ? "" : (given.hasSuffix("/") ? given : given + "/")
      for relative in ((try? manager.subpathsOfDirectory(atPath: url.path)) ?? []).sorted() {
        guard relative.hasSuffix(".qp"),
          !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") })
        else { continue }
        let fileURL = url.appendingPathComponent(relative)
        var isSubfolder: Bool = false
        guard manager.fileExists(atPath: fileURL.path, isDirectory: &isSubfolder), !isSubfolder
        else { continue }
        add(ScriptFile(url: fileURL, path: base + relative))
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
