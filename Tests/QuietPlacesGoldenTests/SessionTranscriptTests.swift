import Foundation
import QuietPlacesGolden
import QuietPlacesREPL
import QuietPlacesTestSupport
import Testing

/// A session recorded with `record` is a golden test that passes unchanged; an edited expectation
/// fails with a diff naming the line, and `--update` restores it.
@Suite struct SessionTranscriptTests {
  func runner(_ paths: [String], update: Bool = false, in folder: URL) throws -> GoldenRunner {
    let (rules, storeKit) = try SessionEnvironment.load(
      configurationDirectory: Fixtures.configurationFolder)
    // As `quietplaces test` does: files a script names are found beside it (the recording's bundle).
    return GoldenRunner(options: GoldenRunOptions(paths: paths, update: update), currentDirectory: folder) {
      saves, scriptFolder in
      var environment = SessionEnvironment(rules: rules, storeKit: storeKit, saveDirectory: saves)
      environment.testScript(in: scriptFolder)
      return try await Session.start(environment).0
    }
  }

  @Test func recordedSessionPassesAsAGoldenTest() async throws {
    let folder = try TemporaryFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    let saves = folder.appendingPathComponent("saves")
    let (rules, storeKit) = try SessionEnvironment.load(
      configurationDirectory: Fixtures.configurationFolder)
    let (session, _) = try await Session.start(
      SessionEnvironment(rules: rules, storeKit: storeKit, saveDirectory: saves))
    let transcript = folder.appendingPathComponent("bug.qp").path
    let lines = [
      "record \(transcript)", "new --seed 3", "advance 2h", "upgrade sails max", "buy marks100",
      "buy supplies", "y",
      "colour apricot", "n", "hire 0", "store ask-to-buy on", "buy signal", "store approve", "away 3h",
      "state --json",
      "record stop", "status",
    ]
    var printed: [[OutputLine]] = []
    for line in lines { printed.append(await session.execute(line)) }
    await session.finish()
    #expect(printed[0] == [.info("Recording to \(transcript); record stop ends it.")])
    #expect(printed[9].first?.isError == true)
    let text = try String(contentsOfFile: transcript, encoding: .utf8)
    #expect(!text.contains("> record"))
    #expect(!text.contains("> status"))
    #expect(text.contains("> y\n"))
    // Started before anything happened, the recording replays from a fresh engine: no bundle.
    #expect(!text.contains("> load "))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("bug.bundle.json").path))

    var output: [String] = []
    let status = try await runner([transcript], in: folder).run { output.append($0) }
    #expect(status == 0, "\(output.joined(separator: "\n"))")
    #expect(output.last == "1 passed, 0 failed")
  }

  /// Started mid-session, the recording begins by loading the device as it was, from a bundle
  /// beside it; a missing folder is created, and the recording says so.
  @Test func aRecordingStartedMidSessionWritesABundleIntoAFolderItMakes() async throws {
    let folder = try TemporaryFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    let (rules, storeKit) = try SessionEnvironment.load(
      configurationDirectory: Fixtures.configurationFolder)
    let (session, _) = try await Session.start(
      SessionEnvironment(
        rules: rules, storeKit: storeKit, saveDirectory: folder.appendingPathComponent("saves")))
    let reports = folder.appendingPathComponent("reports/new")
    let transcript = reports.appendingPathComponent("bug.qp").path
    _ = await session.execute("new --seed 3")
    _ = await session.execute("advance 2h")
    #expect(
      await session.execute("record \(transcript)").texts == [
        "Created the folder \(reports.path) for the recording.",
        "Recording to \(transcript); record stop ends it.",
      ])
    _ = await session.execute("upgrade sails max")
    _ = await session.execute("record stop")
    await session.finish()
    let text = try String(contentsOfFile: transcript, encoding: .utf8)
    #expect(text.contains("\n> load bug.bundle.json\n"))
    #expect(FileManager.default.fileExists(atPath: reports.appendingPathComponent("bug.bundle.json").path))
    var output: [String] = []
    let status = try await runner([transcript], in: folder).run { output.append($0) }
    #expect(status == 0, "\(output.joined(separator: "\n"))")
  }

  @Test func editedExpectationFailsWithADiffAndUpdateRestoresIt() async throws {
    let folder = try TemporaryFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = folder.appendingPathComponent("edited.qp")
    let original = try String(
      contentsOf: Fixtures.scriptsFolder.appendingPathComponent("tour/tour.qp"), encoding: .utf8)
    let edited = original.replacingOccurrences(
      of: "Bought Luminous charts for £4.99.", with: "Bought Luminous charts for £5.99.")
    #expect(edited != original)
    try edited.write(to: script, atomically: true, encoding: .utf8)
    let commandLine = original.components(separatedBy: "\n").firstIndex(of: "> buy charts")! + 1

    var output: [String] = []
    let failing = try await runner([script.path], in: folder).run { output.append($0) }
    #expect(failing == 1)
    #expect(output.contains("-Bought Luminous charts for £5.99."))
    #expect(output.contains("+Bought Luminous charts for £4.99."))
    #expect(
      output.contains { $0.hasPrefix("@@") && $0.contains("edited.qp:\(commandLine): > buy charts") })
    #expect(output.last == "0 passed, 1 failed")

    output = []
    _ = try await runner([script.path], update: true, in: folder).run { output.append($0) }
    #expect(try String(contentsOf: script, encoding: .utf8) == original)
    output = []
    let passing = try await runner([script.path], in: folder).run { output.append($0) }
    #expect(passing == 0)
  }
}
