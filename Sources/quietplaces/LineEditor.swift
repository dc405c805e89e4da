import CEditLine
import FoundationEssentials
import QuietPlacesREPL
import QuietPlacesUtilities

#if canImport(Glibc)
  import Glibc
#endif

/// Line input on a terminal through libedit: a prompt, line editing, a persistent history and
/// Tab completion.
///
/// libedit's readline emulation is one per process, so make one `LineEditor` per process and only
/// when standard input is a terminal (`StandardInput` serves batch mode).
///
/// - Ctrl-C discards the line being typed and gives `.interrupted`; the caller shows a fresh prompt.
///   Between lines (while a command runs) it asks the command to stop where it can (`autoplay`),
///   once `prepareProcess()` has run. Before the editor is made, it ends the process.
/// - Ctrl-D on an empty line gives `.end`.
/// - Tab asks the completion provider about the blank-separated word before the cursor; a single
///   candidate replaces the word and is followed by a space (nothing after a directory's `/`),
///   several are shown as libedit does (their common prefix first, the list on a second Tab).
final class LineEditor: LineInput {
  /// How many lines the history keeps, in memory and in its file, unless told otherwise.
  static let defaultHistoryLimit = 1_000

  /// Where the history lives: `$QUIETPLACES_HISTORY`, else `~/.quietplaces_history`; `nil` when
  /// neither is known.
  static func historyPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
    if let path = environment["QUIETPLACES_HISTORY"], !path.isEmpty {
      return path
    }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return (home.hasSuffix("/") ? home : home + "/") + ".quietplaces_history"
  }

  /// Makes Ctrl-C reach the thread that reads a line, wherever the kernel delivers it; between
  /// lines it does nothing. Call it first thing in `main`, before the program starts any thread:
  /// the threads started later inherit SIGINT blocked.
  ///
  /// Never inlined, like ``readLine(prompt:context:)``: the C helpers keep the state they share in
  /// a `static`, one copy per object file that calls them, and an optimised build that inlined this
  /// into another file installed a handler reading a copy `qp_readline` never set (Ctrl-C then did
  /// nothing).
  @inline(never)
  static func prepareProcess() {
    qp_el_prepare_sigint()
  }

  /// From now on Ctrl-C discards the line being typed, or asks the command that runs to stop;
  /// until a line editor is made (and in a mode that never makes one: `simulate`, `test`), it ends
  /// the process as it does without a terminal, unless ``stopRunOnSignals()`` asked otherwise.
  @inline(never)
  private static func beginEditing() {
    qp_el_begin_editing()
  }

  /// From now on, while no line editor exists, the first Ctrl-C (or `kill -INT`) or SIGTERM, with or
  /// without a terminal, asks a long run to stop where it can (``runStopSignal()``); a second one
  /// ends the process.
  @inline(never)
  static func stopRunOnSignals() {
    qp_el_stop_run_on_signals()
  }

  /// The signal that asked the run to stop since ``stopRunOnSignals()``, or `nil`.
  @inline(never)
  static func runStopSignal() -> Int32? {
    let signal = qp_el_stop_signal()
    return signal == 0 ? nil : signal
  }

  /// The signal that ended the session (SIGTERM, or SIGHUP when the terminal closed), or `nil`: the
  /// line being read gives `.end`, so the session ends as at Ctrl-D (the app closes, which saves).
  @inline(never)
  static func endSignal() -> Int32? {
    let signal = qp_end_signal()
    return signal == 0 ? nil : signal
  }

  /// Whether Ctrl-C was pressed while a command ran, since the last call (see ``prepareProcess()``).
  @inline(never)
  func takeStopRequest() -> Bool {
    qp_el_take_stop_request() != 0
  }

  /// Shows `text` on the terminal's current line as a passing status, written to standard error
  /// when that is the terminal (so that output piped elsewhere never holds it); `nil` clears it.
  /// The text is cut to the terminal's width: a line that wrapped could not be rewritten in place.
  func showProgress(_ text: String?) {
    TerminalStatus.show(text)
  }

  private var endSignalsPrepared = false
  private let historyPath: String?
  private var lastHistoryLine: String?
  private var reportedHistoryFailure = false

  /// Sets up libedit for this process and loads the history.
  ///
  /// - Parameters:
  ///   - historyPath: the history file, read now and rewritten after each line added; `nil` keeps
  ///     the history in memory only.
  ///   - completion: proposes the candidates for Tab; `nil` makes Tab do nothing.
  ///   - historyLimit: how many lines the history keeps.
  ///   - name: the program name that `~/.editrc` lines can be scoped to (`name:bind …`).
  init(
    historyPath: String?, completion: (any CompletionProvider)?,
    historyLimit: Int = LineEditor.defaultHistoryLimit, name: String = "quietplaces"
  ) {
    Self.setUpLocale()
    Self.beginEditing()
    self.historyPath = historyPath
    lineEditorCompletionProvider = completion
    _ = qp_el_initialize(name, completeWord)
    stifle_history(Int32(clamping: max(historyLimit, 1)))
    if let historyPath {
      // A missing file is a first run; anything else shows when the history is written.
      _ = read_history(historyPath)
    }
    lastHistoryLine = qp_el_last_history().map { String(cString: $0) }
  }

  @inline(never)  // See prepareProcess(): the C calls stay in this file's object.
  func readLine(prompt: String, context: CompletionContext) -> LineRead {
    // At the first read, not at the start of the process: a mode that never reads a line (a sweep
    // started from a terminal) keeps the signals' default.
    if !endSignalsPrepared {
      endSignalsPrepared = true
      qp_el_prepare_end_signals()
    }
    if Self.endSignal() != nil { return .end }
    lineEditorCompletionContext = context
    var status = QP_EL_LINE
    guard let line = qp_readline(prompt, &status) else {
      if Self.endSignal() != nil {
        print("")
        return .end
      }
      // Leave the cursor on a fresh line: after the discarded text, or after the prompt on exit.
      print(status == QP_EL_INTERRUPTED ? "^C" : "")
      if status != QP_EL_INTERRUPTED { endFailure = Self.unreadableTerminal() }
      return status == QP_EL_INTERRUPTED ? .interrupted : .end
    }
    defer { free(line) }
    guard let text = String(validatingCString: line) else { return .notUTF8(String(cString: line)) }
    return .line(text)
  }

  /// Why the terminal ended the input, when it was not Ctrl-D: this process is not in the
  /// terminal's foreground (started by `timeout` without `--foreground`, or with `&`), so every read
  /// fails; `nil` otherwise.
  private(set) var endFailure: String?

  private static func unreadableTerminal() -> String? {
    let foreground = tcgetpgrp(STDIN_FILENO)
    guard foreground >= 0, foreground != getpgrp() else { return nil }
    return "the terminal could not be read: this process is not in its foreground (a job in the background, "
      + "or started by timeout without --foreground); run it in the foreground, or with timeout --foreground"
  }

  /// Adds `line` to the history and writes the history file; blank lines and a repeat of the
  /// line before are not kept.
  func addHistory(_ line: String) {
    guard !line.allSatisfy(\.isWhitespace), line != lastHistoryLine else { return }
    _ = add_history(line)
    lastHistoryLine = line
    guard let historyPath else { return }
    let error = write_history(historyPath)
    if error != 0 && !reportedHistoryFailure {
      reportedHistoryFailure = true
      let reason = String(cString: strerror(error))
      let warning = "warning: cannot write the history to \(historyPath.fromOutside): \(reason)\n"
      _ = warning.withCString { Glibc.write(2, $0, strlen($0)) }
    }
  }

  /// Takes the character set from the environment so that UTF-8 input works, falling back to
  /// C.UTF-8 when the environment names none; numbers keep the C format.
  private static func setUpLocale() {
    setlocale(LC_ALL, "")
    if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset) != "UTF-8" {
      setlocale(LC_CTYPE, "C.UTF-8")
    }
    setlocale(LC_NUMERIC, "C")
  }
}

