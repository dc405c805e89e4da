import Foundation
import QuietPlacesGolden
import Testing

/// A session copied from the terminal parses as the script it stands for.
@Suite struct CopiedSessionParseTests {
  @Test func promptsReadAsCommandsAndAnswersOnlyAfterAQuestion() throws {
    let copied = """
      qp> new --seed 7
      New game.
      ? not an answer: no question was asked
      qp> fresh-voyage
      Start a fresh voyage? [y/N]
      ? n
      Cancelled; nothing changed.
      qp>

      """
    let script = try GoldenScript.parse(copied, path: "copied.qp")
    #expect(script.blocks.map(\.command) == ["new --seed 7", "fresh-voyage", "n"])
    #expect(
      script.blocks.map { $0.expected.map(\.text) } == [
        ["New game.", "? not an answer: no question was asked"],
        ["Start a fresh voyage? [y/N]"],
        ["Cancelled; nothing changed."],
      ])
    // The same lines written as a script parse the same.
    let written = try GoldenScript.parse(
      """
      > new --seed 7
      New game.
      ? not an answer: no question was asked
      > fresh-voyage
      Start a fresh voyage? [y/N]
      > n
      Cancelled; nothing changed.

      """, path: "written.qp")
    #expect(written.blocks.map(\.command) == script.blocks.map(\.command))
  }

  /// Enter pressed at a question: recorded as `> `, copied as `? `, either with its space stripped.
  @Test(arguments: ["> ", ">", "? ", "?"])
  func anEmptyAnswerAfterAQuestionIsTheDefault(answer: String) throws {
    let script = try GoldenScript.parse(
      "> fresh-voyage\nStart a fresh voyage? [y/N]\n\(answer)\nCancelled; nothing changed.\n> status\n",
      path: "answer.qp")
    #expect(script.blocks.map(\.command) == ["fresh-voyage", "", "status"])
    #expect(script.blocks[1].line == 3)
    #expect(script.blocks[1].expected.map(\.text) == ["Cancelled; nothing changed."])
  }

  /// Without a question waiting, `> ` alone is still an empty command, at its line.
  @Test func anEmptyCommandWithoutAQuestionIsAnError() {
    #expect(throws: GoldenScriptError(path: "x.qp", line: 3, problem: .emptyCommand)) {
      try GoldenScript.parse("> status\nDiscoveries 0.\n> \n", path: "x.qp")
    }
  }

  /// A byte-order mark at the start of a script stays there when its output is rewritten.
  @Test func aRewrittenScriptKeepsItsByteOrderMark() throws {
    let script = try GoldenScript.parse("\u{FEFF}# a note\n> count\ncount 9\n", path: "bom.qp")
    #expect(script.blocks.map(\.command) == ["count"])
    #expect(script.rendered(actualOutputs: [["count 1"]]) == "\u{FEFF}# a note\n> count\ncount 1\n")
    #expect(script.updatedText(actualOutputs: [["count 1"]]).text == "\u{FEFF}# a note\n> count\ncount 1\n")
    #expect(script.rendered() == "\u{FEFF}# a note\n> count\ncount 9\n")
    // Read from its bytes, as `test --update` reads a file: the mark is kept there too (Foundation's
    // `String(data:encoding:)` drops it).
    let bytes = Data([0xEF, 0xBB, 0xBF] + Array("# a note\n> count\ncount 9\n".utf8))
    let read = try GoldenScript.parse(data: bytes, path: "bom.qp")
    #expect(Array(read.updatedText(actualOutputs: [["count 1"]]).text.utf8.prefix(3)) == [0xEF, 0xBB, 0xBF])
  }

  /// Lines that end in a CR alone are one line to the parser: the file says so, once.
  @Test func carriageReturnsAloneAreAnErrorForTheFile() {
    #expect(throws: GoldenScriptError(path: "mac.qp", line: nil, problem: .carriageReturnsOnly)) {
      try GoldenScript.parse("# a note\r> count\rcount 1\r", path: "mac.qp")
    }
    #expect(
      GoldenScriptError(path: "mac.qp", line: nil, problem: .carriageReturnsOnly).description
        == "mac.qp: its lines end in a carriage return alone (CR, as classic Mac OS wrote them), so it reads "
        + "as one line; save it with LF (or CRLF) line endings")
  }
}
