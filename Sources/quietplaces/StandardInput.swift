import CEditLine
import QuietPlacesREPL

#if canImport(Glibc)
  import Glibc
#endif

/// Line input for batch mode: the lines of standard input, with no prompt and no history.
///
/// A line is kept only up to one byte past ``InputLimit/maximumBytes``: the rest of a longer one is
/// read and dropped, since the session refuses it whatever it holds, so no line can fill the memory.
///
/// SIGTERM and SIGHUP (a `timeout`, a driver's `terminate()`, a closed terminal) end the input: the
/// line being read and any lines already buffered are not run, a command running finishes, and the
/// session ends as at the end of input, so the app closes and saves. A second such signal ends the
/// process at once.
final class StandardInput: LineInput {
  private var buffer = [UInt8](repeating: 0, count: 65_536)
  private var start = 0
  private var end = 0
  /// Readable once SIGTERM or SIGHUP arrived; -1 when the signals keep their default. Set up at the
  /// first read, so a mode that makes an input but never reads it (a script's `run`) keeps the
  /// signals' default.
  private var wake: Int32 = -1
  private var prepared = false

  @inline(never)  // The C state stays in this file's object (see CEditLine's shim.h).
  private static func prepareSignals() -> Int32 { qp_end_prepare() }

  /// The signal that ended the input (SIGTERM or SIGHUP), or `nil`.
  @inline(never)
  static func endSignal() -> Int32? {
    let signal = qp_end_signal()
    return signal == 0 ? nil : signal
  }

  func readLine(prompt: String, context: CompletionContext) -> LineRead {
    if !prepared {
      prepared = true
      wake = Self.prepareSignals()
    }
    if Self.endSignal() != nil { return .end }
    var bytes: [UInt8] = []
    var readAny = false
    while true {
      if start == end {
        guard fill() else {
          guard readAny else { return .end }
          break
        }
      }
      readAny = true
      let newline = buffer.withUnsafeBytes { raw -> Int? in
        guard let base = raw.baseAddress, let found = memchr(base + start, 0x0A, end - start) else {
          return nil
        }
        return UnsafeRawPointer(found) - base
      }
      let room = InputLimit.maximumBytes + 1 - bytes.count
      if room > 0 { bytes += buffer[start..<min(newline ?? end, start + room)] }
      start = newline.map { $0 + 1 } ?? end
      if newline != nil { break }
    }
    // As Swift's readLine strips them: a line ends at `\n` or `\r\n`.
    if bytes.last == 0x0D { bytes.removeLast() }
    if let text = String(validating: bytes, as: UTF8.self) { return .line(text) }
    // A line over the limit is refused for its length (and was cut, maybe inside a character).
    let shown = String(decoding: bytes, as: UTF8.self)
    return bytes.count > InputLimit.maximumBytes ? .line(shown) : .notUTF8(shown)
  }

  func addHistory(_ line: String) {}

  /// Reads more of standard input into the buffer; false at its end (or on an error that is not an
  /// interruption).
  private func fill() -> Bool {
    while true {
      if Self.endSignal() != nil { return false }
      if wake >= 0 {
        var watched = [
          pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
          pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        if poll(&watched, 2, -1) < 0 && errno == EINTR { continue }
        if Self.endSignal() != nil { return false }
      }
      let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      start = 0
      end = count
      return true
    }
  }
}
