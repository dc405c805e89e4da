import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// What the process knows about the terminal it runs on.
enum Terminal {
  /// Whether standard input is a terminal: the REPL is interactive, else it runs in batch mode.
  static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

  /// Whether standard output is a terminal.
  static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

  /// Whether output may be coloured: only on a terminal, and never when `NO_COLOR` is set to a
  /// non-empty value (an empty one counts as unset, as https://no-color.org says).
  static func usesColour(
    outputIsTerminal: Bool = Terminal.outputIsTerminal,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Bool {
    outputIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty
  }
}
