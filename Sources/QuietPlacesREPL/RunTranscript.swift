import FoundationEssentials
import QuietPlacesAppStore
import QuietPlacesGame
import QuietPlacesLab

/// One run written as a `.qp` transcript.
public enum RunTranscript {
  /// `0003-payback-15m-8h-seed-4.qp`.
  public static func fileName(_ result: RunResult) -> String {
    let slug = String(result.variant.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
    let index = String(result.index)
    return String(repeating: "0", count: max(0, 4 - index.count)) + index + "-\(slug)-seed-\(result.seed).qp"
  }

  /// Replays `steps` after `new --seed N` in a fresh session; the text, and whether the replay's
  /// `state --json` is the lab's.
  public static func replay(
    _ result: RunResult, steps: [PlayStep], final: RunFinal, rules: Rules, storeKit: StoreKitConfiguration
  ) async -> (text: String, sameState: Bool) {
    let expected = StateJSON(
      save: final.save, open: true, now: final.clock, unfinished: final.unfinished,
      storefront: final.storefront,
      rules: rules, balanceChanges: []
    ).line()
    var lines = [
      "# Recorded by quietplaces simulate: run \(result.index), variant \(result.variant), seed \(result.seed).",
      "# The run's decisions as ordinary commands; the last line is the state the lab's run ended in.",
    ]
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "quietplaces-record-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    guard
      let (session, _) = try? await Session.start(
        SessionEnvironment(rules: rules, storeKit: storeKit, saveDirectory: folder))
    else {
      return ((lines + ["# the REPL could not start"]).joined(separator: "\n") + "\n", false)
    }
    let commands = ["new --seed \(result.seed)"] + steps.flatMap(\.commandLines)
    for command in commands {
      lines.append("> \(command)")
      lines += await session.execute(command).texts
    }
    lines.append("> state --json")
    let actual = await session.execute("state --json").texts
    await session.finish()
    lines.append(expected)
    return (lines.joined(separator: "\n") + "\n", actual == [expected])
  }
}
