import Foundation
import Testing

@testable import QuietPlacesUtilities

#if canImport(Glibc)
  import Glibc
#endif

/// A process ID no process can have: Linux gives out at most 2^22.
private let deadPID: pid_t = 4_194_305

/// The temporaries of the atomic writer: never opened through something planted at their name,
/// owner-only until complete, and removed when a killed writer left them.
@Suite struct AtomicFileTemporaryTests {
  private func scratchFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("quietplaces-temporary-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  private func names(_ folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  /// Before, the temporary was `.NAME.tmp-PID`: a link planted there made the write go to the file
  /// it points to. Links at that name (and at a few more process IDs) now leave their target as it
  /// was, and the file is written in place as a regular file.
  @Test func aLinkAtTheOldTemporaryNameIsNeverWrittenThrough() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let victim = folder.appendingPathComponent("victim.txt")
    try Data("precious\n".utf8).write(to: victim)
    let pids = [getpid()] + (1...5).map { getpid() + $0 }
    for pid in pids {
      try FileManager.default.createSymbolicLink(
        atPath: folder.appendingPathComponent(".save.json.tmp-\(pid)").path, withDestinationPath: victim.path)
    }
    let target = folder.appendingPathComponent("save.json")
    try AtomicFile.write("{\"saved\":true}\n", to: target)
    try AtomicFile.write("{\"saved\":2}\n", to: target)
    #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")
    #expect(try String(contentsOf: target, encoding: .utf8) == "{\"saved\":2}\n")
    #expect(FileKind(of: target) == .regular)
    var status = stat()
    #expect(lstat(target.path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG)
    // The planted links are not the writer's files: they stay, and nothing else is left.
    let left = try names(folder).filter { $0.contains(".tmp-") }
    #expect(left == pids.map { ".save.json.tmp-\($0)" }.sorted())
  }

  /// Each temporary has a name of its own, made exclusively, readable by its owner only.
  @Test func temporariesAreExclusiveUnpredictableAndPrivate() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = try #require(AtomicFile.createTemporary(in: folder.path, for: "save.json"))
    let second = try #require(AtomicFile.createTemporary(in: folder.path, for: "save.json"))
    defer {
      close(first.descriptor)
      close(second.descriptor)
    }
    #expect(first.path != second.path)
    for temporary in [first, second] {
      let name = URL(fileURLWithPath: temporary.path).lastPathComponent
      #expect(name.hasPrefix(".save.json.tmp-\(getpid())-"))
      #expect(AtomicFile.writer(of: name) == getpid())
      var status = stat()
      #expect(fstat(temporary.descriptor, &status) == 0 && status.st_mode & 0o777 == 0o600)
    }
  }

  /// A new file gets 0644 less the creation mask, as before; an existing one keeps its mode.
  @Test func theFinishedFileHasTheUsualPermissions() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("new.json")
    try AtomicFile.write("{}\n", to: target)
    var status = stat()
    #expect(stat(target.path, &status) == 0 && status.st_mode & 0o777 == AtomicFile.newFileMode)
    #expect(chmod(target.path, 0o640) == 0)
    try AtomicFile.write("{}\n", to: target)
    #expect(stat(target.path, &status) == 0 && status.st_mode & 0o777 == 0o640)
  }

  /// What a killed writer left is removed: regular files of the writer's name patterns whose process
  /// is gone. A running process's temporary (this one's too), a link, and other names stay. Writing
  /// a file removes its own leftovers; opening a folder removes them all.
  @Test func leftoversOfKilledWritersAreRemoved() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let dead = [
      ".save.json.tmp-\(deadPID)", ".save.json.tmp-\(deadPID)-0123456789abcdef",
      ".device-clock.tmp-\(deadPID)-fedcba9876543210",
    ]
    let kept = [
      ".save.json.tmp-\(getpid())-0123456789abcdef", ".save.json.tmp-1", ".save.json.tmp-\(deadPID)-xyz",
      ".save.json.tmp-\(deadPID)-0123456789ABCDEF", "save.json.tmp-\(deadPID)", ".notes.tmp",
      "notes.txt",
    ]
    for name in dead + kept { try Data("half\n".utf8).write(to: folder.appendingPathComponent(name)) }
    let link = ".save.json.tmp-\(deadPID)-00000000000000aa"
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent(link).path, withDestinationPath: "notes.txt")

    try AtomicFile.write("{}\n", to: folder.appendingPathComponent("save.json"))
    #expect(try names(folder) == (kept + [link, dead[2], "save.json"]).sorted())
    #expect(AtomicFile.removeLeftovers(in: folder) == [dead[2]])
    #expect(try names(folder) == (kept + [link, "save.json"]).sorted())
  }

  /// A folder where a file can be made says so however many ask at once (each probe has a name of
  /// its own), and leaves nothing; a folder that is missing, or a file, says it cannot.
  @Test func aFolderSaysWhetherAFileCanBeMadeThere() async throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.path
    let answers = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<64 { group.addTask { AtomicFile.canCreate(in: path) } }
      return await group.reduce(into: [Bool]()) { $0.append($1) }
    }
    #expect(answers == Array(repeating: true, count: 64))
    #expect(try FileManager.default.contentsOfDirectory(atPath: path).isEmpty)
    #expect(!AtomicFile.canCreate(in: folder.appendingPathComponent("missing").path))
    try AtomicFile.write("x", to: folder.appendingPathComponent("file"))
    #expect(!AtomicFile.canCreate(in: folder.appendingPathComponent("file").path))
  }
}
