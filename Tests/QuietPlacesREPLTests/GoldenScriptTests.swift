import Foundation
import QuietPlacesREPL
import Testing

@Suite struct GoldenScriptTests {
  typealias Line = GoldenScript.Line

  @Test func parsesCommentsCommandsAndOutputWithLineNumbers() throws {
    let text = """
      # a voyage
      > new --seed 7
      A new voyage.

      Seed 7.


      > status
      \t@ sea
      # the end
      > quit

      """
    let script = try GoldenScript.parse(text, path: "a.qp")
    #expect(
      script.entries == [
        .comment(Line(number: 1, text: "# a voyage")),
        .command(
          .init(
            command: "new --seed 7", line: 2,
            expected: [
              Line(number: 3, text: "A new voyage."), Line(number: 4, text: ""),
              Line(number: 5, text: "Seed 7."),
            ])),
        .command(.init(command: "status", line: 8, expected: [Line(number: 9, text: "\t@ sea")])),
        .comment(Line(number: 10, text: "# the end")),
        .command(.init(command: "quit", line: 11, expected: [])),
      ])
    #expect(script.rendered() == text)
  }

  @Test func tabAfterPromptAndCRLFAreAccepted() throws {
    let text = ">\tstatus\r\nat sea\r\n"
    let script = try GoldenScript.parse(text, path: "a.qp")
    #expect(script.blocks == [.init(command: "status", line: 1, expected: [Line(number: 2, text: "at sea")])])
    #expect(script.rendered() == text)
    #expect(script.rendered(actualOutputs: [["in port"]]) == ">\tstatus\r\nin port\r\n")
  }

  @Test(arguments: [
    ("# c\n\nstray\n> status\n", "a.qp:3: output line before any command; start a command with '> '"),
    (
      "> status\nok\n# note\nstray\n",
      "a.qp:4: output line after a comment (a comment ends a command's output); "
        + "move it above the comment or start a command with '> '"
    ),
    ("> status\n>\n", "a.qp:2: empty command; write the command after '> ', for example '> status'"),
    ("> status\n>   \n", "a.qp:2: empty command; write the command after '> ', for example '> status'"),
    (">status\n", "a.qp:1: '>' must be followed by a space; write '> ' and then the command"),
    ("# only a comment\n", "a.qp: no commands; a script needs at least one line starting with '> '"),
    ("", "a.qp: no commands; a script needs at least one line starting with '> '"),
  ])
  func malformedScripts(text: String, message: String) {
    #expect {
      try GoldenScript.parse(text, path: "a.qp")
    } throws: { error in
      (error as? GoldenScriptError)?.description == message
    }
  }

  @Test func notUTF8NamesTheLine() {
    let data = Data("> status\nok\n".utf8) + Data([0x66, 0xFF, 0x0A])
    #expect(throws: GoldenScriptError(path: "b.qp", line: 3, problem: .notUTF8)) {
      try GoldenScript.parse(data: data, path: "b.qp")
    }
    #expect(
      GoldenScriptError(path: "b.qp", line: 3, problem: .notUTF8).description
        == "b.qp:3: not UTF-8 text; save the script as UTF-8")
  }

  @Test func unreadableFile() {
    let url = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/x.qp")
    #expect {
      try GoldenScript.load(from: url, path: "x.qp")
    } throws: { error in
      guard let error = error as? GoldenScriptError, case .unreadable = error.problem else { return false }
      return error.description.hasPrefix("x.qp: cannot be read (")
    }
  }

  @Test func matchingIgnoresTrailingBlankLinesAndTrailingSpaces() {
    let block = GoldenScript.Block(
      command: "status", line: 1, expected: [Line(number: 2, text: "a"), Line(number: 3, text: "b  ")])
    #expect(block.matches(["a", "b", "", ""]))
    #expect(!block.matches(["a", "c"]))
    #expect(!block.matches(["a"]))
  }

  @Test func renderingReplacesOnlyFailingOutput() throws {
    let text = """
      # keep me
      > one
      1

      > two
      old
      old too


      # and me
      > three
      3
      """
    let script = try GoldenScript.parse(text, path: "a.qp")
    let rendered = script.rendered(actualOutputs: [["1  "], ["new", ""], ["3"]])
    #expect(
      rendered == """
        # keep me
        > one
        1

        > two
        new


        # and me
        > three
        3
        """)
  }

  @Test func renderingFillsAnEmptyBlock() throws {
    let script = try GoldenScript.parse("> one\n> two\n", path: "a.qp")
    #expect(script.rendered(actualOutputs: [["a", "b"], []]) == "> one\na\nb\n> two\n")
  }
}
