import FoundationEssentials
import QuietPlacesREPL
import QuietPlacesUtilities

#if canImport(Glibc)
  import Glibc
#endif

/// Pending scripts, as insta keeps pending snapshots: `NAME.qp.new` beside `NAME.qp`, holding the
/// script as `--update` would have rewritten it, under a first line (``header(script:read:)``) that
/// names the script and its fingerprint when the pending file was written. `--update=pending` writes
/// them instead of rewriting (and `--update` writes one when the script was edited while it ran);
/// `test` lists those it sees; `test --accept [PATH…]` writes each over its script, `test --reject
/// [PATH…]` removes them. A script is never rewritten behind its author's back: `--accept` refuses a
/// pending file whose script changed since it was written, has gone, or is not its script, and one
/// that is not a pending script at all.
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

  /// What starts a pending file's first line.
  static let headerPrefix = "# pending for "

  /// The first line of a pending file: the script's file name and the fingerprint of its bytes when
  /// the pending file was written (``ConfigurationProvenance/fingerprint(of:)``).
  static func header(script name: String, read data: Data) -> String {
    "\(headerPrefix)\(name) (fingerprint \(ConfigurationProvenance.fingerprint(of: data))); "
      + "quietplaces test --accept writes the lines below over it"
  }

  /// Why a pending file cannot be accepted.
  enum AcceptProblem: Error, Equatable {
    /// It does not start with the line `--update` writes.
    case noHeader
    /// It was written for another script (a pending file copied or renamed).
    case otherScript(String)
    /// Its script is not there any more.
    case noScript
    /// Its script changed since it was written.
    case changed
    /// What follows its first line is not a script.
    case notAScript(GoldenScriptError)
    /// It cannot be read.
    case unreadable(String)

    /// One sentence about the pending file `pending` of `script`: what was wrong, what would be right.
    func message(pending: String, script: String) -> String {
      switch self {
      case .noHeader:
        "\(pending) is not a pending file written by quietplaces test --update (its first line is not "
          + "'\(headerPrefix)…'); remove it, or rename it if it is a script"
      case .otherScript(let name):
        "\(pending) was written for \(name), not \(script); run quietplaces test --update=pending \(script) "
          + "for a pending file of its own, and remove this one"
      case .noScript:
        "\(pending) has no script: \(script) does not exist (moved or removed); run the script where it is "
          + "now with --update=pending, or --reject removes this file"
      case .changed:
        "\(script) changed since \(pending) was written from it, so accepting would undo that change; run "
          + "quietplaces test --update=pending \(script) again, or --reject removes this file"
      case .notAScript(let error):
        "\(pending) is not a script after its first line (\(error.description)); --reject removes it"
      case .unreadable(let reason):
        "\(pending) cannot be read (\(reason)); check its permissions"
      }
    }
  }

  /// The text to write over the script at `script` from the pending file at `pending` (printed as
  /// `printed`), once it is checked to be that script's, written from it as it is now, and a script.
  static func acceptedText(pending: URL, printed: String, script: URL) throws(AcceptProblem) -> Data {
    let data: Data
    do {
      data = try Data(contentsOf: pending)
    } catch {
      throw .unreadable(error.readableReason)
    }
    guard let newline = data.firstIndex(of: UInt8(ascii: "\n")) else { throw .noHeader }
    let first = String(decoding: data[..<newline], as: UTF8.self)
    guard first.hasPrefix(headerPrefix), let open = first.firstRange(of: " (fingerprint ") else {
      throw .noHeader
    }
    let name = String(first[first.index(first.startIndex, offsetBy: headerPrefix.count)..<open.lowerBound])
    guard name == script.lastPathComponent else { throw .otherScript(name) }
    guard let current = try? Data(contentsOf: script) else { throw .noScript }
    guard first == header(script: name, read: current) else { throw .changed }
    let body = Data(data[data.index(after: newline)...])
    do {
      _ = try GoldenScript.parse(data: body, path: printed)
    } catch {
      // The body starts on the file's second line, after the header: its line numbers are the file's.
      var atFileLine = error
      atFileLine.line = error.line.map { $0 + 1 }
      throw .notAScript(atFileLine)
    }
    return body
  }

  /// The pending file of the script at `url`.
  public static func url(for script: URL) -> URL {
    URL(fileURLWithPath: script.path + suffix)
  }

  /// What a PATH given to `test`, `--accept` or `--reject` names, as the pending files go.
  private enum GivenPath {
    /// A folder, walked for pending files.
    case folder(URL)
    /// A pending file, given itself.
    case pendingFile(URL)
    /// A script's path whose pending file is there (the script itself may be gone).
    case scriptWithPending(URL)
    /// A script with no pending file.
    case scriptAlone
    /// A file that is neither a script nor a pending file.
    case otherFile
    /// Nothing at that path.
    case missing
  }

  private static func classify(_ given: String, currentDirectory: URL) -> GivenPath {
    let manager = FileManager.default
    let url =
      given.hasPrefix("/") ? URL(fileURLWithPath: given) : currentDirectory.appendingPathComponent(given)
    var isFolder: Bool = false
    let exists = manager.fileExists(atPath: url.path, isDirectory: &isFolder)
    if exists, isFolder { return .folder(url) }
    if given.hasSuffix(".qp" + suffix), exists { return .pendingFile(url) }
    if given.hasSuffix(".qp") {
      if manager.fileExists(atPath: url.path + suffix) { return .scriptWithPending(self.url(for: url)) }
      if exists { return .scriptAlone }
    }
    return exists ? .otherFile : .missing
  }

  /// The pending files under `paths` (empty: `Scripts/`): a folder's, recursively; a script's
  /// (`NAME.qp` names its `NAME.qp.new`); a pending file given itself. Sorted by printed path.
  public static func find(paths: [String], currentDirectory: URL) -> [ScriptFile] {
    var found: [String: ScriptFile] = [:]
    for given in paths.isEmpty ? ["Scripts"] : paths {
      switch classify(given, currentDirectory: currentDirectory) {
      case .folder(let url):
        let base = given == "." ? "" : (given.hasSuffix("/") ? given : given + "/")
        for file in FolderWalk(folder: url, suffix: ".qp" + suffix, reportsDangling: { _ in false }).files {
          found[base + file.relative] = ScriptFile(url: file.url, path: base + file.relative)
        }
      case .pendingFile(let url): found[given] = ScriptFile(url: url, path: given)
      case .scriptWithPending(let url): found[given + suffix] = ScriptFile(url: url, path: given + suffix)
      case .scriptAlone, .otherFile, .missing: break
      }
    }
    return found.values.sorted { $0.path < $1.path }
  }

  /// What is wrong with the paths `--accept` or `--reject` was given, before anything is done: a
  /// path that does not exist (unless it names a script whose pending file does), a file that is
  /// neither a script nor a pending file, or no `Scripts/` folder when no path is given. `nil` when
  /// every path can hold pending files, found or not.
  public static func problem(paths: [String], currentDirectory: URL) -> String? {
    for given in paths.isEmpty ? ["Scripts"] : paths {
      switch classify(given, currentDirectory: currentDirectory) {
      case .folder, .pendingFile, .scriptWithPending, .scriptAlone: continue
      case .otherFile:
        return "\(given) is neither a script nor a pending file; pass a .qp script, its .qp\(suffix) "
          + "or a folder of them"
      case .missing where paths.isEmpty:
        return "\(given): no Scripts folder here; run where Scripts/ is, or pass files or folders"
      case .missing:
        return "\(given): no such file or folder; pass a .qp script, its .qp\(suffix) or a folder of them"
      }
    }
    return nil
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
      case .accept:
        do {
          try AtomicFile.write(
            try acceptedText(pending: file.url, printed: file.path, script: target), to: target)
          failed = unlink(file.url.path) != 0
        } catch let problem as AcceptProblem {
          print(OutputLine.errorText(problem.message(pending: file.path, script: script)))
          status = 1
          continue
        } catch {
          print(
            OutputLine.errorText("\(script) cannot be written (\(error.readableReason)); check its folder"))
          status = 1
          continue
        }
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
