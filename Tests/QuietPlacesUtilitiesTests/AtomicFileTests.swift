import Foundation
import QuietPlacesUtilities
import Testing

/// A fresh folder for one test's files.
private func scratchFolder() throws -> URL {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("quietplaces-atomic-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// The one atomic writer: whole replacement, nothing left behind, permissions and links kept.
@Suite struct AtomicFileTests {
  @Test func writeReplacesTheFileWholeAndLeavesNoTemporaryFile() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("file.txt")
    try AtomicFile.write("first\n", to: target)
    try AtomicFile.write(Data("second\n".utf8), to: target)
    #expect(try String(contentsOf: target, encoding: .utf8) == "second\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["file.txt"])
  }

  @Test func failedRenameLeavesNoTemporaryFileAndTheOldFile() throws {
    // A non-empty folder where the file would go: rename(2) fails after the data was written.
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("save.json")
    try FileManager.default.createDirectory(
      at: target.appendingPathComponent("keep"), withIntermediateDirectories: true)
    #expect {
      try AtomicFile.write(Data("{}".utf8), to: target)
    } throws: { error in
      guard let error = error as? AtomicFile.WriteError else { return false }
      return error.path == target.path && error.reason.hasPrefix("cannot replace save.json: ")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["save.json"])
    #expect(FileManager.default.fileExists(atPath: target.appendingPathComponent("keep").path))
  }

  @Test func anExistingFileKeepsItsPermissions() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("script.qp")
    try AtomicFile.write("old\n", to: target)
    try FileManager.default.setAttributes([.posixPermissions: 0o750], ofItemAtPath: target.path)
    try AtomicFile.write("new\n", to: target)
    let permissions = try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions]
    #expect((permissions as? NSNumber)?.intValue == 0o750)
  }

  @Test func aSymbolicLinkIsFollowedSoTheFileItNamesIsReplaced() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let real = folder.appendingPathComponent("real.qp")
    let link = folder.appendingPathComponent("link.qp")
    try AtomicFile.write("old\n", to: real)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
    try AtomicFile.write("new\n", to: link)
    #expect(try String(contentsOf: real, encoding: .utf8) == "new\n")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path)
  }
}
