#if canImport(Glibc)
  import Glibc
#endif

/// How `quietplaces` ends: the process's exit status.
public enum ExitStatus: Int32, Sendable, Equatable {
  /// Everything asked for was done.
  case success = 0
  /// A command, a script, a check or a run failed.
  case failure = 1
  /// The command line, or what it asks for, is wrong: nothing ran.
  case usage = 2
  /// A Ctrl-C stopped a long run before its end (128 + SIGINT, as the shell says of a process the
  /// signal ended); what it played was reported.
  case interrupted = 130
  /// SIGTERM stopped a long run before its end (128 + SIGTERM); what it played was reported.
  case terminated = 143
}

extension ExitStatus {
  /// The status of a long run that `signal` stopped before its end: 130 for Ctrl-C (SIGINT), 143
  /// for SIGTERM.
  static func stopped(by signal: Int32) -> ExitStatus {
    signal == SIGINT ? .interrupted : .terminated
  }

  /// How what a long run says names the signal that stopped it: `Ctrl-C (SIGINT)` or `SIGTERM`.
  static func stopName(_ signal: Int32) -> String {
    signal == SIGINT ? "Ctrl-C (SIGINT)" : "SIGTERM"
  }
}
