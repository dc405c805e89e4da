import FoundationEssentials
import QuietPlacesUtilities

#if canImport(Glibc)
  import Glibc
#endif

/// The files under a folder whose names end in a suffix, found as `test` finds scripts: recursively,
/// hidden files and folders skipped, symbolic links followed (to files and to folders), and each
/// folder walked once by its real path, so a link back to a folder that holds it is no loop. What it
/// could not follow is said, never passed over: a link whose target does not exist, a folder that
/// cannot be read.
struct FolderWalk: Sendable {
  /// A file found: where it is, and its path relative to the folder walked (through links by their
  /// own names).
  struct Found: Sendable, Equatable {
    /// Where it is.
    var url: URL
    /// The path under the folder walked, `/`-separated.
    var relative: String
  }

  /// Something under the folder that could not be walked.
  struct Problem: Sendable, Equatable {
    /// The path under the folder walked.
    var relative: String
    /// What was wrong, and what would be right.
    var message: String
  }

  /// The files found, sorted by relative path.
  private(set) var files: [Found] = []
  /// Links whose targets do not exist and folders that cannot be read, in the order met.
  private(set) var problems: [Problem] = []

  /// Walks `folder` for the files whose names end in `suffix`; a link whose target does not exist is
  /// a problem when `reportsDangling` says its name could be one of them (or a folder of them).
  init(folder: URL, suffix: String, reportsDangling: (String) -> Bool) {
    var walked: Set<String> = []
    walk(folder, relative: "", suffix: suffix, reportsDangling: reportsDangling, walked: &walked)
    files.sort { $0.relative < $1.relative }
  }

  /// The real path of `url` (links resolved), or `nil` when it does not exist.
  static func realPath(_ url: URL) -> String? {
    guard let resolved = realpath(url.path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  private mutating func walk(
    _ folder: URL, relative: String, suffix: String, reportsDangling: (String) -> Bool,
    walked: inout Set<String>
  ) {
    // A folder reached a second time (through a link, or a link back up to a folder that holds it)
    // holds nothing new.
    guard let real = Self.realPath(folder), walked.insert(real).inserted else { return }
    let manager = FileManager.default
    let names: [String]
    do {
      names = try manager.contentsOfDirectory(atPath: folder.path).sorted()
    } catch {
      problems.append(
        Problem(
          relative: relative,
          message: "cannot be read (\(error.readableReason)); check the folder's permissions"))
      return
    }
    for name in names where !name.hasPrefix(".") {
      let url = folder.appendingPathComponent(name)
      let path = relative.isEmpty ? name : relative + "/" + name
      var isFolder: Bool = false
      guard manager.fileExists(atPath: url.path, isDirectory: &isFolder) else {
        // Only a symbolic link is listed and yet not there: its target is missing.
        if let target = try? manager.destinationOfSymbolicLink(atPath: url.path), reportsDangling(name) {
          problems.append(
            Problem(
              relative: path,
              message:
                "a symbolic link to \(target), which does not exist; point the link at a script or a "
                + "folder of them, or remove it"))
        }
        continue
      }
      if isFolder {
        walk(url, relative: path, suffix: suffix, reportsDangling: reportsDangling, walked: &walked)
      } else if name.hasSuffix(suffix) {
        files.append(Found(url: url, relative: path))
      } else if name.lowercased().hasSuffix(suffix.lowercased()) {
        // `UP.QP` or `a.Qp`: meant as one, but not found as one; a run that passed it over would
        // stay green without running it.
        let renamed = name.dropLast(suffix.count) + suffix
        problems.append(
          Problem(
            relative: path,
            message:
              "its name ends in \(name.suffix(suffix.count)), not \(suffix), so it is not run; rename it "
              + "\(renamed) to run it"))
      }
    }
  }
}
