import Foundation
import QuietPlacesTestSupport
import Testing

/// `quietplaces test --update=pending`, `--accept` and `--reject` as a user runs them: the executable
/// on a copy of a script in a temporary folder.
@Suite struct TestCommandPendingTests {
  let passing = """
    > new --seed 7
    New game: seed 7, storefront GBR, 2026-01-05 09:00:00.
    Sailing Harbour Reach for Lantern Quay, 1.0 nm ahead.

    """

  @Test func pendingThenRejectThenPendingThenAccept() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let failing = passing.replacingOccurrences(of: "seed 7, storefront", with: "seed 8, storefront")
    try folder.write(failing, to: "Scripts/a.qp")

    let pending = try ChildProcess.run(["test", "--update=pending"], in: folder.url)
    #expect(pending.status == 1)
    #expect(pending.lines.contains("wrote Scripts/a.qp.new"))
    #expect(try folder.read("Scripts/a.qp") == failing)
    #expect(
      try folder.read("Scripts/a.qp.new").split(separator: "\n", maxSplits: 1).last.map(String.init)
        == passing)

    let listed = try ChildProcess.run(["test"], in: folder.url)
    #expect(listed.lines.contains("pending Scripts/a.qp.new"))

    let rejected = try ChildProcess.run(["test", "--reject"], in: folder.url)
    #expect(rejected.lines == ["rejected Scripts/a.qp.new", "1 rejected", ""])
    #expect(
      !FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Scripts/a.qp.new").path))

    _ = try ChildProcess.run(["test", "--update=pending", "Scripts/a.qp"], in: folder.url)
    let accepted = try ChildProcess.run(["test", "--accept", "Scripts"], in: folder.url)
    #expect(accepted.lines == ["accepted Scripts/a.qp", "1 accepted", ""])
    #expect(accepted.status == 0)
    #expect(try folder.read("Scripts/a.qp") == passing)
    #expect(
      try ChildProcess.run(["test"], in: folder.url).lines.filter { !$0.hasPrefix("configuration: ") } == [
        "ok   Scripts/a.qp", "1 passed, 0 failed", "",
      ])
  }

  @Test func aMistypedPathIsRefusedAndNothingIsAcceptedOrRejected() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let failing = passing.replacingOccurrences(of: "seed 7, storefront", with: "seed 8, storefront")
    try folder.write(failing, to: "Scripts/a.qp")
    try folder.write("{}\n", to: "balance.json")
    _ = try ChildProcess.run(["test", "--update=pending"], in: folder.url)
    let pendingFile = try folder.read("Scripts/a.qp.new")
    let cases: [([String], String)] = [
      (
        ["test", "--accept", "Scripts", "Scrpts/a.qp"],
        "error: Scrpts/a.qp: no such file or folder; pass a .qp script, its .qp.new or a folder of them"
      ),
      (
        ["test", "--reject", "Scripts/b.qp"],
        "error: Scripts/b.qp: no such file or folder; pass a .qp script, its .qp.new or a folder of them"
      ),
      (
        ["test", "--reject", "balance.json"],
        "error: balance.json is neither a script nor a pending file; pass a .qp script, its .qp.new or a "
          + "folder of them"
      ),
    ]
    for (arguments, expected) in cases {
      let result = try ChildProcess.run(arguments, in: folder.url)
      #expect(result.status == 2)
      #expect(result.lines == [expected, ""])
      #expect(try folder.read("Scripts/a.qp") == failing)
      #expect(try folder.read("Scripts/a.qp.new") == pendingFile)
    }
    // A script given whose pending file is there is found even when the script has gone.
    try FileManager.default.removeItem(at: folder.url.appendingPathComponent("Scripts/a.qp"))
    let rejected = try ChildProcess.run(["test", "--reject", "Scripts/a.qp"], in: folder.url)
    #expect(rejected.lines == ["rejected Scripts/a.qp.new", "1 rejected", ""])

    let elsewhere = try TemporaryFolder()
    defer { elsewhere.remove() }
    let noScripts = try ChildProcess.run(["test", "--accept"], in: elsewhere.url)
    #expect(noScripts.status == 2)
    #expect(
      noScripts.lines == [
        "error: Scripts: no Scripts folder here; run where Scripts/ is, or pass files or folders", "",
      ])
  }

  @Test func acceptAndUpdateDoNotGoTogether() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = try ChildProcess.run(["test", "--accept", "--update"], in: folder.url)
    #expect(result.status == 2)
    #expect(
      result.lines.first
        == "error: --accept and --update cannot go together; --accept only applies pending files, so leave out --update"
    )
  }
}

/// `quietplaces test --review` with standard input a pipe: refused, one line, status 2.
@Suite struct TestCommandReviewTests {
  @Test func reviewWithoutATerminalIsRefused() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("> new --seed 7\nwrong\n", to: "Scripts/a.qp")
    let result = try ChildProcess.run(["test", "--review"], in: folder.url)
    #expect(result.status == 2)
    #expect(
      result.lines == [
        "error: --review asks about each failing block and needs a terminal for standard input and output; "
          + "run it in one, or use --update=pending and then test --accept or --reject",
        "",
      ])
    #expect(try folder.read("Scripts/a.qp") == "> new --seed 7\nwrong\n")
  }
}
