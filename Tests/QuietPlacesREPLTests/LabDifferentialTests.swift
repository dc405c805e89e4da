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
      // Drawn in the order of the command line this test once parsed, so the cases stay the same.
      let seed = 1 + random.next() % 10_000
      let strategy = pick(["payback", "cheapest", "idle"])
      let sessions = pick(["always", "5m/1h", "15m/8h", "1h/23h"])
      let owned = pick(["none", "charts", "signal,hold", "marks100"])
      let bearingsAt = pick(["0", "0.5", "never"])
      let supplies = pick(["on", "off"])
      let until = pick(["time:1d", "bearings,time:12h", "route:2"])
      let request = SimulateRequest(
        seeds: [seed], strategies: [try StrategyKind.parse(strategy)],
        bearingsAt: [try Strategy.parseBearingsAt(bearingsAt)],
        supplies: [try SuppliesPolicy.parse(supplies)],
        sessions: [try SessionModel.parse(sessions)], owned: [try Strategy.parseOwned(owned)],
        milestones: try Milestone.parseList(until), limit: 2 * 86_400)
      let arguments = [
        "--seeds \(seed)", "--strategy \(strategy)", "--sessions \(sessions)",
        "--owned \(owned)", "--bearings-at \(bearingsAt)", "--supplies \(supplies)", "--until \(until)",
        "--limit 2d",
      ]
      let plan = try SimulatePlan.make(request, balance: rules.balance)
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
