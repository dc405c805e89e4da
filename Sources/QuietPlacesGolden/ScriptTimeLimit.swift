import Synchronization

/// `--timeout`: how long one script may run before it fails, so that one script that never ends
/// cannot hold up the suite.
///
/// The script runs in a task of its own, raced against a timer; whichever ends first gives the result
/// and cancels the other. A script past its time is counted as failed at once (its session stops
/// before its next command) and the run goes on with the next script.
public enum ScriptTimeLimit {
  /// The time limit when `--timeout` is not given, in seconds: forty times the slowest script of the
  /// project's own suite in a debug build, so that only a script that hangs reaches it.
  public static let defaultSeconds = 60

  /// The result of `work`, or what `late` makes when it has not finished within `seconds`.
  static func run<Result: Sendable>(
    seconds: Int, late: @escaping @Sendable () -> Result, _ work: @escaping @Sendable () async -> Result
  ) async -> Result {
    await withCheckedContinuation { (continuation: CheckedContinuation<Result, Never>) in
      let race = Race(continuation)
      race.add(Task { race.finish(await work()) })
      race.add(
        Task {
          try? await Task.sleep(for: .seconds(seconds))
          if !Task.isCancelled { race.finish(late()) }
        })
    }
  }

  /// The first result wins; the tasks of the race are then cancelled.
  private final class Race<Result: Sendable>: Sendable {
    private struct State {
      var continuation: CheckedContinuation<Result, Never>?
      var tasks: [Task<Void, Never>] = []
    }
    private let state: Mutex<State>

    init(_ continuation: CheckedContinuation<Result, Never>) {
      state = Mutex(State(continuation: continuation))
    }

    /// Takes part in the race; cancelled at once when the race is already over.
    func add(_ task: Task<Void, Never>) {
      let over = state.withLock { state in
        state.tasks.append(task)
        return state.continuation == nil
      }
      if over { task.cancel() }
    }

    /// Ends the race with `result` unless it has ended already.
    func finish(_ result: Result) {
      let (continuation, tasks) = state.withLock { state in
        defer { state.continuation = nil }
        return (state.continuation, state.tasks)
      }
      guard let continuation else { return }
      continuation.resume(returning: result)
      for task in tasks { task.cancel() }
    }
  }
}
