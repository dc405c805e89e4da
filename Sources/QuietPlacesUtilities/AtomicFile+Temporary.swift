import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// The temporary files of ``AtomicFile``: named `.NAME.tmp-PID-RANDOM` beside the file they
/// replace, created exclusively (never through a link, never over a file already there), and
/// removed when a killed writer left one behind.
extension AtomicFile {
  /// A temporary file made for writing, open and empty.
  struct Temporary {
    /// Its path.
    var path: String
    /// Its descriptor, open for writing.
    var descriptor: Int32
  }

  /// The part of a temporary's name before the process ID: `.NAME.tmp-`, with a very long NAME
  /// shortened so that the whole name stays within the 255 bytes a file name may have.
  static func temporaryPrefix(for name: String) -> String {
    var kept = ""
    for character in name {
      guard kept.utf8.count + String(character).utf8.count <= 200 else { break }
      kept.append(character)
    }
    return "." + kept + ".tmp-"
  }

  /// Creates a new temporary for the file `name` in `folder`, readable and writable by its owner
  /// only: `O_CREAT | O_EXCL | O_NOFOLLOW`, so a file or a link planted at the name is never opened,
  /// and a random part, so the name cannot be guessed beforehand. Returns `nil` with `errno` set
  /// when none can be made.
  static func createTemporary(in folder: String, for name: String) -> Temporary? {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<8 {
      let random = String(generator.next() as UInt64, radix: 16)
      let suffix = String(repeating: "0", count: 16 - random.count) + random
      let path = folder + "/" + temporaryPrefix(for: name) + "\(getpid())-" + suffix
      let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      if descriptor >= 0 { return Temporary(path: path, descriptor: descriptor) }
      guard errno == EEXIST else { return nil }
    }
    return nil
  }

  /// Whether a file can be made in `folder` now: a temporary is made there as ``write(_:to:)``
  /// makes one (exclusively, under a name no other writer uses, in this process or another), and
  /// removed. Permissions alone cannot say it: they pass an administrator, and `/proc` refuses all.
  public static func canCreate(in folder: String) -> Bool {
    guard let temporary = createTemporary(in: folder, for: "probe") else { return false }
    close(temporary.descriptor)
    unlink(temporary.path)
    return true
  }

  /// The permissions a new file gets: `0644` less the process's file creation mask (read from
  /// `/proc/self/status`, since asking for it would change it; `077` when it cannot be read).
  static let newFileMode: mode_t = {
    var mask: mode_t = 0o077
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
      let value = mode_t(line.dropFirst("Umask:".count).trimmingWhitespace, radix: 8)
    {
      mask = value
    }
    return 0o644 & ~mask
  }()

  /// Removes the temporaries a writer killed before its rename left in `folder`: regular files
  /// named as this writer names them (or as it named them before, `.NAME.tmp-PID`), for any file
  /// or only for the file `name`, whose writing process is no longer running. A temporary of a
  /// running process (this one included) may be in use and is kept, as is anything else: a link, a
  /// folder, a name of another pattern. Returns the names removed.
  @discardableResult
  public static func removeLeftovers(in folder: URL, of name: String? = nil) -> [String] {
    removeLeftovers(inFolder: folder.path, of: name)
  }

  /// ``removeLeftovers(in:of:)`` for a folder's path.
  @discardableResult
  static func removeLeftovers(inFolder folder: String, of name: String? = nil) -> [String] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
    let prefix = name.map(temporaryPrefix(for:))
    var removed: [String] = []
    for entry in names where entry.hasPrefix(".") && entry.contains(".tmp-") {
      guard prefix.map({ entry.hasPrefix($0) }) ?? true, let pid = writer(of: entry),
        pid != getpid(), !isRunning(pid)
      else { continue }
      let path = folder.hasSuffix("/") ? folder + entry : folder + "/" + entry
      var status = stat()
      guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
      if unlink(path) == 0 { removed.append(entry) }
    }
    return removed.sorted()
  }

  /// The process ID in a temporary's name, `.NAME.tmp-PID` or `.NAME.tmp-PID-RANDOM` (sixteen
  /// lowercase hexadecimal digits); `nil` for any other name.
  static func writer(of entry: String) -> pid_t? {
    guard let marker = entry.ranges(of: ".tmp-").last, entry.startIndex < marker.lowerBound
    else { return nil }
    let parts = entry[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
    let hex = "0123456789abcdef".utf8
    guard (1...2).contains(parts.count), (1...10).contains(parts[0].utf8.count),
      parts[0].utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
      parts.count == 1 || (parts[1].utf8.count == 16 && parts[1].utf8.allSatisfy(hex.contains)),
      let pid = pid_t(parts[0]), pid > 0
    else { return nil }
    return pid
  }

  /// Whether a process with this ID runs now (one of another user's counts).
  static func isRunning(_ pid: pid_t) -> Bool {
    kill(pid, 0) == 0 || errno == EPERM
  }
}
