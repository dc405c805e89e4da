import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// Bazel's `TEST_SHARD_STATUS_FILE`: touched to say that the run honours the sharding variables.
enum ShardStatusFile {
  /// Why the file could not be touched.
  struct TouchError: Error, Sendable, Equatable {
    /// The file.
    var path: String
    /// What the system said.
    var reason: String

    /// One sentence: what was wrong, and what would be right.
    var message: String {
      "TEST_SHARD_STATUS_FILE \(path) cannot be created (\(reason)); point it at a writable folder"
    }
  }

  /// Creates `path` if it is missing and sets its modification time to now, as `touch` does.
  static func touch(_ path: String) throws(TouchError) {
    let descriptor = open(path, O_WRONLY | O_CREAT, 0o644)
    guard descriptor >= 0 else { throw TouchError(path: path, reason: String(cString: strerror(errno))) }
    defer { close(descriptor) }
    _ = futimens(descriptor, nil)
  }
}
