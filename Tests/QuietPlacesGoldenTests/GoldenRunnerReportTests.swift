import Foundation
import FoundationXML
import QuietPlacesGolden
import QuietPlacesREPL
import QuietPlacesTestSupport
import QuietPlacesUtilities
import Testing

/// What the runner reports beyond `ok`/`FAIL`: JSON field differences, `--update`'s count, JUnit, TAP,
/// shards and `--list`.
@Suite struct GoldenRunnerReportTests {
  /// Three scripts in two folders; `b/two.qp` fails on a JSON line unless `brokenJSON` is false.
  func makeScripts(brokenJSON: Bool = true) throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("> count\ncount 1\n", to: "a/one.qp")
    let expectedJSON =
      brokenJSON
      ? #"{"ship":{"sails":0,"speed":10},"postmarks":20}"#
      : #"{"ship":{"sails":1,"speed":10},"postmarks":24}"#
    try folder.write(
      "# a JSON line\n> echo {\"ship\":{\"sails\":1,\"speed\":10},\"postmarks\":24}\n\(expectedJSON)\n",
      to: "b/two.qp")
    try folder.write("> echo hi\nhi\n", to: "b/three.qp")
    return folder
  }

  func run(
    _ folder: TemporaryFolder, _ options: GoldenRunOptions, colour: Bool = false
  ) async -> (status: Int32, lines: [String]) {
    let runner = GoldenRunner(options: options, currentDirectory: folder.url, colour: colour) {
      FakeSession(saveFolder: $0)
    }
    var lines: [String] = []
    let status = await runner.run { lines.append($0) }
    return (status, lines)
  }

  @Test func aFailingJSONLineListsTheFieldsThatDiffer() async throws {
    let folder = try makeScripts()
    defer { folder.remove() }
    let (status, lines) = await run(folder, GoldenRunOptions(paths: ["b/two.qp"]))
    #expect(status == 1)
    #expect(lines.first == "FAIL b/two.qp")
    #expect(lines.contains(#"-{"ship":{"sails":0,"speed":10},"postmarks":20}"#))
    // Under the diff: where the line is, then one line per differing field.
    #expect(
      Array(lines.suffix(4)) == [
        #"b/two.qp:3 (> echo {"ship":{"sails":1,"speed":10},"postmarks":24}): 2 fields differ in the JSON line:"#,
        "  ship.sails: expected 0, got 1",
        "  postmarks: expected 20, got 24",
        "0 passed, 1 failed",
      ])
  }

  @Test func diffsAreColouredOnlyWhenAsked() async throws {
    let folder = try makeScripts()
    defer { folder.remove() }
    let plain = await run(folder, GoldenRunOptions(paths: ["b/two.qp"]))
    #expect(!plain.lines.joined().contains("\u{1B}"))
    let coloured = await run(folder, GoldenRunOptions(paths: ["b/two.qp"]), colour: true)
    // The removed line is red with the changed words (0 and 20) in reverse video; the added line green.
    #expect(
      coloured.lines.contains(
        "\u{1B}[31m-{\"ship\":{\"sails\":\u{1B}[7m0\u{1B}[27m,\"speed\":10},\"postmarks\":\u{1B}[7m20\u{1B}[27m}\u{1B}[0m"
      ))
    #expect(
      coloured.lines.contains(
        "\u{1B}[32m+{\"ship\":{\"sails\":\u{1B}[7m1\u{1B}[27m,\"speed\":10},\"postmarks\":\u{1B}[7m24\u{1B}[27m}\u{1B}[0m"
      ))
    #expect(coloured.lines.last == "0 passed, 1 failed")
  }

  @Test func updateCountsRewrittenScriptsAsPassedAndExitsZero() async throws {
    let folder = try makeScripts()
    defer { folder.remove() }
    let updated = await run(folder, GoldenRunOptions(paths: ["."], update: true))
    // three.qp and one.qp pass as they are; two.qp is rewritten: 3 passed, 1 updated.
    #expect(
      updated.lines.filter {
        !$0.hasPrefix(" ") && !$0.hasPrefix("-") && !$0.hasPrefix("+") && !$0.hasPrefix("@")
          && !$0.hasPrefix("b/two.qp:")
      } == [
        "ok   a/one.qp", "ok   b/three.qp", "updated b/two.qp", "1 updated", "3 passed, 0 failed",
      ])
    #expect(updated.status == 0)
    let again = await run(folder, GoldenRunOptions(paths: ["."], update: true))
    #expect(again.lines.suffix(2) == ["0 updated", "3 passed, 0 failed"])
    #expect(again.status == 0)
  }

  @Test func updateExitsOneWhenAFailureCouldNotBeRewritten() async throws {
    let folder = try makeScripts()
    defer { folder.remove() }
    try folder.write("stray line\n> count\n", to: "c/bad.qp")
    let (status, lines) = await run(folder, GoldenRunOptions(paths: ["."], update: true))
    #expect(lines.suffix(2) == ["1 updated", "3 passed, 1 failed"])
    #expect(status == 1)
  }

  @Test func junitHasOneTestcasePerScriptWithTheDiffInItsFailure() async throws {
    let folder = try makeScripts()
    defer { folder.remove() }
    try folder.write("stray line\n> count\n", to: "c/bad.qp")
    let (status, _) = await run(folder, GoldenRunOptions(paths: ["."], junitFiles: ["reports/junit.xml"]))
    #expect(status == 1)
    let document = try XMLDocument(
      data: Data(try folder.read("reports/junit.xml").utf8), options: [])
    let root = try #require(document.rootElement())
    #expect(root.name == "testsuites")
    #expect(root.attribute(forName: "tests")?.stringValue == "4")
    #expect(root.attribute(forName: "failures")?.stringValue == "1")
    #expect(root.attribute(forName: "errors")?.stringValue == "1")
    let cases = try root.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
    #expect(
      cases.map {
        "\($0.attribute(forName: "classname")?.stringValue ?? "")|\($0.attribute(forName: "name")?.stringValue ?? "")"
      }
        == ["a|one.qp", "b|three.qp", "b|two.qp", "c|bad.qp"])
    for testcase in cases {
      let time = try #require(Double(testcase.attribute(forName: "time")?.stringValue ?? ""))
      #expect(time >= 0 && time < 60)
    }
    let failure = try #require(cases[2].elements(forName: "failure").first)
    let body = try #require(failure.stringValue)
    #expect(body.hasPrefix("--- b/two.qp (expected)\n+++ b/two.qp (actual)\n"))
    #expect(body.contains(#"-{"ship":{"sails":0,"speed":10},"postmarks":20}"#))
    #expect(body.hasSuffix("  ship.sails: expected 0, got 1\n  postmarks: expected 20, got 24"))
    let error = try #require(cases[3].elements(forName: "error").first)
    #expect(error.stringValue?.contains("c/bad.qp:1: output line before any command") == true)
    #expect(cases[0].children == nil || cases[0].children?.isEmpty == true)
  }

  @Test func xmlOutputFileGetsTheSameReport() async throws {
    let folder = try makeScripts(brokenJSON: false)
    defer { folder.remove() }
    // As `--junit mine.xml` with `XML_OUTPUT_FILE` set gives them.
    let options = GoldenRunOptions(
      paths: ["."], junitFiles: ["mine.xml", folder.url.path + "/bazel/test.xml"])
    let (status, _) = await run(folder, options)
    #expect(status == 0)
    let mine = try folder.read("mine.xml")
    let bazel = try folder.read("bazel/test.xml")
    #expect(
      try XMLDocument(data: Data(bazel.utf8)).rootElement()?.attribute(forName: "tests")?.stringValue == "3")
    // The same results; only the measured times may differ.
    let withoutTimes = { (text: String) in
      text.replacingOccurrences(of: #"time="[0-9.]+""#, with: "", options: .regularExpression)
    }
    #expect(withoutTimes(mine) == withoutTimes(bazel))
  }

  @Test func junitEscapesWhatXMLCannotHoldAsIs() throws {
    let result = ScriptResult(
      path: "x/<&>.qp", outcome: .failed(diff: ["-a \"quoted\" & <tag>", "+\u{1B}[31mred"]), seconds: 0.0125)
    let xml = JUnitReport.xml([result], name: "n", seconds: 1)
    let document = try XMLDocument(data: Data(xml.utf8))
    let testcase = try #require(try document.nodes(forXPath: "//testcase").first as? XMLElement)
    #expect(testcase.attribute(forName: "name")?.stringValue == "<&>.qp")
    #expect(testcase.attribute(forName: "time")?.stringValue == "0.013")
    #expect(
      testcase.elements(forName: "failure").first?.stringValue == "-a \"quoted\" & <tag>\n+\\u{1B}[31mred")
  }

  @Test func tapVersion14() async throws {
    let folder = try makeScripts()
    defer { folder.remove() }
    let (status, lines) = await run(folder, GoldenRunOptions(paths: ["."], tap: true))
    #expect(status == 1)
    #expect(
      Array(lines.prefix(5)) == [
        "TAP version 14", "1..3", "ok 1 - a/one.qp", "ok 2 - b/three.qp", "not ok 3 - b/two.qp",
      ])
    #expect(lines[5] == "  ---")
    #expect(lines[6] == "  message: \"the output differs from the script\"")
    #expect(lines[7] == "  diff: |")
    #expect(lines[8] == "    --- b/two.qp (expected)")
    #expect(lines.contains("      ship.sails: expected 0, got 1"))
    #expect(lines.suffix(2) == ["  ...", "# 2 passed, 1 failed"])
    // Every line is TAP: a version, a plan, test points, YAML blocks indented under them, or comments.
    #expect(
      lines.allSatisfy {
        $0.hasPrefix("TAP ") || $0.hasPrefix("1..") || $0.hasPrefix("ok ") || $0.hasPrefix("not ok ")
          || $0.hasPrefix("  ") || $0.hasPrefix("# ")
      })
  }

  @Test func tapWithUpdateAndWithNothingToRun() async throws {
    let folder = try makeScripts()
    defer { folder.remove() }
    let updated = await run(folder, GoldenRunOptions(paths: ["b"], update: true, tap: true))
    #expect(
      updated.lines == [
        "TAP version 14", "1..2", "ok 1 - b/three.qp", "ok 2 - b/two.qp", "# updated b/two.qp", "# 1 updated",
        "# 2 passed, 0 failed",
      ])
    #expect(updated.status == 0)
    let none = await run(folder, GoldenRunOptions(paths: ["."], filter: "zzz", tap: true))
    #expect(
      none.lines == [
        "TAP version 14", "1..0", "Bail out! no script path contains 'zzz'; check the --filter text",
      ])
    #expect(none.status == 1)
  }

  /// Seven scripts, so that shards of 1 to 8 include uneven and empty ones.
  func sevenScripts() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    for name in ["g", "c", "a", "f", "b", "e", "d"] {
      try folder.write("> echo \(name)\n\(name)\n", to: "s/\(name).qp")
    }
    return folder
  }

  @Test(arguments: 1...8)
  func shardsPartitionTheSortedScripts(count: Int) async throws {
    let folder = try sevenScripts()
    defer { folder.remove() }
    let sorted = ["a", "b", "c", "d", "e", "f", "g"].map { "s/\($0).qp" }
    var seen: [String] = []
    for index in 0..<count {
      let flag = GoldenRunOptions(paths: ["s"], shard: Shard(index: index, count: count), list: true)
      let listed = await run(folder, flag)
      #expect(listed.status == 0)
      // Shard K of N takes the scripts whose index in sorted order is ≡ K−1 (mod N).
      #expect(listed.lines == sorted.enumerated().filter { $0.offset % count == index }.map(\.element))
      seen += listed.lines
      let ran = await run(folder, flag.with { $0.list = false })
      let ok = ran.lines.filter { $0.hasPrefix("ok") }.count
      #expect(ok == listed.lines.count)
      #expect(ran.status == 0)
    }
    #expect(seen.sorted() == sorted)
  }

  @Test func anEmptyShardPassesAndSaysSo() async throws {
    let folder = try sevenScripts()
    defer { folder.remove() }
    let (status, lines) = await run(folder, GoldenRunOptions(paths: ["s"], shard: .init(index: 7, count: 8)))
    #expect(lines == ["shard 8/8 has no scripts (7 in all)", "0 passed, 0 failed"])
    #expect(status == 0)
  }

  @Test func theShardStatusFileIsTouched() async throws {
    let folder = try sevenScripts()
    defer { folder.remove() }
    let status = folder.url.appendingPathComponent("shard-status")
    // As Bazel's TEST_TOTAL_SHARDS=2, TEST_SHARD_INDEX=1 and TEST_SHARD_STATUS_FILE give them.
    let options = GoldenRunOptions(
      paths: ["s"], shard: Shard(index: 1, count: 2), shardStatusFile: status.path)
    let run = await run(folder, options)
    // Index 1 of 2: b, d, f.
    #expect(run.lines == ["ok   s/b.qp", "ok   s/d.qp", "ok   s/f.qp", "3 passed, 0 failed"])
    #expect(FileManager.default.fileExists(atPath: status.path))
  }

  @Test func listPrintsWhatWouldRunAndRunsNothing() async throws {
    let folder = try makeScripts()
    defer { folder.remove() }
    let all = await run(folder, GoldenRunOptions(paths: ["."], list: true))
    #expect(all.lines == ["a/one.qp", "b/three.qp", "b/two.qp"])
    #expect(all.status == 0)
    let filtered = await run(folder, GoldenRunOptions(paths: ["."], filter: "b/", list: true))
    #expect(filtered.lines == ["b/three.qp", "b/two.qp"])
    let missing = await run(folder, GoldenRunOptions(paths: ["nope.qp", "a"], list: true))
    #expect(
      missing.lines == [
        "FAIL nope.qp", "error: nope.qp: no such file or folder; pass a .qp file or a folder of them",
        "a/one.qp",
      ])
    #expect(missing.status == 1)
  }
}

extension GoldenRunOptions {
  /// A copy with `change` applied.
  func with(_ change: (inout GoldenRunOptions) -> Void) -> GoldenRunOptions {
    var copy = self
    change(&copy)
    return copy
  }
}
