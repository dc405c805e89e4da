import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// Replaces a file's contents all at once: a reader sees the old file or the new one, never half.
public enum AtomicFile {
  /// Why the file could not be replaced.
  public struct WriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file that was to be replaced.
    public var path: String
    /// What went wrong, from the file system.
    public var reason: String

    /// `path: reason`.
    public var description: String { "cannot write \(path) (\(reason)); check the folder's permissions" }
  }

  /// Writes `text` as UTF-8 to a temporary file beside `url` and renames it over `url`, keeping the
  /// old file's permissions. A symbolic link is followed, so the file it names is replaced.
  public static func write(_ text: String, to url: URL) throws(WriteError) {
    let target = url.resolvingSymlinksInPath()
    let folder = target.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString).tmp")
    let manager = FileManager.default
    var attributes: [FileAttributeKey: Any] = [:]
    if let permissions = try? manager.attributesOfItem(atPath: target.path)[.posixPermissions] {
      attributes[.posixPermissions] = permissions
    }
    guard manager.createFile(atPath: temporary.path, contents: Data(text.utf8), attributes: attributes) else {
      throw WriteError(path: url.path, reason: "cannot create a temporary file in \(folder.path)")
    }
    if rename(temporary.path, target.path) != 0 {
      let reason = String(cString: strerror(errno))
      try? manager.removeItem(at: temporary)
      throw WriteError(path: url.path, reason: reason)
    }
  }
}
