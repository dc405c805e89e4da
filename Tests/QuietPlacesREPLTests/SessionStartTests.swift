import Foundation
import QuietPlacesREPL
import Testing

/// Starting `quietplaces` is the app's launch: an unreadable save is reported and kept aside, and the
/// simulated clock resumes where the last session left it.
@Suite struct SessionStartTests {
  let configuration = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Configuration")

  func start(_ folder: URL) async throws -> (Session, [String]) {
    let (rules, storeKit) = try SessionEnvironment.load(configurationDirectory: configuration)
    let (session, lines) = try await Session.start(
      SessionEnvironment(rules: rules, storeKit: storeKit, saveDirectory: folder))
    return (session, lines.texts)
  }

  func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "qp-start-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func anUnreadableSaveAtStartIsReportedAndKeptAside() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(#"{"format": 2, "game": {"#.utf8).write(to: folder.appendingPathComponent("save.json"))
    let (session, lines) = try await start(folder)
    await session.finish()
    #expect(
      lines == [
        "error: save.json is not a Quiet Places save: it is not JSON (truncated or damaged?); "
          + "it was kept aside as save.unreadable-1.json; a new game started"
      ])
    #expect(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("save.unreadable-1.json").path))
  }

  @Test func theClockResumesWhereTheLastSessionLeftIt() async throws {
    let folder = try temporaryFolder()
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
