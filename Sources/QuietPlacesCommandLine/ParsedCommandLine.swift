/// What the command line asks for.
public enum ParsedCommandLine {
  /// Run this mode.
  case mode(any CommandLineMode)
  /// Print this help (`--help` or `-h`).
  case help([String])
  /// Print this version (`--version`).
  case version(String)
}
