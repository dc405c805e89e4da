import Foundation
import QuietPlacesREPL
import QuietPlacesTestSupport
import Testing

/// A line pasted from a web page, a chat or a document: every space of Unicode separates words.
@Suite struct CommandWordsTests {
  /// The same duration written with each kind of space between its words.
  @Test(arguments: ["\u{A0}", "\u{202F}", "\u{2009}", "\u{3000}", "\u{2002}", " \u{A0} "])
  func everySpaceSeparatesTheWordsOfALine(_ space: String) async throws {
    let (session, folder) = try await TestSessions.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = await session.execute("close")
    let output = await session.execute("advance\(space)1h\(space)30m")
    #expect(output.filter(\.isError).isEmpty, "\(output)")
    #expect(
      output.first?.text.hasPrefix("The app is closed: the clock moves 1h 30m to ") == true, "\(output)")
  }

  /// A joiner or a zero-width space is not a space: the word holding it is refused and shows it.
  @Test func aZeroWidthSpaceIsNotASpace() async throws {
    let (session, folder) = try await TestSessions.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = await session.execute("advance\u{200B}1h")
    #expect(
      output.map(\.text) == [
        "error: unknown command 'advance\\u{200B}1h'; did you mean 'advance'? (help lists every command)"
      ])
  }

  /// A word holding a control character (a stray Ctrl-G) is no command mistyped: nothing is
  /// suggested (one edit from `?`, it was offered `?`).
  @Test func aControlCharacterIsNoCommandMistyped() async throws {
    let (session, folder) = try await TestSessions.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(
      await session.execute("\u{7}").map(\.text) == [
        "error: unknown command '\\u{7}'; help lists every command"
      ])
    await session.finish()
  }
}
