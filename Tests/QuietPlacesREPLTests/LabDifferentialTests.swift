import Foundation
import QuietPlacesGame
import QuietPlacesLab
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesREPL

/// The lab's differential check: for random seeds and variants, the commands a run made, replayed
/// through a REPL session, end in the same `state --json` as the run itself.
@Suite struct LabDifferentialTests {
  @Test func recordedCommandsReplayToTheRunsState() async throws {
    let (rules, storeKit) = try SessionEnvironment.load(configurationDirectory: Fixtures.configurationFolder)
    var random = SplitMix64(seed: 2026)
    func pick(_ choices: [String]) -> String { choices[Int(random.next() % UInt64(choices.count))] }
    for _ in 0..<8 {
      let arguments = [
        "--seeds", "\(1 + random.next() % 10_000)",
        "--strategy", pick(["payback", "cheapest", "idle"]),
        "--sessions", pick(["always", "5m/1h", "15m/8h", "1h/23h"]),
        "--owned", pick(["none", "charts", "signal,hold", "marks100"]),
        "--bearings-at", pick(["0", "0.5", "never"]),
        "--supplies", pick(["on", "off"]),
        "--until", pick(["time:1d", "bearings,time:12h", "route:2"]), "--limit", "2d",
      ]
      let plan = try SimulatePlan.make(try SimulateRequest.parse(arguments), balance: rules.balance)
      let results = try await Sweep.run(
        plan.runs(shard: nil), plan: plan, configuration: storeKit, jobs: 1, keepSteps: true)
      let run = try #require(results.first)
      let steps = try #require(run.steps)
      let final = try #require(run.final)
      let transcript = await RunTranscript.replay(
        run, steps: steps, final: final, rules: rules, storeKit: storeKit)
      #expect(transcript.sameState, "simulate \(arguments.joined(separator: " "))")
      #expect(steps.count > 1, "simulate \(arguments.joined(separator: " ")) made no decisions")
    }
  }
}
