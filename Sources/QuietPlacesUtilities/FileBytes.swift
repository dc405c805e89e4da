import FoundationEssentials

/// A whole file a user names, read only when it is a regular file of at most a given size: a path
/// given by mistake (a disk image, a log of gigabytes) costs one error line, not its size in memory.
public enum FileBytes {
  /// Why a file was not read.
  public enum Problem: Error, Sendable, Equatable {
    /// Nothing is there (or a link leads nowhere).
    case missing
    /// A folder, a device, or a file the system would not read: why, in a few words.
    case unreadable(String)
    /// The file holds `bytes`, more than the `limit` it was read with.
    case tooLarge(bytes: Int, limit: Int)

    /// Why, in a few words for an error line: `no such file`, `it is a folder`, `3,221,225,472 bytes
    /// is more than the 1,048,576 (1 MiB) a balance file may have` (`what` names the kind of file).
    public func reason(for what: String) -> String {
      switch self {
      case .missing: "no such file"
      case .unreadable(let reason): reason
      case .tooLarge(let bytes, let limit):
        "\(bytes.withThousandsSeparators) bytes is more than the \(limit.withThousandsSeparators) "
          + "(\(limit / 1_048_576) MiB) \(what) may have"
      }
    }
  }

  /// The bytes of the file at `url`, refused before they are read when there are more than `limit`.
  public static func read(_ url: URL, atMost limit: Int) throws(Problem) -> Data {
    let kind = FileKind(of: url)
    if kind == .missing { throw .missing }
    if let problem = kind.problem { throw .unreadable(problem) }
    if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int, size > limit
    {
      throw .tooLarge(bytes: size, limit: limit)
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw .unreadable(error.readableReason)
    }
    // A file that grew since, or one whose size the system does not say (under /proc).
    guard data.count <= limit else { throw .tooLarge(bytes: data.count, limit: limit) }
    return data
  }
}
