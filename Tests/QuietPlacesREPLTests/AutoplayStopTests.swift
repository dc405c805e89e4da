import Foundation
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesREPL

/// Ctrl-C while autoplay runs (the terminal's stop request) ends it after the step in progress: the
/// game stays as played, and the summary says it stopped and what it did not reach. On a terminal, a
/// run that takes a while shows how far it got, and clears that line before its summary.
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

  @Test func aLongRunShowsHowFarItGotThenClearsIt() async throws {
    let (session, folder) = try await TestSessions.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = await session.execute("new")
    var shown: [String?] = []
    session.showProgress = { shown.append($0) }
    session.progressDelay = .zero
    session.progressInterval = .zero
    var asked = 0
    session.stopRequested = {
      asked += 1
      return asked == 40
    }
    let summary = await session.execute("autoplay payback for 30d").texts
    // Shown after every step (no delay or interval asked for), the last one where the run stopped.
    let texts = shown.compactMap { $0 }
    #expect(texts.count == 40)
    let stoppedAt = try #require(
      summary.first?.split(separator: ": ").last?.split(separator: " simulated").first)
    #expect(stoppedAt != "0s")
    #expect(texts.last?.hasPrefix("autoplay: \(stoppedAt) of 30d simulated, ") == true)
    for text in texts {
      #expect(text.hasPrefix("autoplay: "))
      #expect(text.contains(" of 30d simulated, "))
      #expect(text.hasSuffix(" so far; Ctrl-C stops"))
    }
    // The decisions counted so far only grow, up to the summary's count.
    func decisions(_ text: String) -> Int? {
      let counted = text.split(separator: " simulated, ").last?.split(separator: " ").first
      return counted.flatMap { Int($0.replacingOccurrences(of: ",", with: "")) }
    }
    let counts = texts.compactMap(decisions)
    #expect(counts.count == texts.count)
    #expect(counts == counts.sorted())
    let total = try #require(summary.first.flatMap { $0.split(separator: "; ").last }.flatMap(decisions(in:)))
    #expect(counts.allSatisfy { $0 <= total })
    #expect(shown.last == .some(nil))
    #expect(summary.allSatisfy { !$0.contains("so far; Ctrl-C stops") })
    // A run shorter than the delay shows nothing.
    shown = []
    session.stopRequested = { false }
    session.progressDelay = .seconds(3_600)
    _ = await session.execute("autoplay payback for 1h")
    #expect(shown.isEmpty)
    await session.finish()
  }

  /// The count in `26,809 decisions.`
  func decisions(in text: Substring) -> Int? {
    text.split(separator: " ").first.flatMap { Int($0.replacingOccurrences(of: ",", with: "")) }
  }

  @Test func theReadLoopShowsProgressThroughItsInput() async throws {
    let (session, folder) = try await TestSessions.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    session.progressDelay = .zero
    let input = ScriptedInput([.line("new"), .line("autoplay payback for 2h")])
    var answers: [REPLLoop.Answer] = []
    _ = await REPLLoop.run(session, input: input, bail: false) { answers.append($0) }
    #expect(input.progress.first??.hasPrefix("autoplay: ") == true)
    #expect(input.progress.last == .some(nil))
    #expect(answers.last?.output.texts.first?.hasPrefix("Autoplay payback for 2h: 2h simulated") == true)
    // Once the loop ends, the session no longer reaches the input.
    let count = input.progress.count
    session.showProgress("after the loop")
    #expect(input.progress.count == count)
  }
}
