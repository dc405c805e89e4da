import Foundation
import QuietPlacesREPL
import QuietPlacesTestSupport
import Testing

/// The REPL takes lines pasted from a transcript: `> CMD` runs CMD, `# …` does nothing, and after a
/// pasted command its expected output is skipped until an empty line.
@Suite struct PastedTranscriptTests {
  @Test func aPastedTranscriptRunsItsCommandsOnly() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("quietplaces-paste-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let (session, _) = try await TestSessions.start(in: folder)
    var printed: [String: [String]] = [:]
    for line in [
      "# Recorded with quietplaces", "> new --seed 7",
      "New game: seed 7, storefront GBR, 2026-01-05 09:00:00.",
      "> advance 6m", "Sailed 6m: 1 arrival, +88 Discoveries.", "error: pasted output is not run", "",
      "status",
    ] {
      printed[line] = await session.execute(line).texts
    }
    // The comment and the pasted output lines print nothing and run nothing.
    for skipped in [
      "# Recorded with quietplaces", "New game: seed 7, storefront GBR, 2026-01-05 09:00:00.",
      "Sailed 6m: 1 arrival, +88 Discoveries.", "error: pasted output is not run",
    ] {
      #expect(printed[skipped] == [], "\(skipped)")
    }
    #expect(printed["> advance 6m"]?.first == "Sailed 6m: 1 arrival, +88 Discoveries.")
    // After the empty line, a line without `> ` is a command again.
    #expect(printed["status"]?.first == "2026-01-05 09:06:00 · app open · seed 7 · storefront GBR")
    #expect(!session.hadError)
    await session.finish()
  }
}
