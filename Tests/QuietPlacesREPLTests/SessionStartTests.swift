import Foundation
import QuietPlacesREPL
import QuietPlacesTestSupport
import Testing

/// Starting `quietplaces` is the app's launch: an unreadable save is reported and kept aside, and the
/// simulated clock resumes where the last session left it.
@Suite struct SessionStartTests {
  func start(_ folder: URL) async throws -> (Session, [String]) {
    let (session, lines) = try await TestSessions.start(in: folder)
    return (session, lines.texts)
  }

  @Test func anUnreadableSaveAtStartIsReportedAndKeptAside() async throws {
    let folder = try TemporaryFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(#"{"format": 2, "game": {"#.utf8).write(to: folder.appendingPathComponent("save.json"))
    let (session, lines) = try await start(folder)
    await session.finish()
    #expect(
      lines == [
        "error: save.json is not a Quiet Places save: it is not JSON (unexpected end of data at line 1, column 24); "
          + "it was kept aside as save.unreadable-1.json; a new game started"
      ])
    #expect(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("save.unreadable-1.json").path))
  }

  /// A save folder's save or account larger than any the tool writes is not read: the save is kept
  /// aside as any unreadable save, the account is refused, each with its size and the limit.
  @Test func aSaveFolderFileBeyondTheLimitIsNotRead() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.sparse(bytes: 64 * 1_048_576 + 1, to: "a/save.json")
    let (session, lines) = try await start(folder.url.appendingPathComponent("a"))
    await session.finish()
    #expect(
      lines == [
        "error: save.json is not a Quiet Places save: 67,108,865 bytes is more than the 67,108,864 (64 MiB) a "
          + "save may have; it was kept aside as save.unreadable-1.json; a new game started"
      ])
    let account = try folder.sparse(bytes: 64 * 1_048_576 + 1, to: "b/appstore-account.json")
    do {
      _ = try await start(folder.url.appendingPathComponent("b"))
      Issue.record("an account beyond the limit was read")
    } catch {
      #expect(
        "\(error)"
          == "the store account \(account.path) is corrupt: 67,108,865 bytes is more than the 67,108,864 "
          + "(64 MiB) an App Store account may have; repair it or move it away to start a fresh account")
    }
  }

  @Test func theClockResumesWhereTheLastSessionLeftIt() async throws {
    let folder = try TemporaryFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    let (first, _) = try await start(folder)
    _ = await first.execute("close")
    _ = await first.execute("advance 5h")
    await first.finish()
    let (second, lines) = try await start(folder)
    await second.finish()
    // Closed at 09:00, five hours pass with the app closed, the next start is the launch at 14:00.
    #expect(lines.first == "Launched at 2026-01-05 14:00:00 after 5h away.")
  }
}
