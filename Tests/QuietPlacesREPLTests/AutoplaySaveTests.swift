import Foundation
import QuietPlacesGame
import QuietPlacesREPL
import QuietPlacesStore
import QuietPlacesTestSupport
import Testing

/// `autoplay` on a save folder saves each action as the app does, without waiting for the disk to
/// hold each save: the file is replaced whole each time, so the save on disk is always the last
/// action's, and a process killed meanwhile finds it.
@Suite struct AutoplaySaveTests {
  @Test func theSaveOnDiskHoldsEveryActionPlayed() async throws {
    let (session, folder) = try await TestSessions.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = await session.execute("new --seed 3")
    let summary = await session.execute("autoplay payback for 12h").texts
    #expect(summary.first?.hasPrefix("Autoplay payback for 12h: 12h simulated") == true)
    let running = try #require(await session.device.currentSave())
    let saved = try #require(try FileSaveStorage(directory: folder, rules: session.device.rules).read())
    // Sailing after the last action is saved at the close; every purchase is on disk already.
    #expect(running.game.equipment.sails > 0)
    #expect(saved.game.equipment == running.game.equipment)
    #expect(saved.game.hiredScouts == running.game.hiredScouts)
    #expect(saved.game.route == running.game.route && saved.game.generations == running.game.generations)
    await session.finish()
  }

  @Test func aProcessKilledWhileAutoplayRunsFindsTheLastActionsSave() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quietplaces-killed-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let process = try ChildProcess.make(["--save-dir", folder.path])
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    input.fileHandleForWriting.write(Data("new --seed 3\nautoplay payback for 30d\n".utf8))
    Thread.sleep(forTimeInterval: 3)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    let next = try ChildProcess.run(["--save-dir", folder.path], input: "status\n")
    #expect(next.status == 0)
    #expect(!next.output.contains("error:"))
    // The save read is one autoplay wrote: later than the new game, with purchases in it.
    let status = try #require(next.lines.first { $0.contains(" · app open · seed 3") })
    #expect(!status.hasPrefix("2026-01-05 09:00:00"))
    // Purchases in it, unless the last action was a prestige, whose save has the equipment back at 0
    // (the kill can land just after one: generation 2, Knowledge 196, sails 0).
    let prestiged = next.lines.contains { $0.contains(" · generation ") && !$0.hasSuffix(" · generation 0") }
    #expect(prestiged || !next.output.contains("Equipment: sails 0, spyglass 0, cargo 0 · scouts 0"))
  }
}
