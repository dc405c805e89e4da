import FoundationEssentials
import QuietPlacesREPL
import QuietPlacesUtilities

#if canImport(Glibc)
  import Glibc
#endif

/// Pending scripts, as insta keeps pending snapshots: `NAME.qp.new` beside `NAME.qp`, holding the
/// script as `--update` would have rewritten it. `--update=pending` writes them instead of rewriting
/// (and `--update` writes one when the script was edited while it ran); `test` lists those it sees;
/// `test --accept [PATH…]` moves each over its script, `test --reject [PATH…]` removes them. A script
/// is never rewritten behind its author's back.
public enum PendingFiles {
  /// What ends a pending file's name, after the script's own.
  public static let suffix = ".new"

  /// What to do with the pending files found.
  public enum Action: Sendable, Equatable {
    /// Move each over its script.
    case accept
    /// Remove each.
    case reject
  }

  /// The pending file of the script at `url`.
  public static func url(for script: URL) -> URL {
    URL(fileURLWithPath: script.path + suffix)
  }

  /// The pending files under `paths` (empty: `Scripts/`): a folder's, recursively; a script's
  /// (`NAME.qp` names its `NAME.qp.new`); a pending file given itself. Sorted by printed path.
  public static func find(paths: [String], currentDirectory: URL) -> [ScriptFile] {
    let manager = FileManager.default
    var found: [String: ScriptFile] = [:]
    for given in paths.isEmpty ? ["Scripts"] : paths {
      let url =
        given.hasPrefix("/") ? URL(fileURLWithPath: given) : currentDirectory.appendingPathComponent(given)
      var isFolder: Bool = false
      if manager.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder {
        let base = given == "." ? "" : (given.hasSuffix("/") ? given : given + "/")
        for file in FolderWalk(folder: url, suffix: ".qp" + suffix, reportsDangling: { _ in false }).files {
          found[base + file.relative] = ScriptFile(url: file.url, path: base + file.relative)
        }
      } else if given.hasSuffix(".qp" + suffix), manager.fileExists(atPath: url.path) {
        found[given] = ScriptFile(url: url, path: given)
      } else if given.hasSuffix(".qp"), manager.fileExists(atPath: url.path + suffix) {
        found[given + suffix] = ScriptFile(url: self.url(for: url), path: given + suffix)
      }
    }
    return found.values.sorted { $0.path < $1.path }
  }

  /// The lines `test` prints about the pending files it sees: one a file, then how to resolve them.
  public static func listing(_ files: [ScriptFile]) -> [String] {
    guard !files.isEmpty else { return [] }
    let count = files.count == 1 ? "1 pending file" : "\(files.count) pending files"
    return files.map { "pending \($0.path)" } + [
      "\(count): quietplaces test --accept applies, --reject removes (both take PATHs, default Scripts/)"
    ]
  }

  /// Accepts or rejects every pending file under `paths`, printing one line a file and a count;
  /// returns the exit status (1 when one could not be done).
  public static func resolve(
    _ action: Action, paths: [String], currentDirectory: URL, print: (String) -> Void
  ) -> Int32 {
    let files = find(paths: paths, currentDirectory: currentDirectory)
    let verb = action == .accept ? "accepted" : "rejected"
    guard !files.isEmpty else {
      let places = paths.isEmpty ? "Scripts/" : paths.joined(separator: ", ")
      print("no pending files under \(places); nothing \(verb)")
      return 0
    }
    var done = 0
    var status: Int32 = 0
    for file in files {
      let script = String(file.path.dropLast(suffix.count))
      let target = URL(fileURLWithPath: String(file.url.path.dropLast(suffix.count)))
      let failed: Bool
      switch action {
      case .accept: failed = rename(file.url.path, target.path) != 0
      case .reject: failed = unlink(file.url.path) != 0
      }
      if failed {
        let reason = String(cString: strerror(errno))
        print(
          OutputLine.errorText("\(file.path) cannot be \(verb) (\(reason)); check the folder's permissions"))
        status = 1
      } else {
        print("\(verb) \(action == .accept ? script : file.path)")
        done += 1
      }
    }
    print("\(done) \(verb)")
    return status
  }
}
