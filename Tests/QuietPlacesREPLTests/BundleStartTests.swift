import Foundation
import QuietPlacesREPL
import QuietPlacesTestSupport
import Testing

/// `quietplaces --bundle FILE` and `--closed`: the device before any recovery, the bundle untouched.
@Suite struct BundleStartTests {
  /// Whether the quietplaces executable is next to the tests; an issue is recorded when it is not.
  static func executableIsThere() -> Bool {
    guard ChildProcess.executable != nil else {
      Issue.record("the quietplaces executable was not found next to the tests")
      return false
    }
    return true
  }

  static let bundle = Fixtures.packageRoot.appendingPathComponent(
    "Scripts/support/fixtures/deep-hold-crash.bundle.json")

  @Test func aBundleStartsClosedInATemporaryFolderAndStaysUntouched() throws {
    guard Self.executableIsThere() else { return }
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
    guard Self.executableIsThere() else { return }
    let run = try ChildProcess.run(
      ["--bundle", Self.bundle.path],
      input: "check\nlaunch\ncheck\nadvance 1h\nbuy charts\ncheck determinism\n")
    #expect(run.status == 0, "\(run.output)")
    #expect(run.lines.filter { $0 == "all 14 invariants hold" }.count == 2, "\(run.output)")
    #expect(run.lines.contains("determinism 1/1 holds"))
    #expect(!run.output.contains("error:"))
  }

  /// A bundle whose save its own audit does not account for (500 Postmarks written in by hand where
  /// its stamps and packs grant 4) is loaded as the player's device holds it, and `load` and
  /// `--bundle` say at once which invariant it breaks.
  @Test func aBundleThatBreaksAnInvariantIsLoadedWithAWarning() throws {
    guard Self.executableIsThere() else { return }
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try ChildProcess.run(
      ["--save-dir", "d"], input: "new --seed 3\nadvance 10m\nsave\nbundle made.bundle.json\n", in: folder.url
    )
    let made = try String(contentsOf: folder.url.appendingPathComponent("made.bundle.json"), encoding: .utf8)
    let stamps = "\"postmarks\" : 4,"
    #expect(
      made.components(separatedBy: stamps).count == 3, "the running game and the save on disk each hold 4")
    try made.replacingOccurrences(of: stamps, with: "\"postmarks\" : 500,")
      .write(to: folder.url.appendingPathComponent("edited.bundle.json"), atomically: true, encoding: .utf8)
    let warning =
      "warning: edited.bundle.json breaks invariant postmarks.ledger: expected Postmarks = 0 opening + 4 "
      + "stamps + 0 New Bearings + 0 Atlas + 0 packs − 0 supplies − 0 colours = 4, found 500 in the running "
      + "app's save; it is loaded as it is (check shows it)"
    let loaded = try ChildProcess.run(
      ["--save-dir", "d"], input: "load edited.bundle.json\nstate --json postmarks\n", in: folder.url)
    #expect(loaded.lines.contains(warning), "\(loaded.output)")
    #expect(loaded.lines.contains(#"{"postmarks":500}"#))
    // The device's clock a day before its running game's: the clocks of clock.monotonic.
    var object = try #require(
      try JSONSerialization.jsonObject(with: Data(made.utf8)) as? [String: Any])
    object["clock"] = try #require(object["clock"] as? Int) - 86_400
    #expect(object["clockUTC"] as? String == "2026-01-05T09:10:00Z")
    object["clockUTC"] = "2026-01-04T09:10:00Z"
    try JSONSerialization.data(withJSONObject: object).write(
      to: folder.url.appendingPathComponent("clock.json"))
    let clock = try ChildProcess.run(["--save-dir", "d"], input: "load clock.json\n", in: folder.url)
    #expect(
      clock.lines.contains {
        $0.hasPrefix(
          "warning: clock.json breaks invariant clock.monotonic: expected the running game at the ")
      }, "\(clock.output)")
    let started = try ChildProcess.run(["--bundle", "edited.bundle.json"], input: "", in: folder.url)
    #expect(
      started.lines.contains(
        warning.replacingOccurrences(of: "the running app's save", with: "the save on disk")),
      "\(started.output)")
  }

  @Test func closedStartsAnySaveFolderWithoutLaunching() throws {
    guard Self.executableIsThere() else { return }
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
    guard Self.executableIsThere() else { return }
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
    guard Self.executableIsThere() else { return }
    let run = try ChildProcess.run(arguments)
    #expect(run.status == 2)
    #expect(run.output.hasPrefix(OutputLine.errorText(message)), "\(run.output)")
  }
}
