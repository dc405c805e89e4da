/// Why the save could not be read or written.
public enum SaveError: Error, Sendable, Equatable {
  /// Writing failed; the previous save is intact.
  case writeFailed(file: String, reason: String)
  /// The file is not a save this version can read; it was kept aside under `keptAs` if given.
  case unreadable(file: String, reason: String, keptAs: String?)
  /// A save of a format this version cannot read.
  case unsupportedFormat(file: String, format: Int, supported: ClosedRange<Int>)
}
