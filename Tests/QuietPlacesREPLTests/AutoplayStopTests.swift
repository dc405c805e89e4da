import Foundation
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesREPL

/// Ctrl-C while autoplay runs (the terminal's stop request) ends it after the step in progress: the
/// game stays as played, and the summary says it stopped and what it did not reach.
@Suite struct AutoplayStopTests {
  @Test func aStopRequestEndsAutoplayAfterTheStepInProgress() async throws {
    let (session, folder) = try await TestSessions.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = await session.execute("new")
    // The request comes after the fifth step's question to it.
    var asked = 0
    session.stopRequested = {
      asked += 1
      return asked == 5
    }
    let summary = await session.execute("autoplay payback for 30d").texts
    #expect(asked == 5)
    let first = try #require(summary.first)
    #expect(first.hasPrefix("Autoplay payback for 30d, stopped by Ctrl-C: "))
    #expect(first.contains(" simulated, all online; "))
    #expect(summary.contains { $0.hasPrefix("  time:30d: not reached within ") })
    // The session goes on from the game as played, and asks nothing of a later command.
    session.stopRequested = { false }
    let again = await session.execute("autoplay payback for 1h").texts
    #expect(again.first?.hasPrefix("Autoplay payback for 1h: 1h simulated") == true)
    await session.finish()
  }
}
