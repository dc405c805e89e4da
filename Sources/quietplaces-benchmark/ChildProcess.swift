import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A child process started with `posix_spawn` and reaped with `wait4`, so its wall time is not
/// rounded to a run loop's polling interval and its own peak memory is known.
struct ChildProcess {
  /// How a run ended.
  struct Outcome {
    /// Wall seconds from spawn to reaped.
    var seconds: Double
    /// The exit status, or -1 when the child did not exit normally.
    var status: Int32
    /// The child's peak resident memory in bytes.
    var peakBytes: Int
    /// CPU seconds the child spent, user and system together.
    var cpuSeconds: Double
  }

  /// Why a child could not be started.
  struct SpawnError: Error, CustomStringConvertible {
    var executable: String
    var code: Int32
    var description: String { "cannot start \(executable): \(String(cString: strerror(code)))" }
  }

  var executable: String
  var arguments: [String]
  /// Variables added to (or replacing those of) this process's environment.
  var environment: [String: String] = [:]
  /// A file read as standard input; `/dev/null` when `nil`.
  var standardInput: String?
  /// A file standard output is written to; `/dev/null` when `nil`.
  var standardOutput: String?

  /// Runs the child to its end.
  func run() throws(SpawnError) -> Outcome {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, standardInput ?? "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, 1, standardOutput ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

    var variables = ProcessInfo.processInfo.environment
    for (name, value) in environment { variables[name] = value }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }

    var pid: pid_t = 0
    let start = Stopwatch.now()
    let code = posix_spawn(&pid, executable, &actions, nil, argv, envp)
    guard code == 0 else { throw SpawnError(executable: executable, code: code) }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let seconds = Double(Stopwatch.now() - start) / 1e9
    let exited = status & 0x7f == 0
    let cpu =
      Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    return Outcome(
      seconds: seconds, status: exited ? (status >> 8) & 0xff : -1, peakBytes: Int(usage.ru_maxrss) * 1024,
      cpuSeconds: cpu)
  }
}
