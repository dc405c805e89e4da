#if canImport(Glibc)
  import Glibc
#endif

/// A passing status on the current line of standard error, shown only when that is a terminal (so
/// output piped or redirected elsewhere never holds it): the REPL's `autoplay`, `explore` and the
/// sweeps of `simulate` say how far they got with it.
///
/// Each status replaces the last in place, cut to the terminal's width: a line that wrapped onto a
/// second row could not be rewritten, and every update would add a row.
public enum TerminalStatus {
  /// Whether standard error is a terminal, so a status would be seen.
  public static var isShown: Bool { isatty(STDERR_FILENO) == 1 }

  /// The terminal's width in columns, or 80 when it does not say.
  public static var columns: Int {
    var size = winsize()
    guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
  }

  /// What is written to show `text` (`nil` clears the line) on a terminal `columns` wide: a carriage
  /// return, the text cut to one column short of the width (a full row moves some terminals' cursor
  /// to the next), and an erasure of the rest of the row.
  public static func line(_ text: String?, columns: Int) -> String {
    "\r" + String((text ?? "").prefix(max(0, columns - 1))) + "\u{1B}[K"
  }

  /// Shows `text` in place of the last status, or clears it (`nil`), when standard error is a
  /// terminal; does nothing otherwise.
  public static func show(_ text: String?) {
    guard isShown else { return }
    let bytes = line(text, columns: columns)
    _ = bytes.withCString { write(STDERR_FILENO, $0, strlen($0)) }
  }
}
