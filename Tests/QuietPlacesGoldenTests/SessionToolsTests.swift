import Foundation
import QuietPlacesGolden
import QuietPlacesREPL
import QuietPlacesTestSupport
import Testing

@Suite struct ScriptRunnerTests {
  let script = try! GoldenScript.parse(
    "# start\n> count\nignored expected output\n> nonsense\n> echo after\n", path: "r.qp")

  @Test func printsTheTranscriptAndRunsPastErrors() async {
    let session = FakeSession(saveFolder: URL(fileURLWithPath: "/"))
    var lines: [String] = []
    let failed = await ScriptRunner().run(script, in: session) { lines.append($0) }
    #expect(
      lines == [
        "# start", "> count", "count 1", "> nonsense",
        "error: unknown command 'nonsense'; help lists every command", "> echo after", "after",
      ])
    #expect(failed)
    #expect(session.finished)
  }

  /// `quit` ends the script as it ends batch mode: the session is finished there, and a command after
  /// it is an error at its line that says what to write instead.
  @Test func quitEndsTheScriptAndALaterCommandIsAnError() async throws {
    let ending = try GoldenScript.parse("> count\n> quit\n", path: "q.qp")
    let session = FakeSession(saveFolder: URL(fileURLWithPath: "/"))
    var lines: [String] = []
    #expect(await !ScriptRunner().run(ending, in: session) { lines.append($0) })
    #expect(lines == ["> count", "count 1", "> quit"])
    #expect(session.finished)
    let later = try GoldenScript.parse("> count\n> quit\n# after\n> count\n> echo x\n", path: "q.qp")
    let other = FakeSession(saveFolder: URL(fileURLWithPath: "/"))
    lines = []
    #expect(await ScriptRunner(keepSession: true).run(later, in: other) { lines.append($0) })
    #expect(
      lines == [
        "> count", "count 1", "> quit",
        "error: q.qp:4: quit on line 2 ended the session, so this command and those after it did not run; "
          + "write close to close the app and go on, or end the script at quit",
      ])
    #expect(other.finished)
  }

  @Test func bailStopsAtTheFirstError() async {
    let session = FakeSession(saveFolder: URL(fileURLWithPath: "/"))
    var lines: [String] = []
    let failed = await ScriptRunner(bail: true).run(script, in: session) { lines.append($0) }
    #expect(lines.last == "error: unknown command 'nonsense'; help lists every command")
    #expect(failed)
  }

  @Test func stepRunsOnEnterRunsTypedCommandsAndStopsOnQ() async {
    let session = FakeSession(saveFolder: URL(fileURLWithPath: "/"))
    // Enter runs line 2 (whose output differs from the file's: flagged); `count` at the pause runs on
    // the current state; then q stops before line 4, and says so.
    let input = ScriptedInput([.line(""), .line("count"), .line("q")])
    var lines: [String] = []
    let failed = await ScriptRunner(step: true).run(script, in: session, input: input) { lines.append($0) }
    #expect(
      lines == [
        ScriptRunner.stepHelp, "# start", "> count", "count 1",
        "! line 2: this output differs from the script's (1 expected line); quietplaces test shows the difference",
        "> nonsense", "count 2", "Stopped before line 4 (> nonsense); the rest of the script did not run.",
      ])
    #expect(input.prompts == ["step 2> ", "step 4> ", "step 4> "])
    #expect(!failed)
    #expect(session.finished)
  }

  /// Ctrl-C at a pause discards the line being typed and pauses again, as at the REPL's prompt; it
  /// ended the whole walk.
  @Test func ctrlCAtAPauseDiscardsTheLine() async {
    let session = FakeSession(saveFolder: URL(fileURLWithPath: "/"))
    let input = ScriptedInput([.interrupted, .line(""), .interrupted, .line("q")])
    var lines: [String] = []
    _ = await ScriptRunner(step: true).run(script, in: session, input: input) { lines.append($0) }
    #expect(input.prompts == ["step 2> ", "step 2> ", "step 4> ", "step 4> "])
    #expect(lines.last == "Stopped before line 4 (> nonsense); the rest of the script did not run.")
  }

  /// A script of six commands with a breakpoint before the fifth.
  let long = try! GoldenScript.parse(
    """
    > count
    > count
    > count
    > count
    # break here
    > echo five
    > echo six

    """, path: "long.qp")

  @Test func continueRunsToTheNextBreakAndUntilToALine() async {
    let session = FakeSession(saveFolder: URL(fileURLWithPath: "/"))
    // Line 1: continue runs lines 1–4 and pauses after `# break` (line 5) before line 6; there
    // `until 7` runs line 6 and pauses before line 7; Enter runs it.
    let input = ScriptedInput([.line("continue"), .line("until 7"), .line("")])
    var lines: [String] = []
    _ = await ScriptRunner(step: true).run(long, in: session, input: input) { lines.append($0) }
    #expect(input.prompts == ["step 1> ", "step 6> ", "step 7> "])
    #expect(lines.last == "six")
    #expect(lines.filter { $0.hasPrefix("count ") } == ["count 1", "count 2", "count 3", "count 4"])
  }

  @Test(arguments: [
    ("# break", true), ("# break: after the crash", true), ("#break here", true), ("#\tBREAK", true),
    ("# breaking news", false), ("# a break", false), ("# break-even", false),
  ])
  func breakpoints(comment: String, isBreak: Bool) {
    #expect(ScriptRunner.isBreak(comment) == isBreak)
  }

  @Test func untilRefusesALineNotAhead() async {
    let session = FakeSession(saveFolder: URL(fileURLWithPath: "/"))
    let input = ScriptedInput([.line("until 1"), .line("until x"), .line("until 3"), .line("q")])
    var lines: [String] = []
    _ = await ScriptRunner(step: true).run(long, in: session, input: input) { lines.append($0) }
    #expect(
      lines.contains(
        "error: line 1 is not after this command (line 1) within the script (7 lines); write until N with N from 2 to 7"
      ))
    #expect(lines.contains("error: until needs a line number; write until N, such as until 2"))
    // until 3 ran lines 1 and 2, and paused before line 3, where q stopped.
    #expect(input.prompts == ["step 1> ", "step 1> ", "step 1> ", "step 3> "])
    #expect(lines.filter { $0.hasPrefix("count ") } == ["count 1", "count 2"])
  }

  /// A pause's words split as a command line's do: `until 3` with a no-break space (as copied from
  /// a web page or a chat) goes to line 3 rather than running as a command.
  @Test func untilWithANoBreakSpaceGoesToTheLine() async {
    let session = FakeSession(saveFolder: URL(fileURLWithPath: "/"))
    let input = ScriptedInput([.line("until\u{00A0}3"), .line("q")])
    var lines: [String] = []
    _ = await ScriptRunner(step: true).run(long, in: session, input: input) { lines.append($0) }
    #expect(input.prompts == ["step 1> ", "step 3> "])
    #expect(lines.filter { $0.hasPrefix("count ") } == ["count 1", "count 2"])
  }

  @Test func aQuestionAskedAtAPauseIsAnsweredThere() async {
    let session = FakeSession(saveFolder: URL(fileURLWithPath: "/"))
    let input = ScriptedInput([.line("ask"), .line("yes"), .line("q")])
    var lines: [String] = []
    _ = await ScriptRunner(step: true).run(long, in: session, input: input) { lines.append($0) }
    #expect(
      lines.suffix(3) == [
        "sure?", "you said yes", "Stopped before line 1 (> count); the rest of the script did not run.",
      ])
    #expect(input.prompts == ["step 1> ", "sure? ", "step 1> "])
  }

  @Test func aDifferingStepIsFlaggedAndQSaysWhereItStopped() async throws {
    let script = try GoldenScript.parse(
      """
      > echo one
      one
      > echo two
      three
      > echo four
      four

      """, path: "expected.qp")
    let session = FakeSession(saveFolder: URL(fileURLWithPath: "/"))
    let input = ScriptedInput([.line(""), .line(""), .line("q")])
    var lines: [String] = []
    _ = await ScriptRunner(step: true).run(script, in: session, input: input) { lines.append($0) }
    #expect(
      lines.filter { $0.hasPrefix("! ") } == [
        "! line 3: this output differs from the script's (1 expected line); quietplaces test shows the difference"
      ])
    #expect(lines.last == "Stopped before line 5 (> echo four); the rest of the script did not run.")
  }

  @Test func keepSessionLeavesTheSessionOpen() async {
    let session = FakeSession(saveFolder: URL(fileURLWithPath: "/"))
    _ = await ScriptRunner(keepSession: true).run(long, in: session) { _ in }
    #expect(!session.finished)
  }
}

