import FoundationEssentials
import QuietPlacesUtilities

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a session to a `.qp` file as it goes, for `record FILE` … `record stop`.
///
/// Each command is appended as `> command` followed by its output lines and written straight to the
/// file, so a session that dies still leaves what it did. A recorded file is a golden script that
/// `quietplaces test` passes unchanged when replayed from the same starting state.
public final class TranscriptRecorder {
  /// Why the file could not be written.
  public struct WriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file being recorded to.
    public var path: String
    /// What went wrong, from the file system.
    public var reason: String

    /// One sentence: what went wrong, and what would be right.
    public var description: String {
      "cannot record to \(path) (\(reason)); choose a file in a folder you can write to"
    }
  }

  /// The file being recorded to.
  public let url: URL
  /// The open file's descriptor, or `nil` once stopped.
  private var handle: Int32?
  /// The bytes of the file that hold whole records: a failed write is cut back to here, so the file
  /// never ends mid-line.
  private var length: off_t = 0

  /// Starts recording to `url`, replacing the file, or adding to its end when `appending` is true.
  ///
  /// - Parameter header: comment lines written first (each should start with `#`).
  public init(url: URL, appending: Bool = false, header: [String] = []) throws(WriteError) {
    self.url = url
    if let problem = FileKind(of: url).problem {
      throw WriteError(path: url.path, reason: problem)
    }
    var prefix = ""
    // Only the last byte is read: a transcript added to for months may be large.
    if appending {
      let reader = open(url.path, O_RDONLY | O_CLOEXEC)
      if reader >= 0 {
        defer { close(reader) }
        let end = lseek(reader, 0, SEEK_END)
        var last: UInt8 = 0
        if end > 0, pread(reader, &last, 1, end - 1) == 1, last != UInt8(ascii: "\n") { prefix = "\n" }
      }
    }
    let flags = O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | (appending ? 0 : O_TRUNC)
    let descriptor = open(url.path, flags, 0o644)
    guard descriptor >= 0 else {
      throw WriteError(path: url.path, reason: String(cString: strerror(errno)).lowercased())
    }
    handle = descriptor
    length = lseek(descriptor, 0, SEEK_END)
    try write(prefix + header.map { $0 + "\n" }.joined())
  }

  /// Records to an already open descriptor (a device that refuses writes, in tests); the recorder
  /// owns it from now on.
  init(descriptor: Int32, url: URL) {
    self.url = url
    handle = descriptor
  }

  deinit {
    if let handle { close(handle) }
  }

  /// Appends one command and its output.
  ///
  /// Blank lines at the end of the output are left out: a script does not compare them, and a blank
  /// line between blocks is only a separator.
  public func record(command: String, output: [String]) throws(WriteError) {
    var output = output
    while let last = output.last, last.allSatisfy({ $0 == " " || $0 == "\t" }) { output.removeLast() }
    let lines = ["> " + command] + output
    try write(lines.map { $0 + "\n" }.joined())
  }

  /// Stops recording and closes the file; later calls to ``record(command:output:)`` do nothing.
  public func stop() throws(WriteError) {
    guard let handle else { return }
    self.handle = nil
    guard close(handle) == 0 else {
      throw WriteError(path: url.path, reason: String(cString: strerror(errno)).lowercased())
    }
  }

  /// Whether the recorder is still writing.
  public var isRecording: Bool { handle != nil }

  /// Writes `text` whole. When the file system refuses part of it (a full disk, a file size
  /// limit), the file is cut back to its last whole record and closed, and the error says why:
  /// the recording has ended.
  private func write(_ text: String) throws(WriteError) {
    guard let handle, !text.isEmpty else { return }
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let count = bytes.withUnsafeBytes { Glibc.write(handle, $0.baseAddress!, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        let reason = count == 0 ? "nothing was written" : String(cString: strerror(errno)).lowercased()
        _ = ftruncate(handle, length)
        close(handle)
        self.handle = nil
        throw WriteError(path: url.path, reason: reason)
      }
      bytes = bytes.dropFirst(count)
    }
    length += off_t(text.utf8.count)
  }
}
