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

  /// A session copied from the terminal: `qp> CMD` runs CMD, `? y` answers the question that waits
  /// (and only then), and the last empty `qp>` is an empty line.
  @Test func aCopiedTerminalSessionRunsItsCommandsAndAnswers() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("quietplaces-paste-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let (session, _) = try await TestSessions.start(in: folder)
    #expect(await session.execute("qp> new --seed 7").texts.first?.hasPrefix("New game: seed 7") == true)
    #expect(await session.execute("Sailing Harbour Reach for Lantern Quay, 1.0 nm ahead.").isEmpty)
    // Not a question waiting: `? y` is pasted output, skipped.
    #expect(await session.execute("? y").isEmpty)
    #expect(await session.execute("qp> fresh-voyage").texts.last?.hasSuffix("[y/N]") == true)
    #expect(session.isAskingQuestion)
    #expect(await session.execute("? n").texts == ["Cancelled; nothing changed."])
    #expect(!session.isAskingQuestion)
    #expect(await session.execute("qp>").isEmpty)
    // After the empty prompt, a line without a prompt is a command again.
    #expect(
      await session.execute("status").texts.first
        == "2026-01-05 09:00:00 · app open · seed 7 · storefront GBR")
    #expect(!session.hadError)
    await session.finish()
  }

  /// Enter pressed at a question, pasted from a recording (`> `) or a terminal copy (`?`): the empty
  /// answer, No; and still the pasted block's output is skipped after it.
  @Test(arguments: ["> ", ">", "? ", "?"])
  func anEmptyPromptAtAQuestionIsTheEmptyAnswer(answer: String) async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("quietplaces-paste-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let (session, _) = try await TestSessions.start(in: folder)
    _ = await session.execute("> new --seed 7")
    #expect(await session.execute("> fresh-voyage").texts.last?.hasSuffix("[y/N]") == true)
    #expect(await session.execute(answer).texts == ["Cancelled; nothing changed."])
    #expect(!session.isAskingQuestion)
    #expect(await session.execute("Cancelled; nothing changed.").isEmpty)
    #expect(!session.hadError)
    await session.finish()
  }
}
