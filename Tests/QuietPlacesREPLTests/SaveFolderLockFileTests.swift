import Foundation
import QuietPlacesREPL
import QuietPlacesTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The save folder's `lock` is only ever a regular file of the tool's own: a link is never followed
/// (the file it points to is never truncated or written), a folder, a pipe or a socket is refused
/// with one error naming it, and a regular file holding something else is locked but left as it is.
@Suite struct SaveFolderLockFileTests {
  /// A fresh folder with a save folder `saves` in it and a file `victim.txt` outside that folder.
  private func scratch() throws -> (root: URL, saves: URL, victim: URL) {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "qp-lock-file-\(UUID().uuidString)")
    let saves = root.appendingPathComponent("saves")
    try FileManager.default.createDirectory(at: saves, withIntermediateDirectories: true)
    let victim = root.appendingPathComponent("victim.txt")
    try Data("precious data\n".utf8).write(to: victim)
    return (root, saves, victim)
  }

  private func lockPath(_ saves: URL) -> String { saves.appendingPathComponent("lock").path }

  private func message(_ saves: URL, _ kind: String) -> String {
    "the save folder's lock \(lockPath(saves)) is \(kind), not a file; remove it (quietplaces makes a new one) "
      + "or pass --save-dir DIR to use another folder"
  }

  @Test func aLinkIsRefusedAndItsTargetUntouched() throws {
    let (root, saves, victim) = try scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createSymbolicLink(atPath: lockPath(saves), withDestinationPath: victim.path)
    #expect(throws: SaveFolderLock.LockError.notAFile(path: lockPath(saves), kind: "a symbolic link")) {
      try SaveFolderLock.acquire(saves)
    }
    #expect(try String(contentsOf: victim, encoding: .utf8) == "precious data\n")
  }

  @Test func aDanglingLinkCreatesNothing() throws {
    let (root, saves, _) = try scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    let target = root.appendingPathComponent("made-by-the-link")
    try FileManager.default.createSymbolicLink(atPath: lockPath(saves), withDestinationPath: target.path)
    #expect(throws: SaveFolderLock.LockError.notAFile(path: lockPath(saves), kind: "a symbolic link")) {
      try SaveFolderLock.acquire(saves)
    }
    #expect(!FileManager.default.fileExists(atPath: target.path))
  }

  @Test func aFolderOrAPipeIsRefused() throws {
    let (root, saves, _) = try scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(atPath: lockPath(saves), withIntermediateDirectories: false)
    #expect(throws: SaveFolderLock.LockError.notAFile(path: lockPath(saves), kind: "a folder")) {
      try SaveFolderLock.acquire(saves)
    }
    try FileManager.default.removeItem(atPath: lockPath(saves))
    #expect(mkfifo(lockPath(saves), 0o644) == 0)
    #expect(throws: SaveFolderLock.LockError.notAFile(path: lockPath(saves), kind: "a pipe")) {
      try SaveFolderLock.acquire(saves)
    }
  }

  /// Someone's file named `lock` still locks the folder, but is never written: a second holder is
  /// refused without a process ID, and the file reads as before.
  @Test func aForeignFileIsLockedButNotWritten() throws {
    let (root, saves, _) = try scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    try Data("my notes\n".utf8).write(to: URL(fileURLWithPath: lockPath(saves)))
    let lock = try SaveFolderLock.acquire(saves)
    #expect(throws: SaveFolderLock.LockError.held(folder: saves.path, pid: nil)) {
      try SaveFolderLock.acquire(saves)
    }
    withExtendedLifetime(lock) {}
    #expect(try String(contentsOfFile: lockPath(saves), encoding: .utf8) == "my notes\n")
  }

  /// A lock file that is also another file's name (a hard link) is not the tool's alone: the
  /// process ID is not written into it, even when it holds only digits.
  @Test func aHardLinkedLockIsNotWritten() throws {
    let (root, saves, _) = try scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    let other = root.appendingPathComponent("digits.txt")
    try Data("12345\n".utf8).write(to: other)
    #expect(link(other.path, lockPath(saves)) == 0)
    let lock = try SaveFolderLock.acquire(saves)
    withExtendedLifetime(lock) {}
    #expect(try String(contentsOf: other, encoding: .utf8) == "12345\n")
  }

  /// The tool's own lock, new or left by an earlier process, gets this process's ID.
  @Test(arguments: [nil, "", "4242\n"])
  func theToolsOwnLockGetsTheProcessID(earlier: String?) throws {
    let (root, saves, _) = try scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    if let earlier { try Data(earlier.utf8).write(to: URL(fileURLWithPath: lockPath(saves))) }
    let lock = try SaveFolderLock.acquire(saves)
    withExtendedLifetime(lock) {}
    #expect(try String(contentsOfFile: lockPath(saves), encoding: .utf8) == "\(getpid())\n")
  }

  /// Started on a folder whose lock is a link, even to quit at once, `quietplaces` prints one error
  /// and exits 1; the linked file is as it was.
  @Test func theExecutableRefusesALinkedLock() throws {
    guard ChildProcess.executable != nil else {
      Issue.record("the quietplaces executable was not found next to the tests")
      return
    }
    let (root, saves, victim) = try scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createSymbolicLink(atPath: lockPath(saves), withDestinationPath: victim.path)
    let result = try ChildProcess.run(["--save-dir", saves.path], input: "quit\n")
    #expect(result.status == 1)
    #expect(result.output == "error: " + message(saves, "a symbolic link") + "\n")
    #expect(try String(contentsOf: victim, encoding: .utf8) == "precious data\n")
  }
}
