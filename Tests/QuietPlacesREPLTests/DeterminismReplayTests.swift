import Foundation
import QuietPlacesAppStore
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesREPL

/// `determinism` replays what the session played: a line that answered a question is replayed as
/// that answer whatever its words, and a file `load` read is read as it was, not as it is now.
@Suite struct DeterminismReplayTests {
  private func session() async throws -> (Session, TemporaryFolder) {
    let folder = try TemporaryFolder()
    let environment = SessionEnvironment(
      rules: rules, storeKit: try StoreKitConfiguration.load(from: Fixtures.storeKitFile),
      saveDirectory: folder.url)
    return (try await Session.start(environment).0, folder)
  }

  @Test func aCommandThatAnsweredAQuestionIsReplayedAsItsAnswer() async throws {
    let (session, folder) = try await session()
    defer { folder.remove() }
    for line in ["new --seed 7", "buy marks100", "buy supplies"] { _ = await session.execute(line) }
    // `check` at the question cancels it; the replay used to leave `check` out, so the `y` after it
    // bought the supplies there, and the two devices differed.
    #expect(await session.execute("check").texts.first == "Cancelled; nothing changed.")
    #expect(await session.execute("y").hasError)
    #expect(
      await session.execute("check determinism").texts == [
        "determinism 1/1 holds", "the 1 invariant checked holds (of 14)",
      ])
  }

  @Test func aLoadedFileIsReplayedAsItWasRead() async throws {
    let (session, folder) = try await session()
    defer { folder.remove() }
    let file = folder.url.appendingPathComponent("copy.save.json").path
    for line in ["new --seed 7", "save \(file)", "advance 1h", "load \(file)"] {
      #expect(!(await session.execute(line).hasError), "\(line)")
    }
    try FileManager.default.removeItem(atPath: file)
    #expect(
      await session.execute("check determinism").texts == [
        "determinism 1/1 holds", "the 1 invariant checked holds (of 14)",
      ])
  }
}
