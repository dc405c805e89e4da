import Synchronization

/// How far a script's run has got, shared with its time limit (``ScriptTimeLimit``): the transcript
/// so far and the command running, so that a script stopped at its limit is reported with what it
/// printed and the command it was in.
final class ScriptProgress: Sendable {
  /// The command running: its line in the script and its text.
  struct Running: Sendable, Equatable {
    /// The 1-based line of the command.
    var line: Int
    /// The command as written.
    var command: String
  }

  private struct State {
    var transcript: [String] = []
    var running: Running?
  }

  private let state = Mutex(State())

  /// Makes an empty record.
  init() {}

  /// The command on `line` starts.
  func start(_ command: String, line: Int) {
    state.withLock { state in
      state.running = Running(line: line, command: command)
      state.transcript.append("> " + command)
    }
  }

  /// The command running printed `output` and ended.
  func finish(_ output: [String]) {
    state.withLock { state in
      state.running = nil
      state.transcript += output
    }
  }

  /// What the script printed so far, as a transcript.
  var transcript: [String] { state.withLock { $0.transcript } }

  /// The command running now, if one is.
  var running: Running? { state.withLock { $0.running } }
}
