import FoundationEssentials

/// A script to run: where it is and how it is printed.
public struct ScriptFile: Sendable, Equatable {
  /// Where the file is.
  public var url: URL
  /// The path as printed: the PATH the user gave, joined with the path inside a folder.
  public var path: String

  /// Makes a script file entry.
  public init(url: URL, path: String) {
    self.url = url
    self.path = path
  }
}