@Suite struct TranscriptRecorderTests {
  @Test func aRecordedSessionPassesAsAGoldenTest() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = folder.url.appendingPathComponent("recorded.qp")
    let session = FakeSession(saveFolder: folder.url)
    let recorder = try TranscriptRecorder(url: file, header: ["# recorded"])
    for command in ["count", "ask", "no", "echo  spaced  words", "nonsense", "count"] {
      let output = await session.execute(command).texts
      try recorder.record(command: command, output: output + [""])
    }
    try recorder.stop()
    try recorder.record(command: "count", output: ["ignored after stop"])
    #expect(!recorder.isRecording)
    #expect(
      try folder.read("recorded.qp") == """
        # recorded
        > count
        count 1
        > ask
        sure?
        > no
        you said no
        > echo  spaced  words
        spaced words
        > nonsense
        error: unknown command 'nonsense'; help lists every command
        > count
        count 2

        """)

    let runner = GoldenRunner(options: GoldenRunOptions(paths: ["recorded.qp"]), currentDirectory: folder.url)
    {
      FakeSession(saveFolder: $0)
    }
    var lines: [String] = []
    let status = await runner.run { lines.append($0) }
    #expect(lines == ["ok   recorded.qp", "1 passed, 0 failed"])
    #expect(status == 0)
  }

  @Test func appendingAddsToTheEnd() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("> count\ncount 1", to: "more.qp")
    let recorder = try TranscriptRecorder(url: file, appending: true)
    try recorder.record(command: "count", output: ["count 2"])
    try recorder.stop()
    #expect(try folder.read("more.qp") == "> count\ncount 1\n> count\ncount 2\n")
  }

  /// A file that ends its last line gets no blank line; the recorder reads only that last byte.
  @Test func appendingAfterAWholeLineAddsNoBlankLine() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("> count\ncount 1\n", to: "more.qp")
    let recorder = try TranscriptRecorder(url: file, appending: true)
    try recorder.record(command: "count", output: ["count 2"])
    try recorder.stop()
    #expect(try folder.read("more.qp") == "> count\ncount 1\n> count\ncount 2\n")
    let empty = try folder.write("", to: "empty.qp")
    let first = try TranscriptRecorder(url: empty, appending: true)
    try first.record(command: "count", output: ["count 1"])
    try first.stop()
    #expect(try folder.read("empty.qp") == "> count\ncount 1\n")
  }
}
