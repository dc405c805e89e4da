import Foundation
import QuietPlacesREPL
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesGolden

@Suite struct ScriptConditionsTests {
  let conditions = ScriptConditions(
    storefront: "GBR", fingerprints: ["balance": "0123456789ab", "storekit": "ba9876543210"], version: "1.2.0"
  )

  @Test(
    arguments: [
      ("storefront GBR", nil),
      ("storefront gbr", nil),
      ("storefront JPN", "requires storefront JPN; this run's is GBR"),
      ("balance 0123456789ab", nil),
      (
        "balance 0123456789aa",
        "requires balance 0123456789aa; this run's balance fingerprint is 0123456789ab"
      ),
      ("storekit BA9876543210", nil),
      ("quietplaces 1.2", nil),
      ("quietplaces 1.1.9", nil),
      ("quietplaces 1.10", "requires quietplaces 1.10 or later; this is 1.2.0"),
      ("quietplaces 2", "requires quietplaces 2 or later; this is 1.2.0"),
    ] as [(String, String?)])
  func checksACondition(condition: String, reason: String?) throws {
    #expect(try conditions.unmet(condition) == reason)
  }

  @Test func anUnknownConditionIsAnError() {
    #expect(throws: ScriptConditions.Problem.unknown("colour blue")) { try conditions.unmet("colour blue") }
    #expect(throws: ScriptConditions.Problem.unknown("storefront")) { try conditions.unmet("storefront") }
    #expect(throws: ScriptConditions.Problem.badVersion("1.x")) { try conditions.unmet("quietplaces 1.x") }
    // A condition that could never hold would skip the script for ever, saying only that it does not
    // hold: a storefront that is none, a fingerprint that is not 12 hex digits.
    #expect(throws: ScriptConditions.Problem.badStorefront("XXX")) { try conditions.unmet("storefront XXX") }
    #expect(throws: ScriptConditions.Problem.badFingerprint(word: "balance", value: "0123456789az")) {
      try conditions.unmet("balance 0123456789az")
    }
    #expect(throws: ScriptConditions.Problem.badFingerprint(word: "storekit", value: "ba98")) {
      try conditions.unmet("storekit ba98")
    }
  }

  /// A directive misspelled (`# require:`, `# Skip:`) would be read as prose and its condition never
  /// checked; a `# skip:` without a reason says nothing of why. Each is an error at its line.
  @Test func aMisspelledDirectiveOrASkipWithoutAReasonIsAnError() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("# require: storefront JPN\n> count\ncount 1\n", to: "a.qp")
    try folder.write("# Skip: later\n> count\ncount 1\n", to: "b.qp")
    try folder.write("# note\n# skip:\n> count\ncount 1\n", to: "c.qp")
    try folder.write("# Requirements: none. Skipping: never.\n> count\ncount 1\n", to: "d.qp")
    try folder.write(
      "# Rule: a comment that starts with a word and a colon is prose.\n> count\ncount 1\n", to: "e.qp")
    let (status, lines) = await run(folder, GoldenRunOptions(paths: ["."]))
    #expect(
      lines == [
        "FAIL a.qp",
        "error: a.qp:1: '# require: storefront JPN' is not a directive; write '# requires: storefront JPN', or reword the comment",
        "FAIL b.qp",
        "error: b.qp:1: '# Skip: later' is not a directive; write '# skip: later', or reword the comment",
        "FAIL c.qp",
        "error: c.qp:2: '# skip:' without a reason; say why, such as '# skip: waits for route 9'",
        "FAIL d.qp",
        "error: d.qp:1: '# Requirements: none. Skipping: never.' is not a directive; write '# requires: none. Skipping: never.', or reword the comment",
        "ok   e.qp",
        "1 passed, 4 failed",
      ])
    #expect(status == 1)
  }

  /// A comment whose first word is within a typo of `requires` or `skip`, with a colon (spaces before
  /// it too) or before a condition, is the directive misspelled, and the error writes it right.
  @Test(arguments: [
    ("# requires storefront USA", "# requires: storefront USA"),
    ("# reqiures: storefront USA", "# requires: storefront USA"),
    ("# requires : storefront USA", "# requires: storefront USA"),
    ("# Requires: balance 0123456789ab", "# requires: balance 0123456789ab"),
    ("# requries storekit 0123456789ab", "# requires: storekit 0123456789ab"),
    ("#requires quietplaces 1.0", "# requires: quietplaces 1.0"),
    ("# skip : flaky", "# skip: flaky"),
    ("# skip flaky", "# skip: flaky"),
    ("# skpi: flaky", "# skip: flaky"),
    ("# sikp: flaky", "# skip: flaky"),
    ("# skip", "# skip: REASON"),
  ])
  func aDirectiveWithinATypoIsAnErrorThatWritesItRight(written: String, meant: String) throws {
    let script = try GoldenScript.parse("# note\n\(written)\n> count\ncount 1\n", path: "x.qp")
    #expect(
      throws: GoldenScriptError(
        path: "x.qp", line: 2,
        problem: .badCondition(
          "'\(written.hasPrefix("# ") ? written : "# " + written.dropFirst())' is not a directive; write '\(meant)', or reword the comment"
        ))
    ) {
      try ScriptDirectives(script).skipReason(under: conditions, path: "x.qp")
    }
  }

  /// Prose that starts near a directive's word is still prose.
  @Test(arguments: [
    "# Requires nothing beyond a fresh game.", "# skipped in its suite; with --storekit it runs.",
    "# Ship: the first leg.", "# Skipping ahead, the ship reaches Gull Rock.", "# Acquires a sail",
    "# required reading", "# skip-list of the places", "# Rule: a colon after a word.",
    "# Skip to the end, where the postmarks are counted.",
  ])
  func proseNearADirectiveIsNotOne(comment: String) throws {
    let script = try GoldenScript.parse("\(comment)\n> count\ncount 1\n", path: "x.qp")
    #expect(ScriptDirectives(script).misspelled == [])
  }

  func run(_ folder: TemporaryFolder, _ options: GoldenRunOptions) async -> (status: Int32, lines: [String]) {
    let runner = GoldenRunner(options: options, currentDirectory: folder.url) { FakeSession(saveFolder: $0) }
    var lines: [String] = []
    let status = await runner.run { lines.append($0) }
    return (status, lines)
  }

  @Test func skippedScriptsAreCountedApartInEveryReport() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("> count\ncount 1\n", to: "a.qp")
    try folder.write("# skip: waiting for the new charts\n> count\nwrong\n", to: "b.qp")
    try folder.write("# A script for Japan.\n# requires: storefront JPN\n> count\nwrong\n", to: "c.qp")
    var options = GoldenRunOptions(paths: ["."], junitFiles: ["report.xml"])
    options.conditions = conditions
    let text = await run(folder, options)
    #expect(
      text.lines == [
        "ok   a.qp", "skip b.qp: waiting for the new charts",
        "skip c.qp: requires storefront JPN; this run's is GBR",
        "1 passed, 0 failed, 2 skipped",
      ])
    #expect(text.status == 0)
    let xml = try String(contentsOf: folder.url.appendingPathComponent("report.xml"), encoding: .utf8)
    #expect(xml.contains("skipped=\"2\""))
    #expect(xml.contains("<skipped message=\"waiting for the new charts\"/>"))
    // Each skipped case points at the line of the directive that skipped it (it said line 1).
    #expect(xml.contains(#"file="b.qp" line="1">"#))
    #expect(xml.contains(#"file="c.qp" line="2">"#))
    options.tap = true
    let tap = await run(folder, options)
    #expect(tap.lines.contains("ok 2 - b.qp # SKIP waiting for the new charts"))
    #expect(tap.lines.last == "# 1 passed, 0 failed, 2 skipped")
  }

  @Test func aBadConditionOrAnUnsetVariableIsAnErrorAtItsLine() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("# pinned\n# requires: colour blue\n> count\ncount 1\n", to: "a.qp")
    try folder.write("> count\ncount 1\n> echo $NAME\nx\n", to: "b.qp")
    try folder.write("> echo ${NAME:-x} $$NAME\nx $NAME\n", to: "c.qp")
    let (status, lines) = await run(folder, GoldenRunOptions(paths: ["."]))
    #expect(
      lines == [
        "FAIL a.qp",
        "error: a.qp:2: '# requires: colour blue' is not a condition; write one of 'storefront CODE', "
          + "'balance HASH', 'storekit HASH' or 'quietplaces VERSION'",
        "FAIL b.qp",
        "error: b.qp:3: the command uses $NAME, which is not set; set it (NAME=VALUE quietplaces test …) "
          + "or give a default: ${NAME:-VALUE}",
        "ok   c.qp",
        "1 passed, 2 failed",
      ])
    #expect(status == 1)
  }
}
