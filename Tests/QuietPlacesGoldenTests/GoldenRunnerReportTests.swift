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
    let suite = try #require(root.elements(forName: "testsuite").first)
    #expect(suite.attribute(forName: "tests")?.stringValue == "4")
    #expect(suite.attribute(forName: "failures")?.stringValue == "1")
    #expect(suite.attribute(forName: "errors")?.stringValue == "1")
    // When it ran, as Ant writes it (no zone), and where.
    let timestamp = try #require(suite.attribute(forName: "timestamp")?.stringValue)
    #expect(timestamp.wholeMatch(of: /[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}/) != nil)
    #expect(suite.attribute(forName: "hostname")?.stringValue?.isEmpty == false)
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
    // The first differing line, where it is: the expected JSON on line 3.
    #expect(
      failure.attribute(forName: "message")?.stringValue
        == #"b/two.qp:3: -{"ship":{"sails":0,"speed":10},"postmarks":20}"#)
    #expect(cases[2].attribute(forName: "file")?.stringValue == "b/two.qp")
    #expect(cases[2].attribute(forName: "line")?.stringValue == "3")
    #expect(cases[0].attribute(forName: "line")?.stringValue == "1")
    // The transcript: what the session printed, each command as `> CMD`.
    #expect(
      cases[2].elements(forName: "system-out").first?.stringValue
        == "> echo {\"ship\":{\"sails\":1,\"speed\":10},\"postmarks\":24}\n{\"ship\":{\"sails\":1,\"speed\":10},\"postmarks\":24}\n"
    )
    let body = try #require(failure.stringValue)
    #expect(body.hasPrefix("--- b/two.qp (expected)\n+++ b/two.qp (actual)\n"))
    #expect(body.contains(#"-{"ship":{"sails":0,"speed":10},"postmarks":20}"#))
    #expect(body.hasSuffix("  ship.sails: expected 0, got 1\n  postmarks: expected 20, got 24"))
    let error = try #require(cases[3].elements(forName: "error").first)
    #expect(error.stringValue?.contains("c/bad.qp:1: output line before any command") == true)
    #expect(cases[0].children?.map(\.name) == ["system-out"])
  }

  @Test func junitClassnamesAreDotted() {
    let result = ScriptResult(path: "Scripts/store/deep/x.qp", outcome: .passed)
    let xml = JUnitReport.xml([result], name: "n", seconds: 1)
    #expect(xml.contains(#"<testcase name="x.qp" classname="Scripts.store.deep" "#))
    // A dot in a folder's name is not a folder boundary: the two classes stay apart.
    let two = JUnitReport.xml(
      ["a/b/x.qp", "a.b/x.qp", "./50%.v2/x/y.qp"].map { ScriptResult(path: $0, outcome: .passed) }, name: "n",
      seconds: 1)
    #expect(two.contains(#"<testcase name="x.qp" classname="a.b" "#))
    #expect(two.contains(#"<testcase name="x.qp" classname="a%2Eb" "#))
    #expect(two.contains(#"<testcase name="y.qp" classname="50%25%2Ev2.x" "#))
  }

  /// The report is valid for Jenkins' xUnit plugin as written but for `file` and `line`, and for
  /// Ant's strict schema once those and each testcase's `<system-out>` are removed; checked by
  /// `xmllint --schema` (Debian's libxml2-utils, which Scripts/test installs) against the schemas
  /// committed under Tests/Schemas.
  @Test func junitIsValidAgainstTheJenkinsAndAntSchemas() async throws {
    let xmllint = try #require(
      ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first {
        FileManager.default.isExecutableFile(atPath: $0)
      },
      "xmllint is missing: apt-get install libxml2-utils")
    let folder = try makeScripts()
    defer { folder.remove() }
    try folder.write("stray line\n> count\n", to: "c/bad.qp")
    try folder.write("> echo a\u{1B}[31mb\u{07} & <c>\n]]> \"d\"\n", to: "d/control.qp")
    let options = GoldenRunOptions(paths: ["."], junitFiles: ["junit.xml"])
    _ = await run(folder, options)
    let written = try folder.read("junit.xml")
    let schemas = Fixtures.packageRoot.appendingPathComponent("Tests/Schemas")

    func validate(_ schema: String, removing: (XMLDocument) throws -> Void) throws -> String {
      let document = try XMLDocument(data: Data(written.utf8))
      try removing(document)
      let file = folder.url.appendingPathComponent("for-\(schema).xml")
      try document.xmlData.write(to: file)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: xmllint)
      process.arguments = ["--noout", "--schema", schemas.appendingPathComponent(schema).path, file.path]
      let pipe = Pipe()
      process.standardOutput = pipe
      process.standardError = pipe
      try process.run()
      let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    func testcases(_ document: XMLDocument) throws -> [XMLElement] {
      try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
    }
    let jenkins = try validate("junit-10.xsd") { document in
      for testcase in try testcases(document) {
        testcase.removeAttribute(forName: "file")
        testcase.removeAttribute(forName: "line")
      }
    }
    #expect(jenkins.hasSuffix("validates"), "\(jenkins)")
    let ant = try validate("JUnit.xsd") { document in
      for testcase in try testcases(document) {
        testcase.removeAttribute(forName: "file")
        testcase.removeAttribute(forName: "line")
        for output in testcase.elements(forName: "system-out") { output.detach() }
      }
    }
    #expect(ant.hasSuffix("validates"), "\(ant)")
    // As written, the extensions are what the Jenkins schema refuses, and nothing else.
    let asWritten = try validate("junit-10.xsd") { _ in }
    #expect(asWritten.contains("attribute 'file': The attribute 'file' is not allowed"), "\(asWritten)")
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
      try XMLDocument(data: Data(bazel.utf8)).rootElement()?.elements(forName: "testsuite").first?
        .attribute(forName: "tests")?.stringValue == "3")
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

  @Test func tapVersion13() async throws {
    let folder = try makeScripts()
    defer { folder.remove() }
    let (status, lines) = await run(folder, GoldenRunOptions(paths: ["."], tap: true))
    #expect(status == 1)
    #expect(
      Array(lines.prefix(5)) == [
        "TAP version 13", "1..3", "ok 1 - a/one.qp", "ok 2 - b/three.qp", "not ok 3 - b/two.qp",
      ])
    #expect(lines[5] == "  ---")
    // The message is JUnit's: the first differing line's place.
    #expect(lines[6] == #"  message: "b/two.qp:3: -{\"ship\":{\"sails\":0,\"speed\":10},\"postmarks\":20}""#)
    #expect(lines[7] == #"  at: "b/two.qp:3: -{\"ship\":{\"sails\":0,\"speed\":10},\"postmarks\":20}""#)
    #expect(lines[8] == "  diff: |")
    #expect(lines[9] == "    --- b/two.qp (expected)")
    #expect(lines.contains("      ship.sails: expected 0, got 1"))
    #expect(lines.suffix(2) == ["  ...", "# 2 passed, 1 failed"])
    // Every line is TAP: a version, a plan, test points, YAML blocks indented under them, or comments.
    #expect(
      lines.allSatisfy {
        $0.hasPrefix("TAP ") || $0.hasPrefix("1..") || $0.hasPrefix("ok ") || $0.hasPrefix("not ok ")
          || $0.hasPrefix("  ") || $0.hasPrefix("# ")
      })
  }

  /// YAML cannot hold control characters even in a block scalar: every value is double-quoted with
  /// them escaped, whatever the script printed.
  @Test func tapDiagnosticsEscapeWhatYAMLCannotHold() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("> echo a\u{1B}[31mb\u{07}\u{FEFF} \"q\" \\ #c: d\nx\n", to: "control.qp")
    let (_, lines) = await run(folder, GoldenRunOptions(paths: ["."], tap: true))
    // The script's own line keeps its raw characters, escaped by YAML; what the session printed was
    // already escaped as every printed line is (`\u{1B}`, the byte order mark that prints as
    // nothing `\u{FEFF}`), and YAML escapes its backslashes.
    let diff = try #require(lines.first { $0.hasPrefix("  diff: ") })
    #expect(diff.contains(#"\n > echo a\x1b[31mb\x07\ufeff \"q\" \\ #c: d\n"#), "\(lines)")
    #expect(diff.contains(#"\n+a\\u{1B}[31mb\\u{7}\\u{FEFF} \"q\" \\ #c: d"#), "\(lines)")
    #expect(lines.allSatisfy { $0.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F } })
  }

  /// Perl's `TAP::Parser` (behind Debian's `prove`) reads every YAML block back, whatever the diff
  /// lines hold: a `-` or `+` and `: ` (a list item it would take for a mapping), quotes, `#`, a line
  /// of white space; and gives back each diff line as written.
  @Test func perlReadsTheDiagnosticsBack() async throws {
    let perl = try #require(
      ["/usr/bin/perl", "/usr/local/bin/perl"].first { FileManager.default.isExecutableFile(atPath: $0) },
      "perl is missing: apt-get install perl")
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("> echo error: y\nerror: x\n> echo Owned: charts\n# a: \"b\"\n", to: "a.qp")
    try folder.write("> echo a: b\n- \"c: d\"\n   \n> echo e\n'f': g\n", to: "b.qp")
    try folder.write("> echo \u{1B}[1mx: y\nx: y\n", to: "c.qp")
    // Lines longer than a printed line (2,000 bytes): a failing line of 5,000 bytes, and a diff that
    // must be one quoted scalar (a control character) and runs to 14 KB. Cut after its closing quote
    // was written, the quoted scalar was never closed and the block did not read.
    try folder.write("> echo x\n" + String(repeating: "y", count: 5_000) + "\n", to: "d.qp")
    try folder.write(
      "> echo \u{1}\nz\n" + (0..<200).map { "> echo line \($0)\nwrong \($0)\n" }.joined(), to: "e.qp")
    let (_, lines) = await run(folder, GoldenRunOptions(paths: ["."], tap: true))
    // A quoted scalar fits a printed line whole, its closing quote included.
    #expect(
      lines.filter { $0.hasPrefix("  at: \"") || $0.hasPrefix("  diff: \"") }.allSatisfy {
        $0.utf8.count <= 2_000
      })
    try folder.write(lines.map { $0 + "\n" }.joined(), to: "run.tap")
    let reader = """
      use strict; use warnings; use TAP::Parser; use JSON::PP;
      my $parser = TAP::Parser->new({ source => $ARGV[0] });
      my @blocks;
      while (my $result = $parser->next) { push @blocks, $result->data if $result->is_yaml; }
      print JSON::PP->new->canonical->encode({ errors => [$parser->parse_errors], yaml => \\@blocks });
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: perl)
    process.arguments = ["-e", reader, folder.url.appendingPathComponent("run.tap").path]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    struct Read: Decodable {
      var errors: [String]
      var yaml: [[String: String]]
    }
    let read = try JSONDecoder().decode(Read.self, from: output)
    #expect(read.errors == [], "\(lines)")
    #expect(read.yaml.count == 5, "\(lines)")
    let diffs = read.yaml.compactMap { $0["diff"] }
    #expect(diffs.count == 5)
    #expect(read.yaml[3]["at"]?.hasSuffix(" more bytes)") == true)
    #expect(diffs.last?.hasSuffix(" more bytes)") == true)
    #expect(diffs.first?.contains("\n-error: x\n+error: y\n") == true, "\(diffs)")
    #expect(diffs.first?.contains("\n+Owned: charts\n") == true, "\(diffs)")
    #expect(diffs.dropFirst().first?.contains("\n-- \"c: d\"\n") == true, "\(diffs)")
    #expect(diffs.dropFirst().first?.contains("\n-'f': g\n") == true, "\(diffs)")
    #expect(read.yaml.first?["at"] == "a.qp:2: -error: x")
  }

  /// `--update` shows the diff it applies: a widened pattern as it is written, not the line printed.
  @Test func updateShowsTheLinesItWrites() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("> echo 0.7 nm left.\n0\\.[0-5] nm left\\. (re)\n", to: "a.qp")
    let (status, lines) = await run(folder, GoldenRunOptions(paths: ["a.qp"], update: true))
    #expect(status == 0)
    #expect(lines.contains("-0\\.[0-5] nm left\\. (re)"), "\(lines)")
    #expect(lines.contains("+0\\..* nm left\\. (re)"), "\(lines)")
    #expect(!lines.contains("+0.7 nm left."))
    #expect(try folder.read("a.qp") == "> echo 0.7 nm left.\n0\\..* nm left\\. (re)\n")
  }

  /// A script that fails only an (absent) check, and one that cannot be parsed, are reported at
  /// their line, with a message that says which check or what is wrong.
  @Test func absentChecksAndParseErrorsAreReportedAtTheirLine() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // Its lines are all there: only the check fails, so no line of the diff differs.
    try folder.write(
      "> count\ncount 1\n> echo error: x\nerror: x\nerror: * (glob) (absent)\n", to: "absent.qp")
    try folder.write("> count\ncount 1\n>count\n", to: "bad.qp")
    _ = await run(folder, GoldenRunOptions(paths: ["."], junitFiles: ["junit.xml"]))
    let xml = try folder.read("junit.xml")
    let absent =
      "absent.qp:5: &apos;&gt; echo error: x&apos; printed a line this (absent) check forbids: error: x"
    #expect(xml.contains(#"file="absent.qp" line="5">"#), "\(xml)")
    #expect(xml.contains(#"<failure message="\#(absent)" type="absent">"#), "\(xml)")
    #expect(xml.contains(#"file="bad.qp" line="3">"#), "\(xml)")
    let (_, tap) = await run(folder, GoldenRunOptions(paths: ["."], tap: true))
    #expect(tap.contains(#"  at: "absent.qp:5""#), "\(tap)")
    #expect(
      tap.contains(
        "  message: \"absent.qp:5: '> echo error: x' printed a line this (absent) check forbids: error: x\""),
      "\(tap)")
    #expect(tap.contains(#"  at: "bad.qp:3""#), "\(tap)")
  }

  @Test func tapWithUpdateAndWithNothingToRun() async throws {
    let folder = try makeScripts()
    defer { folder.remove() }
    let updated = await run(folder, GoldenRunOptions(paths: ["b"], update: true, tap: true))
    #expect(
      updated.lines == [
        "TAP version 13", "1..2", "ok 1 - b/three.qp", "ok 2 - b/two.qp", "# updated b/two.qp", "# 1 updated",
        "# 2 passed, 0 failed",
      ])
    #expect(updated.status == 0)
    let none = await run(folder, GoldenRunOptions(paths: ["."], filter: "zzz", tap: true))
    #expect(
      none.lines == [
        "TAP version 13", "1..0", "Bail out! no script path contains 'zzz'; check the --filter text",
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
    // A name holding a line break is one line of the list, the break escaped: a script a line.
    try folder.write("> count\ncount 1\n", to: "c/x\nok 1 - y.qp")
    let odd = await run(folder, GoldenRunOptions(paths: ["c"], list: true))
    #expect(odd.lines == [#"c/x\u{A}ok 1 - y.qp"#])
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
