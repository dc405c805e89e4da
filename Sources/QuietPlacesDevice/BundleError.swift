/// Why a file is not a bundle this version can load.
public struct BundleError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file as the user named it.
  public var file: String
  /// What is wrong with it.
  public var problem: String

  /// One sentence: what was wrong, and what would be right.
  public var description: String {
    "\(file) is not a device bundle this version can load: \(problem); write one with bundle FILE"
  }
}