/// The provider behind Tab.
///
/// libedit's readline emulation keeps one completion function per process and calls it only from
/// inside `readline`, on the thread that reads; `LineEditor.init` sets this before the first read.
nonisolated(unsafe) private var lineEditorCompletionProvider: (any CompletionProvider)?

/// The session's names for Tab during the read in progress; `readLine` sets it before `readline`,
/// on the same thread as the completion function reads it.
nonisolated(unsafe) private var lineEditorCompletionContext = CompletionContext()

/// libedit's completion function: `text` is the word before the cursor, `end` the cursor's offset
/// in characters. Returns readline's match list (the replacement for the word, then each candidate,
/// then NULL) in memory libedit frees, or NULL when there is no candidate.
private func completeWord(
  _ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32
) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
  guard let provider = lineEditorCompletionProvider, let text else {
    qp_el_completion_done(0)
    return nil
  }
  let word = String(cString: text)
  let buffer = qp_el_line_buffer().map { String(cString: $0) } ?? ""
  let cursor = min(max(Int(end), 0), buffer.unicodeScalars.count)
  let line = String(String.UnicodeScalarView(buffer.unicodeScalars.prefix(cursor)))

  var seen = Set<String>()
  let candidates = provider.completions(for: line, context: lineEditorCompletionContext).filter {
    !$0.isEmpty && seen.insert($0).inserted
  }
  guard let first = candidates.first else {
    qp_el_completion_done(0)
    return nil
  }
  let replacement: String
  if candidates.count == 1 {
    replacement = first
    qp_el_completion_done(first.hasSuffix("/") ? 0 : Int32(UInt8(ascii: " ")))
  } else {
    let common = commonPrefix(of: candidates)
    replacement = common.hasPrefix(word) ? common : word
    qp_el_completion_done(Int32(UInt8(ascii: " ")))
  }

  let entries = [replacement] + candidates
  let matches = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>(
    OpaquePointer(malloc((entries.count + 1) * MemoryLayout<UnsafeMutablePointer<CChar>?>.stride)))
  guard let matches else { return nil }
  for (index, entry) in entries.enumerated() {
    matches[index] = strdup(entry)
  }
  matches[entries.count] = nil
  return matches
}

/// The longest run of whole characters that every string starts with.
private func commonPrefix(of strings: [String]) -> String {
  guard let first = strings.first else { return "" }
  var prefix = Substring(first)
  for string in strings.dropFirst() {
    let shared = zip(prefix, string).prefix { $0 == $1 }.count
    prefix = prefix.prefix(shared)
  }
  return String(prefix)
}
