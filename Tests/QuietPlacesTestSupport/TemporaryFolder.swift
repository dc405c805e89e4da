import Foundation

/// A fresh folder under the system's temporary folder for one test; `remove()` removes it.
public struct TemporaryFolder: Sendable {
  /// The folder.
  public let url: URL

  /// Creates a new, empty folder.
  public init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("qp-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// Writes `text` to the file at `relative`, creating its folders; returns the file.
  @discardableResult
  public func write(_ text: String, to relative: String) throws -> URL {
    let file = url.appendingPathComponent(relative)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
    return file
  }

  /// A file at `relative` of `bytes` zero bytes, which take no room on disk (a sparse file); returns it.
  @discardableResult
  public func sparse(bytes: Int, to relative: String) throws -> URL {
    let file = try write("", to: relative)
    let handle = try FileHandle(forWritingTo: file)
    try handle.truncate(atOffset: UInt64(bytes))
    try handle.close()
    return file
  }

  /// The text of the file at `relative`.
  public func read(_ relative: String) throws -> String {
    try String(contentsOf: url.appendingPathComponent(relative), encoding: .utf8)
  }

  /// Removes the folder and everything in it.
  public func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
