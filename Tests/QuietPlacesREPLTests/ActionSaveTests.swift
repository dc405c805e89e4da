import Foundation
import QuietPlacesTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The app saves at once after `new` and after every player action, as a shipping mobile game does:
/// a process killed right after one finds it saved at the next start.
///
/// Each case loads a rich save (loading alone saves nothing), runs one action, then writes a copy
/// with `save FILE`; once the copy exists the action has finished, and the process is killed with
/// SIGKILL, so nothing else (no close) can save for it. A fresh process on the same folder then
/// reads what the save holds.
@Suite struct ActionSaveTests {
  /// An action, the lines that run it, and what the save must show afterwards.
  struct Case: Sendable, CustomStringConvertible {
    var lines: [String]
    var check: @Sendable ([String: Any]) -> Bool
    var description: String { lines[0] }
  }

  /// The rich fixture with Postmarks and voyage progress enough for every action: 1,000,000
  /// Discoveries, 200 Postmarks, progress 200,000.
  static func fixture(in folder: URL) throws -> URL {
    let source = Fixtures.packageRoot.appendingPathComponent("Scripts/game/fixtures/rich.json")
    var save = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any])
    var game = try #require(save["game"] as? [String: Any])
    game["postmarks"] = 200
    game["progress"] = 200_000
    save["game"] = game
    let url = folder.appendingPathComponent("rich-with-postmarks.json")
    try JSONSerialization.data(withJSONObject: save).write(to: url)
    return url
  }

  static func field(_ state: [String: Any], _ path: String...) -> Any? {
    var value: Any? = state
    for key in path { value = (value as? [String: Any])?[key] }
    return value
  }

  static let cases: [Case] = [
    Case(lines: ["new --seed 9"]) { field($0, "seed") as? Int == 9 },
    Case(lines: ["upgrade sails"]) { field($0, "equipment", "sails") as? Int == 1 },
    Case(lines: ["hire"]) { field($0, "scouts", "hired") as? Int == 1 },
    // Kelp Shallows costs 4,000 of the 1,000,000 Discoveries.
    Case(lines: ["charter"]) { field($0, "route") as? Int == 2 },
    // ⌊10 · ∛(200,000 / 100,000)⌋ = ⌊12.599⌋ = 12 Knowledge, and +2 Postmarks: 202.
    Case(lines: ["prestige"]) {
      field($0, "knowledge") as? Int == 12 && field($0, "postmarks") as? Int == 202
    },
    // 25 of the 200 Postmarks: 175 left.
    Case(lines: ["buy supplies", "y"]) { field($0, "postmarks") as? Int == 175 },
    // 40 of the 200 Postmarks: 160 left, and the colour is up.
    Case(lines: ["colour apricot", "y"]) {
      field($0, "sail", "selected") as? String == "apricot" && field($0, "postmarks") as? Int == 160
    },
    // A fresh voyage resets the 1,000,000 Discoveries to 0 and keeps the 200 Postmarks (a new game
    // would hold none).
    Case(lines: ["fresh-voyage", "y"]) {
      field($0, "discoveries") as? Double == 0 && field($0, "postmarks") as? Int == 200
    },
  ]

  @Test(arguments: cases)
  func aKilledAppKeepsItsLastAction(_ action: Case) throws {
    guard ChildProcess.executable != nil else {
      Issue.record("the quietplaces executable was not found next to the tests")
      return
    }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("quietplaces-action-\(UUID().uuidString)")
    let saves = folder.appendingPathComponent("device")
    try FileManager.default.createDirectory(at: saves, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixture = try Self.fixture(in: folder)
    let marker = folder.appendingPathComponent("done.json")

    let (process, input) = try ChildProcess.startQuietly(["--save-dir", saves.path])
    let lines = ["load \(fixture.path)"] + action.lines + ["save \(marker.path)"]
    input.write(Data(lines.map { $0 + "\n" }.joined().utf8))
    // Standard input stays open: the process waits for more and never closes the app by itself.
    for _ in 0..<2_000 where !FileManager.default.fileExists(atPath: marker.path) { usleep(5_000) }
    #expect(FileManager.default.fileExists(atPath: marker.path), "the action did not finish")
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)

    let after = try ChildProcess.run(["--save-dir", saves.path], input: "state --json\n")
    let line = try #require(after.lines.last { $0.hasPrefix("{") }, "\(after.output)")
    let state = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(action.check(state), "after \(action.lines.joined(separator: " / ")): \(line)")
  }
}
