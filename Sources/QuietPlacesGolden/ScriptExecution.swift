import FoundationEssentials
import QuietPlacesREPL
import QuietPlacesUtilities

/// Runs a script's commands in order in a fresh session, with a temporary save folder of its own made
/// before and removed after; a question's answer is simply the next command. The session is then
/// finished, as the end of input finishes it. `quit` finishes it where it stands, as in batch mode
/// (the close's lines, a failed save's, are its output); a command after it is an error.
struct ScriptExecution: Sendable {
  /// Why a script's commands could not run at all.
  enum Failure: Error, Sendable, Equatable {
    /// The temporary save folder cannot be made in `folder`.
    case saveFolder(in: String, reason: String)
    /// The session would not start for the script at `path`.
    case session(path: String, reason: String)
    /// The command on `line` of the script at `path` follows a `quit` (on line `quit`), which ended
    /// the session.
    case afterQuit(path: String, line: Int, quit: Int)

    /// The script's line the failure is at, when it is at one.
    var line: Int? {
      if case .afterQuit(_, let line, _) = self { line } else { nil }
    }

    /// One sentence: what was wrong, and what would be right.
    var message: String {
      switch self {
      case .saveFolder(let folder, let reason):
        "cannot make a temporary save folder in \(folder) (\(reason)); set TMPDIR"
      case .session(let path, let reason):
        "\(path): the session could not start: \(reason)"
      case .afterQuit(let path, let line, let quit):
        "\(path):\(line): quit on line \(quit) ended the session, so this command and those after it "
          + "cannot run; write close to close the app and go on, or end the script at quit"
      }
    }
  }

  /// Where the save folders are made.
  var temporaryDirectory: URL
  /// Makes each script's session from its save folder and the script's own folder.
  var factory: GoldenRunner.ScriptInterpreterFactory

  /// What each of `commands` (a script's, one a block, on the script's `lines`) printed, one list per
  /// block.
  func outputs(
    of commands: [String], lines: [Int], in file: ScriptFile, progress: ScriptProgress = ScriptProgress()
  ) async throws(Failure) -> [[String]] {
    let saveFolder = temporaryDirectory.appendingPathComponent("quietplaces-test-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: saveFolder, withIntermediateDirectories: true)
    } catch {
      throw .saveFolder(in: temporaryDirectory.path, reason: error.readableReason)
    }
    defer { try? FileManager.default.removeItem(at: saveFolder) }
    let interpreter: any LineInterpreter
    do {
      interpreter = try await factory(saveFolder, file.url.deletingLastPathComponent())
    } catch {
      throw .session(path: file.path, reason: "\(error)")
    }
    var outputs: [[String]] = []
    for (index, command) in commands.enumerated() {
      if Task.isCancelled { break }  // past its time limit: the result is no longer wanted
      progress.start(command, line: lines[index])
      outputs.append(await interpreter.execute(command).texts)
      if interpreter.wantsToQuit {
        outputs[index] += await interpreter.finish().texts
        progress.finish(outputs[index])
        if index + 1 < commands.count {
          throw .afterQuit(path: file.path, line: lines[index + 1], quit: lines[index])
        }
        return outputs
      }
      progress.finish(outputs[index])
    }
    await interpreter.finish()
    return outputs
  }
}
