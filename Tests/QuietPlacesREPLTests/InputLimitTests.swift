import Foundation
import QuietPlacesREPL
import QuietPlacesTestSupport
import Testing

/// An input line over 1 MB is refused before anything reads it: one error, nothing changed, nothing
/// echoed.
@Suite struct InputLimitTests {
  @Test func aLineOverTheLimitIsOneErrorAndChangesNothing() async throws {
    let (session, folder) = try await TestSessions.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = await session.execute("buy marks100")
    let before = await session.execute("state --json")
    let output = await session.execute(
      "buy marks100 " + String(repeating: "x", count: InputLimit.maximumBytes))
    #expect(output == [.error(.lineTooLong(limit: InputLimit.maximumBytes))])
    #expect(output[0].text.hasPrefix("error: the line is longer than 1,000,000 bytes"))
    #expect(session.hadError)
    #expect(await session.execute("state --json") == before)
    await session.finish()
  }

  @Test func aLineOfExactlyTheLimitIsRun() async throws {
    let (session, folder) = try await TestSessions.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let line = String(repeating: "z", count: InputLimit.maximumBytes)
    #expect(!InputLimit.refuses(line))
    #expect(InputLimit.echo(line) == line)
    let output = await session.execute(line)
    #expect(output.count == 1)
    #expect(output[0].text.hasPrefix("error: unknown command 'zzz"))
    #expect(output[0].text.utf8.count <= 2_000)
    await session.finish()
  }

  @Test func aWaitingQuestionStillWaits() async throws {
    let (session, folder) = try await TestSessions.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = await session.execute("buy marks100")
    _ = await session.execute("advance 6m")
    _ = await session.execute("buy supplies")
    #expect(session.isAskingQuestion)
    _ = await session.execute(String(repeating: "y", count: InputLimit.maximumBytes + 1))
    #expect(session.isAskingQuestion)
    let confirmed = await session.execute("y")
    #expect(!confirmed.hasError)
    #expect(!session.isAskingQuestion)
    await session.finish()
  }

  /// Lines in order, and the history they left.
  final class RememberingInput: LineInput {
    var lines: [String]
    var history: [String] = []

    init(_ lines: [String]) {
      self.lines = lines
    }

    func readLine(prompt: String, context: CompletionContext) -> LineRead {
      lines.isEmpty ? .end : .line(lines.removeFirst())
    }

    func addHistory(_ line: String) { history.append(line) }
  }

  @Test func aRefusedLineStaysOutOfTheHistory() async throws {
    let (session, folder) = try await TestSessions.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = RememberingInput([
      "status", String(repeating: "h", count: InputLimit.maximumBytes + 1), "rates",
    ])
    var answers: [REPLLoop.Answer] = []
    let failed = await REPLLoop.run(session, input: input, bail: false) { answers.append($0) }
    #expect(failed)
    #expect(input.history == ["status", "rates"])
    #expect(answers.map(\.failed) == [false, true, false])
  }

  @Test func batchModeReadsPastAnEndlessLine() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("quietplaces-long-line-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let long = String(repeating: "v", count: 5 * InputLimit.maximumBytes)
    let batch = try ChildProcess.run(
      ["--save-dir", folder.path], input: "buy marks100\n\(long)\r\nbuy marks550\n")
    #expect(batch.status == 1)
    #expect(batch.output.utf8.count < 2_000)
    #expect(batch.lines.filter { $0.hasPrefix("error: ") }.count == 1)
    #expect(batch.lines.contains { $0.hasPrefix("error: the line is longer than 1,000,000 bytes") })
    #expect(batch.lines.contains { $0.hasPrefix("Bought 550 Postmarks") })
  }

  /// A command file written with a byte order mark (and Windows line ends) runs as typed: the mark
  /// opens the input and is no part of its first command. Anywhere else it is a character of the line.
  @Test func aByteOrderMarkOpeningTheInputIsNotPartOfTheFirstCommand() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("quietplaces-bom-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let marked = try ChildProcess.run(
      ["--save-dir", folder.path], input: "\u{FEFF}new --seed 7\r\nstate --json seed\r\n")
    #expect(marked.status == 0, "\(marked.lines)")
    #expect(marked.lines.contains(#"{"seed":7}"#))
    let later = try ChildProcess.run(["--save-dir", folder.path], input: "status\n\u{FEFF}status\n")
    #expect(later.status == 1)
    #expect(later.lines.contains { $0.hasPrefix(#"error: unknown command '\u{FEFF}status'"#) })
  }
}
