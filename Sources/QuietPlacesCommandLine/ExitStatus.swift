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
