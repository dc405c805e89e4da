import FoundationEssentials
import QuietPlacesGame

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
public final class SaveFolderLock: Sendable {
  /// The lock file's name in the save folder.
  public static let fileName = "lock"

  /// Why the folder could not be locked.
  public enum LockError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another process holds the folder; its process ID when it could be read.
    case held(folder: String, pid: Int32?)
    /// The lock file cannot be created or opened.
    case unavailable(folder: String, reason: String)

    /// One sentence: what was wrong, and what would be right.
    public var description: String {
      switch self {
      case .held(let folder, let pid):
        let holder = pid.map { "another quietplaces (pid \($0))" } ?? "another quietplaces"
        return "the save folder \(folder) is in use by \(holder); quit that one first, "
          + "or pass --save-dir DIR to use another folder"
      case .unavailable(let folder, let reason):
        return "cannot lock the save folder \(folder) (\(reason)); pass --save-dir with a writable folder"
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
    let descriptor = open(file, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw .unavailable(folder: path, reason: String(cString: strerror(errno)).lowercased())
    }
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      if errno == EINTR { continue }
      let reason = errno
      close(descriptor)
      guard reason == EWOULDBLOCK else {
        throw .unavailable(folder: path, reason: String(cString: strerror(reason)).lowercased())
      }
      throw .held(folder: path, pid: holder(of: file))
    }
    let text = Array("\(getpid())\n".utf8)
    _ = ftruncate(descriptor, 0)
    _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    return SaveFolderLock(descriptor: descriptor)
  }

  /// The process ID the holder wrote, if the file holds one yet (the holder writes it just after
  /// taking the lock, so a refused process retries briefly).
  private static func holder(of file: String) -> Int32? {
    for _ in 0..<20 {
      if let data = FileManager.default.contents(atPath: file),
        let pid = Int32(String(decoding: data, as: UTF8.self).trimmingWhitespace), pid > 0
      {
        return pid
      }
      usleep(5_000)
    }
    return nil
  }
}
