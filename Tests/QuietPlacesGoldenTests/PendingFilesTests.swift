import Foundation
import QuietPlacesREPL
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesGolden

@Suite struct PendingFilesTests {
  let script = "# counting\n> count\ncount 1\n> echo hi\nhi\n"
  let wrong = "# counting\n> count\ncount 9\n> echo hi\nhi\n"

  /// A pending file as `--update=pending` writes it: its header, then the new text.
  func pending(_ text: String, from original: String, named name: String) -> String {
    PendingFiles.header(script: name, read: Data(original.utf8)) + "\n" + text
  }

  func run(
    _ folder: TemporaryFolder, _ options: GoldenRunOptions,
    session: @escaping @Sendable (URL) -> any LineInterpreter = { FakeSession(saveFolder: $0) }
  ) async -> (status: Int32, lines: [String]) {
    let runner = GoldenRunner(options: options, currentDirectory: folder.url) { session($0) }
    var lines: [String] = []
    let status = await runner.run { lines.append($0) }
    return (status, lines)
  }

  @Test func updatePendingWritesANewFileBesideTheScriptAndLeavesTheScript() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(wrong, to: "Scripts/a.qp")
    var options = GoldenRunOptions(update: true)
    options.pending = true
    let first = await run(folder, options)
    #expect(try folder.read("Scripts/a.qp") == wrong)
    #expect(try folder.read("Scripts/a.qp.new") == pending(script, from: wrong, named: "a.qp"))
    #expect(first.lines.contains("wrote Scripts/a.qp.new"))
    #expect(
      first.lines.suffix(3) == [
        "pending Scripts/a.qp.new",
        "1 pending file: quietplaces test --accept applies, --reject removes (both take PATHs, default Scripts/)",
        "0 passed, 1 failed",
      ])
    #expect(first.status == 1)
    // A plain run lists the pending file it sees, and does not run it as a script.
    let second = await run(folder, GoldenRunOptions())
    #expect(second.lines.suffix(3).first == "pending Scripts/a.qp.new")
    #expect(second.lines.last == "0 passed, 1 failed")
  }

  @Test func acceptMovesEachPendingFileOverItsScriptAndRejectRemovesIt() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(wrong, to: "Scripts/a.qp")
    try folder.write(pending(script, from: wrong, named: "a.qp"), to: "Scripts/a.qp.new")
    try folder.write(wrong, to: "Scripts/sub/b.qp")
    try folder.write(pending(script, from: wrong, named: "b.qp"), to: "Scripts/sub/b.qp.new")
    var lines: [String] = []
    #expect(
      PendingFiles.resolve(.accept, paths: ["Scripts/a.qp"], currentDirectory: folder.url) {
        lines.append($0)
      } == 0)
    #expect(lines == ["accepted Scripts/a.qp", "1 accepted"])
    #expect(try folder.read("Scripts/a.qp") == script)
    #expect(
      !FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Scripts/a.qp.new").path))
    lines = []
    #expect(PendingFiles.resolve(.reject, paths: [], currentDirectory: folder.url) { lines.append($0) } == 0)
    #expect(lines == ["rejected Scripts/sub/b.qp.new", "1 rejected"])
    #expect(try folder.read("Scripts/sub/b.qp") == wrong)
    lines = []
    #expect(PendingFiles.resolve(.reject, paths: [], currentDirectory: folder.url) { lines.append($0) } == 0)
    #expect(lines == ["no pending files under Scripts/; nothing rejected"])
  }

  /// A session that edits its own script while it runs, as an author saving the file mid-run would.
  final class EditingSession: LineInterpreter {
    let inner: FakeSession
    let script: URL
    init(saveFolder: URL, script: URL) {
      inner = FakeSession(saveFolder: saveFolder)
      self.script = script
    }
    var prompt: String { inner.prompt }
    var isAskingQuestion: Bool { inner.isAskingQuestion }
    var hadError: Bool { inner.hadError }
    func execute(_ line: String) async -> [OutputLine] {
      if line == "echo hi" {
        try? ("# edited meanwhile\n" + String(contentsOf: script, encoding: .utf8)).write(
          to: script, atomically: true, encoding: .utf8)
      }
      return await inner.execute(line)
    }
    func finish() async -> [OutputLine] { await inner.finish() }
  }

  @Test func updateNeverOverwritesAnEditMadeWhileTheScriptRan() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let url = try folder.write(wrong, to: "a.qp")
    let (status, lines) = await run(folder, GoldenRunOptions(paths: ["a.qp"], update: true)) {
      EditingSession(saveFolder: $0, script: url)
    }
    #expect(try folder.read("a.qp") == "# edited meanwhile\n" + wrong)
    // Named with the script as it is now: accepting it is the author's choice to drop the edit.
    #expect(
      try folder.read("a.qp.new") == pending(script, from: "# edited meanwhile\n" + wrong, named: "a.qp"))
    #expect(
      lines.contains(
        "a.qp changed while it ran, so it was not rewritten; its new text is in a.qp.new "
          + "(quietplaces test --accept applies it)"))
    #expect(lines.suffix(2) == ["0 updated", "0 passed, 1 failed"])
    #expect(status == 1)
  }

  /// `--accept` refuses, one `error:` line each, a pending file whose script changed since it was
  /// written, whose script is gone or is another, that was not written by `--update`, or that is not a
  /// script; and applies the good ones.
  @Test func acceptRefusesStaleOrphanedAndForeignPendingFiles() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(wrong, to: "Scripts/changed.qp")
    try folder.write(pending(script, from: wrong, named: "changed.qp"), to: "Scripts/changed.qp.new")
    try folder.write("# an edit\n" + wrong, to: "Scripts/changed.qp")
    try folder.write(pending(script, from: wrong, named: "gone.qp"), to: "Scripts/gone.qp.new")
    try folder.write(wrong, to: "Scripts/other.qp")
    try folder.write(pending(script, from: wrong, named: "changed.qp"), to: "Scripts/other.qp.new")
    try folder.write(wrong, to: "Scripts/plain.qp")
    try folder.write(script, to: "Scripts/plain.qp.new")
    try folder.write(wrong, to: "Scripts/prose.qp")
    try folder.write(pending("just prose\n", from: wrong, named: "prose.qp"), to: "Scripts/prose.qp.new")
    try folder.write(wrong, to: "Scripts/good.qp")
    try folder.write(pending(script, from: wrong, named: "good.qp"), to: "Scripts/good.qp.new")
    var lines: [String] = []
    #expect(PendingFiles.resolve(.accept, paths: [], currentDirectory: folder.url) { lines.append($0) } == 1)
    #expect(
      lines == [
        "error: Scripts/changed.qp changed since Scripts/changed.qp.new was written from it, so accepting "
          + "would undo that change; run quietplaces test --update=pending Scripts/changed.qp again, or "
          + "--reject removes this file",
        "error: Scripts/gone.qp.new has no script: Scripts/gone.qp does not exist (moved or removed); run the "
          + "script where it is now with --update=pending, or --reject removes this file",
        "accepted Scripts/good.qp",
        "error: Scripts/other.qp.new was written for changed.qp, not Scripts/other.qp; run quietplaces test "
          + "--update=pending Scripts/other.qp for a pending file of its own, and remove this one",
        "error: Scripts/plain.qp.new is not a pending file written by quietplaces test --update (its first "
          + "line is not '# pending for …'); remove it, or rename it if it is a script",
        // The line of the pending file itself: its body starts on line 2, under the header.
        "error: Scripts/prose.qp.new is not a script after its first line (Scripts/prose.qp.new:2: "
          + "output line before any command; start a command with '> ' (or the terminal's 'qp> ')); --reject removes it",
        "1 accepted",
      ])
    #expect(try folder.read("Scripts/good.qp") == script)
    #expect(try folder.read("Scripts/changed.qp") == "# an edit\n" + wrong)
    #expect(try folder.read("Scripts/plain.qp") == wrong)
  }
}
