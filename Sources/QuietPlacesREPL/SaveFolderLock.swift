import FoundationEssentials
import QuietPlacesGame
import QuietPlacesUtilities

#if canImport(Glibc)
  import Glibc
#endif

/// One `quietplaces` per save folder: an exclusive `flock` on the folder's `lock` file, held for
/// the life of the process.
///
/// Two processes on one folder would interleave their writes of the save and of the App Store
/// account, and the last writer would win: paid transactions of the other would disappear. The
/// lock is the kernel's, so a process that dies (even by SIGKILL) releases it with its descriptors;
/// a `lock` file left behind is harmless. The holder writes its process ID into the file so that a
/// refused process can name it.
///
/// The lock is only ever a regular file in the folder itself: a symbolic link (which would make the
/// holder write into the file it points to), a folder, a device, a pipe or a socket named `lock` is
/// refused. A regular file holding anything but a process ID (someone else's file), or with another
/// name elsewhere (a hard link), is locked as it is and never written: no process ID is kept then.
///
/// Once it holds the folder, the process removes the temporaries that a killed writer left there
/// (``AtomicFile/removeLeftovers(in:of:)``).
public final class SaveFolderLock: Sendable {
  /// The lock file's name in the save folder.
  public static let fileName = "lock"

  /// Why the folder could not be locked.
  public enum LockError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another process holds the folder; its process ID when it could be read.
    case held(folder: String, pid: Int32?)
    /// The lock file cannot be created or opened.
    case unavailable(folder: String, reason: String)
    /// `lock` in the folder is not a regular file: `kind` says what it is.
    case notAFile(path: String, kind: String)

    /// One sentence: what was wrong, and what would be right.
    public var description: String {
      switch self {
      case .held(let folder, let pid):
        let holder = pid.map { "another quietplaces (pid \($0))" } ?? "another quietplaces"
        return "the save folder \(folder) is in use by \(holder); quit that one first, "
          + "or pass --save-dir DIR to use another folder"
      case .unavailable(let folder, let reason):
        return "cannot lock the save folder \(folder) (\(reason)); pass --save-dir with a writable folder"
      case .notAFile(let path, let kind):
        return "the save folder's lock \(path) is \(kind), not a file; remove it (quietplaces makes a new "
          + "one) or pass --save-dir DIR to use another folder"
      }
    }
  }

  /// The locked file's descriptor; closing it releases the lock.
  private let descriptor: Int32

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }

  /// Locks `folder` (creating it when missing) for this process, or says who holds it.
  public static func acquire(_ folder: URL) throws(LockError) -> SaveFolderLock {
    let path = folder.path
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw .unavailable(folder: path, reason: "it cannot be created")
    }
    let file = folder.appendingPathComponent(fileName).path
    let (descriptor, created) = try open(file)
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      if errno == EINTR { continue }
      let reason = errno
      defer { close(descriptor) }
      guard reason == EWOULDBLOCK else {
        throw .unavailable(folder: path, reason: String(cString: strerror(reason)).lowercased())
      }
      throw .held(folder: path, pid: holder(descriptor))
    }
    if created || holdsOnlyAProcessID(descriptor) {
      let text = Array("\(getpid())\n".utf8)
      _ = ftruncate(descriptor, 0)
      _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }
    // No other quietplaces writes here now: what a killed one left half-written goes.
    AtomicFile.removeLeftovers(in: folder)
    return SaveFolderLock(descriptor: descriptor)
  }

  /// Opens the lock file without following a link: creates it, or opens the regular file there.
  /// Returns the descriptor and whether this call created the file.
  private static func open(_ file: String) throws(LockError) -> (Int32, created: Bool) {
    let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
    func unavailable(_ code: Int32) -> LockError {
      .unavailable(folder: folder, reason: String(cString: strerror(code)).lowercased())
    }
    let fresh = Glibc.open(file, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    if fresh >= 0 { return (fresh, true) }
    guard errno == EEXIST else { throw unavailable(errno) }
    // Something is there already: look before opening, so that a device or a pipe is never opened,
    // then check what was opened (it may have been swapped in between).
    var status = stat()
    guard lstat(file, &status) == 0 else { throw unavailable(errno) }
    if let kind = Self.kind(status.st_mode) { throw .notAFile(path: file, kind: kind) }
    let descriptor = Glibc.open(file, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ELOOP { throw .notAFile(path: file, kind: "a symbolic link") }
      throw unavailable(errno)
    }
    guard fstat(descriptor, &status) == 0, Self.kind(status.st_mode) == nil else {
      let kind = Self.kind(status.st_mode) ?? "not a regular file"
      close(descriptor)
      throw .notAFile(path: file, kind: kind)
    }
    return (descriptor, false)
  }

  /// What a file of this mode is when it is not a regular file (`a symbolic link`), else `nil`.
  private static func kind(_ mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFLNK: "a symbolic link"
    case S_IFDIR: "a folder"
    case S_IFIFO: "a pipe"
    case S_IFSOCK: "a socket"
    default: "a device"
    }
  }

  /// Whether the open lock file is one this tool wrote: empty, or one process ID on a line, and
  /// named nowhere else (one link). Anything else is someone's file, and is left as it is.
  private static func holdsOnlyAProcessID(_ descriptor: Int32) -> Bool {
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_nlink == 1, status.st_size <= 32 else { return false }
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
    let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard count == bytes.count else { return false }
    let text = String(decoding: bytes, as: UTF8.self).trimmingWhitespace
    return text.isEmpty || (text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && text.utf8.count <= 10)
  }

  /// The process ID the holder wrote, if the file holds one yet (the holder writes it just after
  /// taking the lock, so a refused process retries briefly). Only the file's first bytes are read.
  private static func holder(_ descriptor: Int32) -> Int32? {
    for _ in 0..<20 {
      var bytes = [UInt8](repeating: 0, count: 32)
      let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
      if count > 0, let pid = Int32(String(decoding: bytes[..<count], as: UTF8.self).trimmingWhitespace),
        pid > 0
      {
        return pid
      }
      usleep(5_000)
    }
    return nil
  }

}
