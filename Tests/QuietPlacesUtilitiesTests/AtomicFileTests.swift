import Foundation
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesUtilities

/// The one atomic writer: whole replacement, nothing left behind, permissions and links kept.
@Suite struct AtomicFileTests {
  @Test func writeReplacesTheFileWholeAndLeavesNoTemporaryFile() throws {
    let folder = try TemporaryFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("file.txt")
    try AtomicFile.write("first\n", to: target)
    try AtomicFile.write(Data("second\n".utf8), to: target)
    #expect(try String(contentsOf: target, encoding: .utf8) == "second\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["file.txt"])
  }

  /// A write that does not wait for the disk (actions played in bulk) still replaces the file whole
  /// and leaves nothing behind; `flush` then waits for it, and has nothing to do for a file not there.
  @Test func anUnflushedWriteStillReplacesTheFileWhole() throws {
    let folder = try TemporaryFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("save.json")
    try AtomicFile.write(Data("first\n".utf8), to: target, flushed: false)
    try AtomicFile.write(Data("second\n".utf8), to: target, flushed: false)
    #expect(try String(contentsOf: target, encoding: .utf8) == "second\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["save.json"])
    try AtomicFile.flush(target)
    try AtomicFile.flush(folder.appendingPathComponent("missing.json"))
    #expect(try String(contentsOf: target, encoding: .utf8) == "second\n")
  }

  @Test func aFolderWhereTheFileWouldGoIsRefusedAndKept() throws {
    let folder = try TemporaryFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("save.json")
    try FileManager.default.createDirectory(
      at: target.appendingPathComponent("keep"), withIntermediateDirectories: true)
    #expect {
      try AtomicFile.write(Data("{}".utf8), to: target)
    } throws: { error in
      guard let error = error as? AtomicFile.WriteError else { return false }
      return error.path == target.path && error.reason == "it is a folder"
        && error.description.hasSuffix("; give the path of a file")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["save.json"])
    #expect(FileManager.default.fileExists(atPath: target.appendingPathComponent("keep").path))
  }

  /// A pipe (or a device such as /dev/null, for a process that may run as root) is never replaced
  /// by a regular file, directly or through a symbolic link.
  @Test func aPipeIsRefusedAndStaysAPipe() throws {
    let folder = try TemporaryFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    let pipe = folder.appendingPathComponent("pipe")
    let link = folder.appendingPathComponent("link.json")
    #expect(mkfifo(pipe.path, 0o644) == 0)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: pipe)
    for target in [pipe, link] {
      #expect {
        try AtomicFile.write("{}\n", to: target)
      } throws: { error in
        (error as? AtomicFile.WriteError)?.reason == "it is a device, a pipe or a socket, not a regular file"
      }
    }
    #expect(FileKind(of: pipe) == .special)
    #expect(FileKind(of: link) == .special)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["link.json", "pipe"])
  }

  @Test func fileKinds() throws {
    let folder = try TemporaryFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("file.txt")
    try AtomicFile.write("x\n", to: file)
    #expect(FileKind(of: file) == .regular)
    #expect(FileKind(of: folder) == .folder)
    #expect(FileKind(of: folder.appendingPathComponent("missing")) == .missing)
    #expect(FileKind(of: URL(fileURLWithPath: "/dev/null")) == .special)
    #expect(FileKind.regular.problem == nil && FileKind.missing.problem == nil)
  }

  @Test func anExistingFileKeepsItsPermissions() throws {
    let folder = try TemporaryFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("script.qp")
    try AtomicFile.write("old\n", to: target)
    try FileManager.default.setAttributes([.posixPermissions: 0o750], ofItemAtPath: target.path)
    try AtomicFile.write("new\n", to: target)
    let permissions = try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions]
    #expect((permissions as? NSNumber)?.intValue == 0o750)
  }

  @Test func aSymbolicLinkIsFollowedSoTheFileItNamesIsReplaced() throws {
    let folder = try TemporaryFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    let real = folder.appendingPathComponent("real.qp")
    let link = folder.appendingPathComponent("link.qp")
    try AtomicFile.write("old\n", to: real)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
    try AtomicFile.write("new\n", to: link)
    #expect(try String(contentsOf: real, encoding: .utf8) == "new\n")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path)
  }

  /// A folder reached through a link is written in as any folder: the file replaced there, the
  /// link kept, nothing left beside it; a link to a file in another folder replaces that file.
  @Test func aFolderReachedThroughALinkIsWrittenIn() throws {
    let folder = try TemporaryFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    let real = folder.appendingPathComponent("real")
    let other = folder.appendingPathComponent("other")
    try FileManager.default.createDirectory(at: real, withIntermediateDirectories: false)
    try FileManager.default.createDirectory(at: other, withIntermediateDirectories: false)
    let linked = folder.appendingPathComponent("linked")
    try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: real)
    try AtomicFile.write("one\n", to: linked.appendingPathComponent("save.json"))
    try AtomicFile.write("two\n", to: linked.appendingPathComponent("save.json"))
    #expect(try String(contentsOf: real.appendingPathComponent("save.json"), encoding: .utf8) == "two\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: real.path) == ["save.json"])
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: linked.path) == real.path)
    try AtomicFile.write("elsewhere\n", to: other.appendingPathComponent("file"))
    try FileManager.default.createSymbolicLink(
      at: real.appendingPathComponent("to-other"), withDestinationURL: other.appendingPathComponent("file"))
    try AtomicFile.write("through\n", to: linked.appendingPathComponent("to-other"))
    #expect(try String(contentsOf: other.appendingPathComponent("file"), encoding: .utf8) == "through\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: other.path) == ["file"])
  }

  @Test func aPathSplitsIntoItsFolderAndName() {
    #expect(AtomicFile.split("/a/b/save.json") == ("/a/b", "save.json"))
    #expect(AtomicFile.split("/save.json") == ("/", "save.json"))
    #expect(AtomicFile.split("save.json") == (".", "save.json"))
  }
}
