import Foundation
import QuietPlacesREPL
import QuietPlacesTestSupport
import Testing

/// `new --set KEY=VALUE`: a game under the configuration's balance with numbers changed, which the
/// session says it plays, which a bundle keeps and a bare save does not, and which a refused setting
/// or a later `new` without `--set` leaves as the configuration's.
@Suite struct BalanceChangesTests {
  /// Runs `lines` in a fresh session; the output of each line.
  func run(_ lines: [String]) async throws -> [[String]] { try await TestSessions.outputs(of: lines) }

  @Test func theChangedNumberIsTheGamesFromTheStart() async throws {
    // 1.0 nm at 12 knots takes 300 s, so five minutes reach the first place; at 10 knots they do not.
    let out = try await run([
      "new --set ship.baseSpeedKnots=12", "advance 5m", "state --json balanceChanges speed route visited",
    ])
    #expect(out[0].last == "Rules: the configuration's balance with ship.baseSpeedKnots=12, for this game.")
    #expect(out[1].first?.hasPrefix("Sailed 5m: 1 arrival") == true, "\(out[1])")
    #expect(
      out[2] == [
        #"{"balanceChanges":["ship.baseSpeedKnots=12"],"route":1,"speed":12,"visited":["Lantern Quay"]}"#
      ])
  }

  @Test func aRefusedSettingChangesNothing() async throws {
    let out = try await run([
      "new --seed 4 --set equipment.sails.basePrice=30", "advance 1m",
      "new --seed 9 --set equipment.sails.basePrce=40", "state --json balanceChanges seed clock",
    ])
    #expect(
      out[2] == [
        OutputLine.errorText(
          "--set: unknown key equipment.sails.basePrce in balance.json; did you mean equipment.sails.basePrice?"
        )
      ])
    #expect(
      out[3] == [
        #"{"balanceChanges":["equipment.sails.basePrice=30"],"clock":"2026-01-05T09:01:00Z","seed":4}"#
      ])
  }

  @Test func aLaterNewWithoutSetPlaysTheConfigurationsBalance() async throws {
    let out = try await run([
      "new --set ship.baseSpeedKnots=12", "new", "state --json balanceChanges speed", "status",
    ])
    #expect(out[1].last == "Rules: the configuration's balance again, unchanged.")
    #expect(out[2] == [#"{"balanceChanges":[],"speed":10}"#])
    #expect(!out[3].contains { $0.hasPrefix("balance:") })
  }

  @Test func aBundleKeepsTheChangesAndABareSaveSaysItDoesNot() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("quietplaces-balance-changes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = folder.appendingPathComponent("fast.bundle.json").path
    let save = folder.appendingPathComponent("fast.json").path
    let out = try await run([
      "new --set ship.baseSpeedKnots=12 --set events.current.oneIn=30", "bundle \(bundle)", "save \(save)",
      "new", "load \(save)", "state --json balanceChanges speed", "load \(bundle)",
      "state --json balanceChanges speed",
    ])
    #expect(
      out[1].last
        == "  rules: the configuration's balance with ship.baseSpeedKnots=12, events.current.oneIn=30")
    let written = try String(contentsOfFile: bundle, encoding: .utf8)
    #expect(written.contains(#""ship.baseSpeedKnots=12""#))
    #expect(out[2].last?.hasPrefix("note: a save carries no balance") == true, "\(out[2])")
    #expect(out[5] == [#"{"balanceChanges":[],"speed":10}"#])
    #expect(
      out[7] == [#"{"balanceChanges":["ship.baseSpeedKnots=12","events.current.oneIn=30"],"speed":12}"#])
  }

  @Test func aBundleWhoseChangesDoNotApplyIsRefusedWhole() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("quietplaces-balance-changes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("b.json").path
    _ = try await run(["new --set ship.baseSpeedKnots=12", "bundle \(path)"])
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try text.replacing("ship.baseSpeedKnots=12", with: "ship.topSpeed=12").write(
      toFile: path, atomically: true, encoding: .utf8)
    let out = try await run(["new --seed 5", "load \(path)", "state --json balanceChanges seed"])
    #expect(out[1].count == 1)
    #expect(out[1].first?.contains("its balanceChanges do not apply to this configuration's balance") == true)
    // No key at that level is within a typo of topSpeed: the keys there are named instead.
    #expect(out[1].first?.contains("the keys at that level are ship.baseSpeedKnots") == true, "\(out[1])")
    #expect(out[2] == [#"{"balanceChanges":[],"seed":5}"#])
  }

  @Test func checkingFollowsTheChangedRules() async throws {
    // The invariants are checked under the rules the game plays (at 40 knots two hours sail many
    // loops), and rewinding to before the change puts the configuration's rules back; the replay
    // that `determinism` compares with plays the change too.
    let out = try await run([
      "checkpoint start", "new --set ship.baseSpeedKnots=40", "advance 2h", "check", "rewind start", "check",
    ])
    #expect(out[3].last == "all 14 invariants hold", "\(out[3])")
    #expect(out[5].last == "all 14 invariants hold", "\(out[5])")
  }
}
