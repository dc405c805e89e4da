import Foundation
import QuietPlacesREPL
import QuietPlacesTestSupport
import Testing

/// Lines a user might type or paste that are wrong: each prints one `error:` line and changes nothing.
private let malformedLines = [
  "frobnicate", "ÜNICODE 🙂", "advance -3h", "advance 10x", "advance 99999999d", "advance", "advance 1.5h",
  "advance 90", "advance 0s", "advance 30m1h", "advance until", "advance until nowhere", "advance 1h 2h",
  "advance ٣h", "advance 101y", "advance 5300w", "away -1h", "hire -1", "hire 0", "hire 1000001", "hire abc",
  "hire 1 2", "hire ３", "upgrade cargo 9", "upgrade", "upgrade rudder", "upgrade sails -5",
  "upgrade sails 1e3", "upgrade sails 1000000", "hire 1000000", "buy", "buy gold",
  "buy com.gallaxgames.quietplaces.gold", "colour purple", "colour", "load /nonexistent", "load",
  "load /tmp", "y", "no", "prestige", "prestige sideways", "charter", "upgrade spyglass 1000000", "refund",
  "refund signal", "store storefront XYZ", "store locale qq", "store price charts 4,99", "store price charts",
  "store ask-to-buy maybe", "store approve", "store decline",
  "store resolve", "store continue", "store frobnicate", "store unavailable gold", "store replay 999",
  "store forge gold", "fault save-fails sometimes", "preview nothing", "help nosuch", "record",
  "state --yaml", "simulate --seeds 1-20", "explore", "test Scripts", "run a.qp", "quietplaces status",
  "$ quietplaces simulate", "quietplaces", #"{"line":"advance 1h"}"#,
  "state postmarks", "launch", "new --seed x",
  "new --storefront XYZ", "fresh-voyage now",
  "close now",
  "save a b", "transactions all", "shop now", "restore now", "delete-app now", "quit now", "rates now",
  "status now", "log now", "storekit", "storekit chek Configuration/QuietPlaces.storekit",
  "storekit check /nonexistent.storekit", "check postmarks <= 3", "check 'postmarks <= 3'",
  "check --invariant 'postmarks <= 3' 'knowledge >= 0'", "check --invariant 'postmarks <= 3' and",
]

@Suite struct MalformedInputTests {
  @Test func thereAreAtLeastFortyCases() {
    #expect(malformedLines.count >= 40)
  }

  @Test(arguments: malformedLines)
  func malformedLinePrintsOneErrorAndChangesNothing(_ line: String) async throws {
    let (session, folder) = try await TestSessions.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Something to lose: Postmarks, a permanent purchase and a voyage under way.
    _ = await session.execute("buy marks100")
    _ = await session.execute("buy charts")
    _ = await session.execute("advance 6m")
    let before = await session.execute("state --json")
    let output = await session.execute(line)
    #expect(output.filter(\.isError).count == 1, "\(output)")
    #expect(output.allSatisfy { !$0.text.contains("\n") })
    #expect(await session.execute("state --json") == before)
    await session.finish()
  }

  @Test(arguments: malformedLines)
  func batchModeAndRunExitOneAfterAFailedCommand(_ line: String) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("quietplaces-malformed-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let batch = try ChildProcess.run(["--save-dir", folder.path], input: "status\n\(line)\nstatus\n")
    #expect(batch.status == 1, "\(batch.output)")
    #expect(batch.lines.filter { $0.hasPrefix(OutputLine.errorText("")) }.count == 1, "\(batch.output)")

    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let script = folder.appendingPathComponent("bad.qp")
    try "# one bad line\n> status\n> \(line)\n> status\n".write(to: script, atomically: true, encoding: .utf8)
    let run = try ChildProcess.run(["run", script.path])
    #expect(run.status == 1, "\(run.output)")
  }

  @Test func batchModeAndRunExitZeroWhenEveryCommandSucceeds() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("quietplaces-malformed-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let good = "status\nbuy marks100\nadvance 1h\nupgrade sails\nstate --json\n"
    let batch = try ChildProcess.run(["--save-dir", folder.path], input: good)
    #expect(batch.status == 0, "\(batch.output)")
    let script = folder.appendingPathComponent("good.qp")
    let text = good.split(separator: "\n").map { "> \($0)" }.joined(separator: "\n") + "\n"
    try text.write(to: script, atomically: true, encoding: .utf8)
    let run = try ChildProcess.run(["run", script.path])
    #expect(run.status == 0, "\(run.output)")
  }
}
