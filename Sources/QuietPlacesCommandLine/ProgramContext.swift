import FoundationEssentials
import QuietPlacesREPL
import QuietPlacesUtilities
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Everything a mode reads and writes outside itself: the environment, the input, and where its
/// lines go, so that tests run a mode with scripted input and read what it printed.
///
/// It is the one place the program's lines are written, so every line passes the last guard here:
/// ``print`` and ``printError`` hand on ``PrintedLine/guarded(_:keepingColour:)`` of the line (no
/// control character, at most 2,000 bytes a line), ``printColoured`` the same but for the colour
/// sequences of a line the program painted, on a terminal only, and ``printRecord``
/// ``PrintedLine/record(_:)`` of a JSON record.
public struct ProgramContext: Sendable {
  /// Makes the REPL's input when a mode needs one (a terminal's editor is made only then).
  public typealias InputFactory = @Sendable () -> ProgramInput

  /// The process's environment.
  public var environment: [String: String]
  /// The folder relative paths are resolved against: always a folder's URL (ending in `/`), so a
  /// path resolved against it lands inside it, not beside it.
  public var currentDirectory: URL {
    didSet {
      if !currentDirectory.hasDirectoryPath {
        currentDirectory = URL(fileURLWithPath: currentDirectory.path, isDirectory: true)
      }
    }
  }
  /// Makes the input.
  public var input: InputFactory
  /// Prints one line on standard output.
  public let print: @Sendable (String) -> Void
  /// Prints one line the program coloured on standard output: its colour sequences are kept on a
  /// terminal (escaped elsewhere). Only for a line whose other parts were escaped before it was
  /// painted (``PrintedLine/guarded(_:keepingColour:)``), since a colour sequence from a file would
  /// be kept too.
  public let printColoured: @Sendable (String) -> Void
  /// Prints one JSON record on one line on standard output (a `--jsonl` answer): never cut.
  public let printRecord: @Sendable (String) -> Void
  /// Prints one line on standard error.
  public let printError: @Sendable (String) -> Void
  /// Hands what was printed to the reader now (a program driving the REPL through a pipe).
  public var flush: @Sendable () -> Void
  /// Why standard output stopped taking what is printed (its reader has gone, the disk is full),
  /// once a write or a ``flush`` failed; `nil` while it takes everything.
  public var outputFailure: @Sendable () -> String? = { nil }
  /// Whether standard output is a terminal (diffs may then be coloured).
  public var outputIsTerminal: Bool
  /// The arguments after the program's name, as given (a report shows the command that made it).
  public var arguments: [String] = []
  /// Makes the first Ctrl-C (SIGINT) or SIGTERM ask a long run to stop where it can, and report
  /// what it played, rather than end the process (a second one still ends it); answers which
  /// signal has asked, if one has. By default nothing ever asks.
  public var stopOnSignals: @Sendable () -> (@Sendable () -> Int32?) = { { nil } }

  /// Makes a context that writes lines with `print` and `printError`, each guarded first.
  public init(
    environment: [String: String],
    currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    input: @escaping InputFactory, print: @escaping @Sendable (String) -> Void,
    printError: @escaping @Sendable (String) -> Void, flush: @escaping @Sendable () -> Void = {},
    outputIsTerminal: Bool = false
  ) {
    self.environment = environment
    self.currentDirectory =
      currentDirectory.hasDirectoryPath
      ? currentDirectory : URL(fileURLWithPath: currentDirectory.path, isDirectory: true)
    self.input = input
    self.print = { print(PrintedLine.guarded($0)) }
    self.printColoured = { print(PrintedLine.guarded($0, keepingColour: outputIsTerminal)) }
    self.printRecord = { print(PrintedLine.record($0)) }
    self.printError = { printError(PrintedLine.guarded($0)) }
    self.flush = flush
    self.outputIsTerminal = outputIsTerminal
  }

  /// The process's own: standard output and standard error.
  public static func standard(environment: [String: String], input: @escaping InputFactory) -> ProgramContext
  {
    let failure = Mutex<String?>(nil)
    var context = ProgramContext(
      environment: environment, input: input,
      print: { Swift.print($0) },
      printError: { line in
        let text = line + "\n"
        _ = text.withCString { write(2, $0, strlen($0)) }
      },
      flush: {
        guard fflush(nil) != 0 else { return }
        let reason = Self.outputFailureReason(errno)
        failure.withLock { $0 = $0 ?? reason }
      }, outputIsTerminal: isatty(STDOUT_FILENO) == 1)
    // A failed flush says why; a pipe whose reader has gone says so at once, even when the write
    // that failed was one the buffer made on its own (the flush after it then has nothing to write).
    context.outputFailure = {
      failure.withLock { recorded in
        if recorded == nil { recorded = Self.readerGone(STDOUT_FILENO) }
        return recorded
      }
    }
    return context
  }

  /// Why nothing written to `descriptor` can be read any more, said before a write fails: a pipe
  /// whose reading end is closed, or a terminal that hung up; `nil` otherwise.
  static func readerGone(_ descriptor: Int32) -> String? {
    var watched = pollfd(fd: descriptor, events: 0, revents: 0)
    var status = stat()
    guard poll(&watched, 1, 0) == 1, fstat(descriptor, &status) == 0 else { return nil }
    switch status.st_mode & S_IFMT {
    case S_IFIFO where watched.revents & Int16(POLLERR) != 0: return outputFailureReason(EPIPE)
    case S_IFCHR where watched.revents & Int16(POLLHUP | POLLERR) != 0: return "the terminal has closed"
    default: return nil
    }
  }

  /// Why standard output failed, from the `errno` of its failed write.
  static func outputFailureReason(_ code: Int32) -> String {
    switch code {
    case EPIPE: "its reader has gone: a closed pipe"
    case 0: "it could not be written"
    default: String(cString: strerror(code)).lowercased()
    }
  }
}

extension ProgramContext {
  /// Prints one of a command's output lines: a JSON record (`state --json`) whole, as a program
  /// reads it, every other line as ``print`` does.
  func print(_ line: OutputLine) {
    if case .record = line { printRecord(line.text) } else { print(line.text) }
  }
}
