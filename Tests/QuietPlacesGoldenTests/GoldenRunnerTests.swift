import Foundation
import QuietPlacesREPL
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesGolden

@Suite struct GoldenRunnerTests {
  let counting = """
    # counting
    > count
    count 1
    > count
    count 2
    > echo hi
    hi

    """

  func runner(
    in folder: TemporaryFolder, _ options: GoldenRunOptions, temporary: URL? = nil
  ) -> GoldenRunner {
    GoldenRunner(
      options: options, currentDirectory: folder.url,
      temporaryDirectory: temporary ?? FileManager.default.temporaryDirectory
    ) { FakeSession(saveFolder: $0) }
  }

  func run(_ runner: GoldenRunner) async -> (status: Int32, lines: [String]) {
    var lines: [String] = []
    let status = await runner.run { lines.append($0) }
    return (status, lines)
  }

  @Test func passingScript() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(counting, to: "a.qp")
    let (status, lines) = await run(runner(in: folder, GoldenRunOptions(paths: ["a.qp"])))
    #expect(lines == ["ok   a.qp", "1 passed, 0 failed"])
    #expect(status == 0)
  }

  /// An expected block of 50,000 lines, none of them printed, fails with a diff of the block
  /// replaced, as any failing script does (the diff's search once kept a trace of 2.5 billion numbers
  /// for it, and the runner was killed for its memory).
  @Test func aHugeExpectedBlockFailsWithItsDiff() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let lines = (0..<50_000).map { "line \($0)" }
    try folder.write("> echo hi\n" + lines.joined(separator: "\n") + "\n", to: "a.qp")
    let (status, printed) = await run(runner(in: folder, GoldenRunOptions(paths: ["a.qp"])))
    #expect(status == 1)
    #expect(printed.first == "FAIL a.qp")
    #expect(printed.contains("-line 49999"))
    #expect(printed.contains("+hi"))
    #expect(printed.last == "0 passed, 1 failed")
  }

  @Test func failingScriptPrintsADiffLabelledWithTheCommand() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(counting.replacingOccurrences(of: "count 2", with: "count 3"), to: "a.qp")
    let (status, lines) = await run(runner(in: folder, GoldenRunOptions(paths: ["a.qp"])))
    #expect(
      lines == [
        "FAIL a.qp",
        "--- a.qp (expected)",
        "+++ a.qp (actual)",
        "@@ -2,6 +2,6 @@ a.qp:4: > count",
        " > count",
        " count 1",
        " > count",
        "-count 3",
        "+count 2",
        " > echo hi",
        " hi",
        "0 passed, 1 failed",
      ])
    #expect(status == 1)
  }

  @Test func updateRestoresAnEditedScriptKeepingCommentsAndCommands() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let edited = counting.replacingOccurrences(of: "count 2", with: "count two")
    try folder.write(edited, to: "a.qp")
    let first = await run(runner(in: folder, GoldenRunOptions(paths: ["a.qp"], update: true)))
    #expect(first.lines.first == "updated a.qp")
    // The rewritten script counts as passed, and the run succeeds: every failure was rewritten.
    #expect(first.lines.suffix(2) == ["1 updated", "1 passed, 0 failed"])
    #expect(first.status == 0)
    #expect(try folder.read("a.qp") == counting)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    #expect(leftovers == ["a.qp"])
    let second = await run(runner(in: folder, GoldenRunOptions(paths: ["a.qp"])))
    #expect(second.lines == ["ok   a.qp", "1 passed, 0 failed"])
    #expect(second.status == 0)
  }

  @Test func malformedScriptIsAnErrorThatCountsAsFailed() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("# header\nstray\n> count\n", to: "bad.qp")
    try folder.write(counting, to: "good.qp")
    let (status, lines) = await run(runner(in: folder, GoldenRunOptions(paths: ["."])))
    #expect(
      lines == [
        "FAIL bad.qp",
        "error: bad.qp:2: output line before any command; start a command with '> ' (or the terminal's 'qp> ')",
        "ok   good.qp",
        "1 passed, 1 failed",
      ])
    #expect(status == 1)
  }

  @Test func missingPathIsReported() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let (status, lines) = await run(runner(in: folder, GoldenRunOptions(paths: ["nope.qp"])))
    #expect(
      lines == [
        "FAIL nope.qp", "error: nope.qp: no such file or folder; pass a .qp file or a folder of them",
        "0 passed, 1 failed",
      ])
    #expect(status == 1)
  }

  @Test func defaultFolderIsSearchedRecursivelyAndFiltered() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(counting, to: "Scripts/b/x.qp")
    try folder.write(counting, to: "Scripts/a.qp")
    try folder.write(counting, to: "Scripts/.hidden.qp")
    try folder.write("not a script", to: "Scripts/notes.txt")
    let all = runner(in: folder, GoldenRunOptions())
    #expect(all.discovery.discover().files.map(\.path) == ["Scripts/a.qp", "Scripts/b/x.qp"])
    let (status, lines) = await run(runner(in: folder, GoldenRunOptions(filter: "b/")))
    #expect(lines == ["ok   Scripts/b/x.qp", "1 passed, 0 failed"])
    #expect(status == 0)
    let none = await run(runner(in: folder, GoldenRunOptions(filter: "zzz")))
    #expect(
      none.lines == ["error: no script path contains 'zzz'; check the --filter text", "0 passed, 0 failed"])
    #expect(none.status == 1)
  }

  /// A file named like a script in another letter case (`UP.QP`, `b/c.Qp`) is not run, and fails the
  /// run saying so: passed over without a word, the run stayed green without it.
  @Test func aScriptNamedInAnotherCaseFailsTheRunSayingWhy() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(counting, to: "Scripts/a.qp")
    try folder.write(counting, to: "Scripts/UP.QP")
    try folder.write(counting, to: "Scripts/b/c.Qp")
    let (status, lines) = await run(runner(in: folder, GoldenRunOptions()))
    #expect(status == 1)
    #expect(
      lines.contains(
        "error: Scripts/UP.QP: its name ends in .QP, not .qp, so it is not run; rename it UP.qp to run it"))
    #expect(
      lines.contains(
        "error: Scripts/b/c.Qp: its name ends in .Qp, not .qp, so it is not run; rename it c.qp to run it"))
    #expect(lines.contains("ok   Scripts/a.qp"))
  }

  /// One script named by two paths (relative and with `./`, inside a folder also given, through a
  /// symbolic link) runs once, under the first name it was given by.
  @Test func aScriptGivenTwiceRunsOnce() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(counting, to: "Scripts/a.qp")
    try folder.write(counting, to: "Scripts/b.qp")
    try FileManager.default.createSymbolicLink(
      at: folder.url.appendingPathComponent("link.qp"),
      withDestinationURL: folder.url.appendingPathComponent("Scripts/b.qp"))
    let options = GoldenRunOptions(paths: ["Scripts/a.qp", "./Scripts/a.qp", "Scripts", "link.qp"])
    let (status, lines) = await run(runner(in: folder, options))
    #expect(lines == ["ok   Scripts/a.qp", "ok   Scripts/b.qp", "2 passed, 0 failed"])
    #expect(status == 0)
  }

  /// A folder reached through a symbolic link is searched like any other (named by the link), a
  /// link back up to a folder that holds it is no loop, and a link whose target is missing is an
  /// error, not a script silently left out.
  @Test func linkedFoldersAreFollowedAndDanglingLinksReported() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(counting, to: "other/x.qp")
    try folder.write(counting, to: "main/a.qp")
    let manager = FileManager.default
    try manager.createSymbolicLink(
      atPath: folder.url.appendingPathComponent("main/linked").path, withDestinationPath: "../other")
    try manager.createSymbolicLink(
      atPath: folder.url.appendingPathComponent("main/up").path, withDestinationPath: "..")
    let found = runner(in: folder, GoldenRunOptions(paths: ["main"])).discovery.discover()
    #expect(found.files.map(\.path) == ["main/a.qp", "main/linked/x.qp"])
    #expect(found.problems.isEmpty)
    // Named itself, with or without its slash; reported once when also met in its folder.
    for path in ["main/linked/", "main/linked"] {
      let (status, lines) = await run(runner(in: folder, GoldenRunOptions(paths: [path])))
      #expect(lines == ["ok   \(path.hasSuffix("/") ? path : path + "/")x.qp", "1 passed, 0 failed"])
      #expect(status == 0)
    }
    try manager.createSymbolicLink(
      atPath: folder.url.appendingPathComponent("main/gone").path, withDestinationPath: "../nowhere")
    try manager.createSymbolicLink(
      atPath: folder.url.appendingPathComponent("main/gone.txt").path, withDestinationPath: "../nowhere")
    let (status, lines) = await run(runner(in: folder, GoldenRunOptions(paths: ["main", "main/gone"])))
    let dangling = "a symbolic link to ../nowhere, which does not exist"
    #expect(
      lines == [
        "FAIL main/gone",
        "error: main/gone: \(dangling); point the link at a script or a folder of them, or remove it",
        "ok   main/a.qp", "ok   main/linked/x.qp", "2 passed, 1 failed",
      ])
    #expect(status == 1)
  }

  @Test func parallelJobsPrintInPathOrder() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // Earlier scripts sleep longer, so they finish last when run together.
    for index in 0..<6 {
      let expected = index == 4 ? "wrong" : "slept"
      try folder.write("> sleep \((6 - index) * 15)\n\(expected)\n> count\ncount 1\n", to: "s\(index).qp")
    }
    let serial = await run(runner(in: folder, GoldenRunOptions(paths: ["."], jobs: 1)))
    let parallel = await run(runner(in: folder, GoldenRunOptions(paths: ["."], jobs: 3)))
    #expect(parallel.lines == serial.lines)
    #expect(
      parallel.lines.filter { $0.hasPrefix("ok") || $0.hasPrefix("FAIL") } == [
        "ok   s0.qp", "ok   s1.qp", "ok   s2.qp", "ok   s3.qp", "FAIL s4.qp", "ok   s5.qp",
      ])
    #expect(parallel.lines.last == "5 passed, 1 failed")
  }

  @Test func eachScriptGetsAFreshSessionAndSaveFolderThatIsRemoved() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let saves = try TemporaryFolder()
    defer { saves.remove() }
    let script = "> count\ncount 1\n> folder\nfolder exists: true\n> ask\nsure?\n> yes\nyou said yes\n"
    try folder.write(script, to: "one.qp")
    try folder.write(script, to: "two.qp")
    let (status, lines) = await run(runner(in: folder, GoldenRunOptions(paths: ["."]), temporary: saves.url))
    #expect(lines == ["ok   one.qp", "ok   two.qp", "2 passed, 0 failed"])
    #expect(status == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: saves.url.path).isEmpty)
  }

  /// `quit` ends a script's session where it stands, as in batch mode; a command after it is an
  /// error at its line, not run on a session that has closed.
  @Test func quitEndsTheSessionAndACommandAfterItIsAnError() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("> count\ncount 1\n> quit\n", to: "ends.qp")
    try folder.write("> count\ncount 1\n> quit\n\n> count\ncount 2\n", to: "goes-on.qp")
    let (status, lines) = await run(runner(in: folder, GoldenRunOptions(paths: ["."])))
    #expect(
      lines == [
        "ok   ends.qp", "FAIL goes-on.qp",
        "error: goes-on.qp:5: quit on line 3 ended the session, so this command and those after it cannot "
          + "run; write close to close the app and go on, or end the script at quit",
        "1 passed, 1 failed",
      ])
    #expect(status == 1)
  }

  @Test func closingLine() {
    #expect(TextReport.closingLine(passed: 12, failed: 0) == "12 passed, 0 failed")
    #expect(TextReport.closingLine(passed: 0, failed: 3) == "0 passed, 3 failed")
  }
}
