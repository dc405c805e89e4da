import Foundation
import QuietPlacesGolden
import QuietPlacesREPL
import QuietPlacesTestSupport
import Testing

/// `autoplay` under `record`: the transcript holds the ordinary commands it ran, not `autoplay`, and
/// replays to the same state.
@Suite struct AutoplayRecordingTests {
  @Test func aRecordingOfAutoplayIsOrdinaryCommandsThatReplay() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "qp-autoplay-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let (session, _) = try await TestSessions.start(in: folder.appendingPathComponent("saves"))
    let transcript = folder.appendingPathComponent("autoplay.qp").path
    var printed: [[OutputLine]] = []
    for line in [
      "record \(transcript)", "new --seed 11", "autoplay payback --sessions 10m/1h --owned charts for 3h",
      "state --json", "record stop",
    ] {
      printed.append(await session.execute(line))
    }
    await session.finish()
    #expect(
      printed[2].first?.text.hasPrefix("Autoplay payback --sessions 10m/1h --owned charts for 3h") == true)
    let text = try String(contentsOfFile: transcript, encoding: .utf8)
    #expect(!text.contains("> autoplay"))
    #expect(text.contains("> buy charts\n"))
    #expect(text.contains("> away 1h\n"))
    #expect(text.contains("> hire\n"))
    // The transcript's last block is the state after autoplay; replayed, it passes as a golden test.
    // As `quietplaces test` does: the recording's bundle is found beside the transcript.
    let runner = GoldenRunner(options: GoldenRunOptions(paths: [transcript]), currentDirectory: folder) {
      saves, scriptFolder in
      try await Session.start(TestSessions.environment(saveDirectory: saves, scriptFolder: scriptFolder)).0
    }
    var output: [String] = []
    let status = await runner.run { output.append($0) }
    #expect(status == 0, "\(output.joined(separator: "\n"))")
  }
}
