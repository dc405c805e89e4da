import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// Replaces a file's contents all at once and durably: a reader sees the old file or the new one,
/// never half, and a process killed at any instant leaves one of the two.
///
/// The one way anything here writes a file it must not lose: the save, the simulated store's
/// account, the device clock, a copy of a save, a golden script being updated.
public enum AtomicFile {
  /// Why the file could not be replaced; the previous file is intact.
  public struct WriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file that was to be replaced.
    public var path: String
    /// What went wrong: the step and the file system's reason.
    public var reason: String
    /// What would be right.
    public var advice: String

    /// Makes a write error.
    public init(
      path: String, reason: String, advice: String = "give a path in a folder that exists and is writable"
    ) {
      self.path = path
      self.reason = reason
      self.advice = advice
    }

    /// `cannot write PATH (REASON); give a path in a folder that exists and is writable`. A path of
    /// more than 200 characters is shown by its first 120 and last 60, so the reason and the advice
    /// stay within the printed line.
    public var description: String { "cannot write \(path.pathForMessage) (\(reason)); \(advice)" }
  }

  /// Writes `text` as UTF-8; see ``write(_:to:)-(Data,_)``.
  public static func write(_ text: String, to url: URL) throws(WriteError) {
    try write(Data(text.utf8), to: url)
  }

  /// Writes `data` to a temporary file in the same folder, flushes it, renames it over `url`, then
  /// flushes the folder (unless `flushed` is false: then a process killed at any instant still
  /// leaves the old file or the new one, but only ``flush(_:)`` makes the new one outlast a machine
  /// losing its power). A symbolic link is followed, so the file it names is replaced; an existing
  /// file keeps its permissions. A folder, a device, a pipe or a socket is refused, never replaced.
  /// After a failure no temporary file is left; temporaries of the same file that a killed writer
  /// left are removed first.
  ///
  /// The temporary is created exclusively under an unpredictable name, readable by its owner only
  /// until it is complete, so nothing planted in the folder beforehand can be written through.
  public static func write(_ data: Data, to url: URL, flushed: Bool = true) throws(WriteError) {
    let target = linkFollowed(url)
    if let problem = FileKind(of: target).problem {
      throw WriteError(path: url.path, reason: problem, advice: "give the path of a file")
    }
    let path = target.path
    let (folder, name) = split(path)
    func failure(_ step: String) -> WriteError {
      if errno == ENAMETOOLONG {
        return WriteError(
          path: url.path, reason: "its name is longer than the file system takes (255 bytes a name)",
          advice: "give a shorter name")
      }
      return WriteError(path: url.path, reason: "\(step): \(String(cString: strerror(errno)))")
    }
    var existing = stat()
    let kept: mode_t = stat(path, &existing) == 0 ? existing.st_mode & 0o7777 : newFileMode
    removeLeftovers(inFolder: folder, of: name)
    guard let created = createTemporary(in: folder, for: name) else {
      throw failure("cannot create a file in \(folder)")
    }
    let temporary = created.path
    let descriptor = created.descriptor
    var written = 0
    let ok = data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Bool in
      while written < buffer.count {
        let count = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
        if count < 0 {
          if errno == EINTR { continue }
          return false
        }
        written += count
      }
      return true
    }
    let permitted = ok && fchmod(descriptor, kept) == 0
    guard ok, permitted, !flushed || fsync(descriptor) == 0 else {
      let error = failure(
        !ok
          ? "the disk refused the write"
          : permitted ? "the disk refused to flush the file" : "cannot keep the file's permissions")
      close(descriptor)
      unlink(temporary)
      throw error
    }
    close(descriptor)
    guard rename(temporary, path) == 0 else {
      let error = failure("cannot replace \(name)")
      unlink(temporary)
      throw error
    }
    if flushed { try flushFolder(folder, of: url) }
  }

  /// Waits for the disk to hold the file at `url` as it is, and its folder: what a write with
  /// `flushed: false` left to do. A file that is not there has nothing to flush.
  public static func flush(_ url: URL) throws(WriteError) {
    let path = linkFollowed(url).path
    let file = open(path, O_RDONLY | O_CLOEXEC)
    guard file >= 0 else {
      if errno == ENOENT { return }
      throw WriteError(
        path: url.path, reason: "cannot open it to flush it: \(String(cString: strerror(errno)))")
    }
    let flushedFile = fsync(file) == 0
    close(file)
    guard flushedFile else {
      throw WriteError(
        path: url.path, reason: "the disk refused to flush the file: \(String(cString: strerror(errno)))")
    }
    try flushFolder(split(path).folder, of: url)
  }

  private static func flushFolder(_ folder: String, of url: URL) throws(WriteError) {
    func failure(_ step: String) -> WriteError {
      WriteError(path: url.path, reason: "\(step): \(String(cString: strerror(errno)))")
    }
    let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard directory >= 0 else { throw failure("cannot open the folder \(folder) to flush it") }
    defer { close(directory) }
    guard fsync(directory) == 0 else { throw failure("cannot flush the folder \(folder)") }
  }

  /// `url`, or the file it leads to when it is a symbolic link (a file written through a link
  /// replaces the file, not the link). A folder on the way that is a link needs no resolving: the
  /// temporary and the rename stay in the same folder whatever path leads to it.
  static func linkFollowed(_ url: URL) -> URL {
    var status = stat()
    guard lstat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return url }
    return url.resolvingSymlinksInPath()
  }

  /// An absolute path's folder and last name: `/a/b` is `/a` and `b`, `/b` is `/` and `b`.
  static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let name = String(path[path.index(after: slash)...])
    return (slash == path.startIndex ? "/" : String(path[..<slash]), name)
  }
}
