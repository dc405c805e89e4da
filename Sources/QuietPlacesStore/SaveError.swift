/// Why the save could not be read or written.
public enum SaveError: Error, Sendable, Equatable {
  /// Writing failed; the previous save is intact.
  case writeFailed(file: String, reason: String)
  /// Deleting the save failed; it is still there.
  case deleteFailed(file: String, reason: String)
  /// The file is not a save this version can read; it was kept aside under `keptAs` if given.
  case unreadable(file: String, reason: String, keptAs: String?)
  /// A save of a format this version cannot read (a newer one, or a number no version wrote);
  /// `writtenBy` names the program that wrote it, when the save says.
  case unsupportedFormat(file: String, format: Int, supported: ClosedRange<Int>, writtenBy: String?)
}
