import Foundation
import QuietPlacesREPL
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesGolden

/// What used to hang the suite: a script that never ends, and patterns that backtracked for minutes.
/// Each test has a time limit, so that a regression fails instead of hanging.
@Suite struct ScriptTimeLimitTests {
  func run(_ folder: TemporaryFolder, _ options: GoldenRunOptions) async -> (status: Int32, lines: [String]) {
    let runner = GoldenRunner(options: options, currentDirectory: folder.url) { FakeSession(saveFolder: $0) }
    var lines: [String] = []
    let status = await runner.run { lines.append($0) }
    return (status, lines)
  }

  /// The script sleeps for a week: the test's own time limit fails it if the runner waits for that.
  @Test(.timeLimit(.minutes(3))) func aScriptPastItsTimeFailsAndTheSuiteGoesOn() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("> count\ncount 1\n> sleep 600000\nslept\n", to: "a-slow.qp")
    try folder.write("> count\ncount 1\n", to: "b-quick.qp")
    var options = GoldenRunOptions(paths: ["."], jobs: 1, junitFiles: ["junit.xml"])
    options.timeout = 1
    let (status, lines) = await run(folder, options)
    let message =
      "a-slow.qp:3: still running after 1 s, the time limit (--timeout), in '> sleep 600000'; stopped it"
    #expect(lines == ["FAIL a-slow.qp", message, "ok   b-quick.qp", "1 passed, 1 failed"])
    #expect(status == 1)
    // JUnit names the time limit and the command at its line, with what the script printed until then.
    let xml = try folder.read("junit.xml")
    #expect(xml.contains(#"file="a-slow.qp" line="3">"#), "\(xml)")
    #expect(
      xml.contains(
        #"<failure message="\#(message.replacingOccurrences(of: "'", with: "&apos;").replacingOccurrences(of: ">", with: "&gt;"))" type="timeout">"#
      ),
      "\(xml)")
    #expect(xml.contains("<system-out>&gt; count\ncount 1\n&gt; sleep 600000\n</system-out>"), "\(xml)")
    // TAP too.
    options.junitFiles = []
    options.tap = true
    let tap = await run(folder, options).lines
    #expect(tap.contains("  message: \"\(message)\""), "\(tap)")
    #expect(tap.contains("  at: \"a-slow.qp:3\""), "\(tap)")
  }

  @Test(.timeLimit(.minutes(1))) func nestedQuantifiersFailTheLineAtOnce() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let state =
      #"{"clock":"2026-01-05T09:00:00Z","countdowns":{"current":1,"survey":20},"postmarks":30,"seed":7}"#
    try folder.write(
      """
      > echo \(state)
      \\{(.*,)*"postmarks":99,.*\\} (re)
      > echo aaaaaaaaaaaaaaaaaaaa!
      (a+)+ (re)

      """, to: "hang.qp")
    let (status, lines) = await run(folder, GoldenRunOptions(paths: ["hang.qp"]))
    #expect(lines.first == "FAIL hang.qp")
    #expect(lines.contains("+" + state))
    #expect(lines.contains("+aaaaaaaaaaaaaaaaaaaa!"))
    #expect(status == 1)
  }

  @Test(.timeLimit(.minutes(1))) func aBackreferencePastItsBudgetSaysSoOnItsLine() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("> echo \(String(repeating: "a", count: 40))\n(a+)+\\1b (re)\n", to: "b.qp")
    let (status, lines) = await run(folder, GoldenRunOptions(paths: ["b.qp"]))
    #expect(
      lines.contains(
        "b.qp:2: the pattern took too long (over 1,000,000 steps, backtracking into its backreference); "
          + "write it without the backreference"))
    #expect(status == 1)
  }
}
