import Foundation
import QuietPlacesREPL
import QuietPlacesTestSupport
import Testing

/// `quietplaces --bundle FILE` and `--closed`: the device before any recovery, the bundle untouched.
@Suite struct BundleStartTests {
  static let bundle = Fixtures.packageRoot.appendingPathComponent(
    "Scripts/support/fixtures/deep-hold-crash.bundle.json")

  @Test func aBundleStartsClosedInATemporaryFolderAndStaysUntouched() throws {
    guard ChildProcess.executable != nil else {
      Issue.record("the quietplaces executable was not found next to the tests")
      return
    }
    let before = try Data(contentsOf: Self.bundle)
    let run = try ChildProcess.run(
      ["--bundle", Self.bundle.path], input: "state --json\nadvance 20h\nlaunch\n")
    #expect(run.status == 0, "\(run.output)")
    let state = try #require(run.lines.first { $0.hasPrefix("{") })
    // Before any recovery: closed, Deep hold in the save, transaction 1 still unfinished.
    #expect(state.contains(#""open":false"#))
    #expect(state.contains(#""owned":["hold"]"#))
    #expect(state.contains(#""unfinished":[1]"#))
    // The 32-hour hold credits the whole 20 hours.
    #expect(run.output.contains("Hold 32h: credited 20h of sailing:"))
    #expect(try Data(contentsOf: Self.bundle) == before)
  }

  /// `check` on a device started from a bundle replays from the bundle: every invariant holds,
  /// `determinism` included, before and after the launch (it replayed from a fresh game, and found
  /// "another clock").
  @Test func checkReplaysFromTheBundleNotFromAFreshGame() throws {
    guard ChildProcess.executable != nil else {
      Issue.record("the quietplaces executable was not found next to the tests")
      return
    }
    let run = try ChildProcess.run(
      ["--bundle", Self.bundle.path],
      input: "check\nlaunch\ncheck\nadvance 1h\nbuy charts\ncheck determinism\n")
    #expect(run.status == 0, "\(run.output)")
    #expect(run.lines.filter { $0 == "all 14 invariants hold" }.count == 2, "\(run.output)")
    #expect(run.lines.contains("determinism 1/1 holds"))
    #expect(!run.output.contains("error:"))
  }

  @Test func closedStartsAnySaveFolderWithoutLaunching() throws {
    guard ChildProcess.executable != nil else {
      Issue.record("the quietplaces executable was not found next to the tests")
      return
    }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("quietplaces-closed-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try ChildProcess.run(["--save-dir", folder.path], input: "new --seed 3\nadvance 6m\n")
    let run = try ChildProcess.run(["--save-dir", folder.path, "--closed"], input: "state --json\nlaunch\n")
    #expect(run.lines.first { $0.hasPrefix("{") }?.contains(#""open":false"#) == true, "\(run.output)")
    #expect(run.output.contains("Launched at 2026-01-05 09:06:00"))
  }

  /// A save given where a bundle goes is named for what it is, with where it does go.
  @Test func aSaveGivenForABundleSaysSoAndWhereItGoes() throws {
    guard ChildProcess.executable != nil else {
      Issue.record("the quietplaces executable was not found next to the tests")
      return
    }
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try ChildProcess.run(
      ["--save-dir", folder.url.appendingPathComponent("d").path], input: "new --seed 3\nsave s.json\n",
      in: folder.url)
    let run = try ChildProcess.run(["--bundle", "s.json"], in: folder.url)
    #expect(run.status == 2)
    #expect(
      run.lines == [
        "error: s.json: it is a Quiet Places save, not a device bundle (a save holds the game without the App "
          + "Store account); load it in the REPL with load s.json, or give a bundle written by bundle FILE",
        "",
      ])
  }

  @Test(arguments: [
    (["--bundle", "x.json", "--save-dir", "d"], "--bundle and --save-dir cannot go together"),
    (["run", "a.qp", "--closed"], "--closed is an option of quietplaces, not of quietplaces run"),
    (["--bundle"], "--bundle needs a value; write it after the option, such as --bundle FILE"),
  ])
  func misuseIsAUsageError(arguments: [String], message: String) throws {
    guard ChildProcess.executable != nil else {
      Issue.record("the quietplaces executable was not found next to the tests")
      return
    }
    let run = try ChildProcess.run(arguments)
    #expect(run.status == 2)
    #expect(run.output.hasPrefix(OutputLine.errorText(message)), "\(run.output)")
  }
}
