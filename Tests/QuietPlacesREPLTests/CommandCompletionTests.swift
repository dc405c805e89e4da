import Foundation
import QuietPlacesREPL
import QuietPlacesTestSupport
import Testing

/// Tab completion comes from the command registry: commands, sub-commands, equipment, products,
/// colours, and file names only where a command expects a file.
@Suite struct CommandCompletionTests {
  let completion = CommandCompletion()

  @Test(arguments: [
    ("upg", ["upgrade"]),
    ("upgrade s", ["sails", "spyglass"]),
    ("upgrade cargo ", ["max"]),
    ("hire ", ["max"]),
    ("buy ", ["supplies", "marks100", "marks550", "charts", "hold", "signal"]),
    ("buy m", ["marks100", "marks550"]),
    ("colour ", ["ivory", "apricot", "turquoise"]),
    ("color t", ["turquoise"]),
    ("preview ", ["supplies", "bearings", "atlas"]),
    ("advance until affordable s", ["sails", "spyglass", "scout"]),
    ("store ask", ["ask-to-buy"]),
    ("store offline ", ["on", "off"]),
    ("store forge c", ["charts"]),
    ("fault save-fails ", ["once", "on", "off"]),
    // Every App Store storefront; those starting with G, then K (Scripts/cldr/storefronts.tsv).
    ("new --storefront G", ["GAB", "GBR", "GEO", "GHA", "GMB", "GNB", "GRC", "GRD", "GTM", "GUY"]),
    ("store storefront K", ["KAZ", "KEN", "KGZ", "KHM", "KNA", "KOR", "KWT"]),
    ("store storefront jp", ["JPN"]),  // codes complete in any letter case
    ("store price ", ["marks100", "marks550", "charts", "hold", "signal"]),
    ("state ", ["--json"]),
    ("refund h", ["hold"]),
    ("pre", ["prestige", "preview"]),
  ])
  func completes(_ line: String, _ expected: [String]) {
    #expect(completion.completions(for: line) == expected)
  }

  @Test(arguments: ["status ", "advance 1", "charter ", "shop ", "nonsense ", "upgrade sails 3 "])
  func offersNothingWhereNothingFits(_ line: String) {
    #expect(completion.completions(for: line).isEmpty)
  }

  @Test func checkpointNamesAfterRewindAndDiff() {
    let context = CompletionContext(checkpointNames: ["before-crash", "after-launch", "bought"])
    #expect(
      completion.completions(for: "rewind ", context: context) == ["before-crash", "after-launch", "bought"])
    #expect(completion.completions(for: "rewind b", context: context) == ["before-crash", "bought"])
    #expect(
      completion.completions(for: "diff ", context: context) == ["before-crash", "after-launch", "bought"])
    #expect(completion.completions(for: "diff before-crash a", context: context) == ["after-launch"])
    #expect(completion.completions(for: "diff before-crash after-launch ", context: context).isEmpty)
    #expect(completion.completions(for: "rewind bought ", context: context).isEmpty)
    // A new checkpoint's name is the user's to choose; with no checkpoints there is nothing to offer.
    #expect(completion.completions(for: "checkpoint ", context: context).isEmpty)
    #expect(completion.completions(for: "rewind ").isEmpty)
  }

  @Test func theSessionOffersItsCheckpointsOldestFirst() async throws {
    let (session, folder) = try await TestSessions.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(session.completionContext.checkpointNames.isEmpty)
    _ = await session.execute("new --seed 7")
    _ = await session.execute("checkpoint start")
    _ = await session.execute("advance 1h")
    _ = await session.execute("checkpoint later")
    #expect(session.completionContext.checkpointNames == ["start", "later"])
  }

  @Test func theLoopHandsTheSessionsNamesToEachRead() async throws {
    let (session, folder) = try await TestSessions.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = ScriptedInput([.line("new --seed 7"), .line("checkpoint start"), .line("status")])
    _ = await REPLLoop.run(session, input: input, bail: false) { _ in }
    #expect(input.contexts.map(\.checkpointNames) == [[], [], ["start"], ["start"]])
  }

  @Test func filesOnlyWhereAFileIsExpected() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "qp-complete-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data().write(to: folder.appendingPathComponent("player-save.json"))
    let partial = folder.path + "/pla"
    #expect(completion.completions(for: "load \(partial)") == [folder.path + "/player-save.json"])
    #expect(completion.completions(for: "record \(partial)") == [folder.path + "/player-save.json"])
    #expect(completion.completions(for: "buy \(partial)").isEmpty)
  }
}
