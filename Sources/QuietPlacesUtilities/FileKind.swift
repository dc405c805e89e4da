import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// What a path names, following symbolic links: so that reading or writing a file can refuse a folder
/// or a device with the right reason, and a write never replaces `/dev/null` with a regular file.
public enum FileKind: Sendable, Equatable {
  /// Nothing is there (or a link leads nowhere).
  case missing
  /// A regular file.
  case regular
  /// A folder.
  case folder
  /// A device, a pipe or a socket.
  case special

  /// What `url` names now.
  public init(of url: URL) {
    var status = stat()
    guard stat(url.path, &status) == 0 else {
      self = .missing
      return
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG: self = .regular
    case S_IFDIR: self = .folder
    default: self = .special
    }
  }

  /// Why a file cannot be read or replaced there, or `nil` for a regular file or nothing at all.
  public var problem: String? {
    switch self {
    case .missing, .regular: nil
    case .folder: "it is a folder"
    case .special: "it is a device, a pipe or a socket, not a regular file"
    }
  }
}
