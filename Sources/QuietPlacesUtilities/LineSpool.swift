import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// Lines kept in order on disk rather than in memory, for output that grows with a run's length
/// (`explore --format jsonl` prints one record per run, and an exploration of hours plays millions),
/// to be read back once, in order, when the run ends.
///
/// The file is a temporary one, removed as soon as it is made (only its descriptor holds it), so
/// nothing is left behind however the process ends. When no such file can be made or written (no
/// temporary folder, a full disk), the lines are kept in memory instead: nothing is lost, only the
/// memory it saved.
public final class LineSpool {
  /// The open, already removed file; `nil` once the lines went to memory.
  private var descriptor: Int32?
  /// The bytes written to the file.
  private var length: off_t = 0
  /// The lines kept in memory, when the file could not take them.
  private var kept: [String] = []
  /// How many lines were added.
  public private(set) var count = 0

  /// A spool in `folder` (by default `$TMPDIR`, else `/tmp`).
  public init(in folder: String? = nil) {
    let place =
      folder ?? ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template =
      Array((place.hasSuffix("/") ? place : place + "/").utf8CString.dropLast())
      + Array(".quietplaces-spool-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard made >= 0 else { return }
    _ = fcntl(made, F_SETFD, FD_CLOEXEC)
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    descriptor = made
  }

  deinit {
    if let descriptor { close(descriptor) }
  }

  /// Adds `line` (without its line break).
  public func append(_ line: String) {
    count += 1
    guard let descriptor else {
      kept.append(line)
      return
    }
    var bytes = Array(line.utf8)
    bytes.append(0x0A)
    var written = 0
    while written < bytes.count {
      let result = bytes[written...].withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, length) }
      if result < 0 && errno == EINTR { continue }
      guard result > 0 else {
        // The file took what it could: the lines so far are read back into memory, this one too.
        moveToMemory(andAppend: line)
        return
      }
      written += result
      length += off_t(result)
    }
  }

  /// Every line added, in order, handed to `body` one at a time.
  public func forEach(_ body: (String) -> Void) {
    if let descriptor {
      var offset: off_t = 0
      var pending: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      while offset < length {
        let read = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
        if read < 0 && errno == EINTR { continue }
        guard read > 0 else { break }
        offset += off_t(read)
        var start = 0
        for index in 0..<read where chunk[index] == 0x0A {
          pending += chunk[start..<index]
          body(String(decoding: pending, as: UTF8.self))
          pending.removeAll(keepingCapacity: true)
          start = index + 1
        }
        pending += chunk[start..<read]
      }
    }
    kept.forEach(body)
  }

  /// Reads the whole lines the file holds into memory, adds `line`, and keeps every later line in
  /// memory (a line the file took only part of is `line` itself).
  private func moveToMemory(andAppend line: String) {
    var lines: [String] = []
    forEach { lines.append($0) }
    if let descriptor { close(descriptor) }
    descriptor = nil
    kept = lines + [line]
  }
}
