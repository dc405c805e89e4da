import QuietPlacesDevice
import QuietPlacesGame
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesLab

/// Strategies playing a fresh device through the app and the simulated App Store.
@Suite struct AutoplayTests {
  func play(_ strategy: Strategy, until milestones: [Milestone], seed: UInt64 = 1) async throws -> PlayReport
  {
    let device = try DeviceFactory(DeviceConfiguration(rules: rules, storeKit: storeKit)).makeDevice(
      seed: seed)
    _ = try await device.launch()
    return try await Autoplay.run(
      strategy, goal: PlayGoal(milestones: milestones), on: device,
      keeping: Autoplay.Keeping(steps: true, samples: true))
  }

  /// Idle buys nothing: it only sails and, with R = 0, takes New Bearings the moment it gives 10.
  @Test func idleOnlySailsAndPrestiges() async throws {
    let report = try await play(Strategy(kind: .idle, bearingsAt: 0, supplies: .hold), until: [.bearings(1)])
    #expect(report.outcomes[0].reached)
    #expect(report.bought.isEmpty && report.spent == 0)
    #expect(report.steps.last == .prestige(.bearings))
    #expect(report.steps.dropLast().allSatisfy { if case .advance = $0 { true } else { false } })
    #expect(report.decisions == 1)
    // New Bearings gave 10 (10 · ∛(100,000 / 100,000)); surveys on the way gave the rest.
    #expect(report.final.lifetime.bearings == 1 && report.final.knowledge >= 10)
  }

  /// Sessions: 15 minutes online, then `away 8h`; decisions only online; owned products bought first.
  @Test func sessionsAndOwnedProducts() async throws {
    let strategy = Strategy(kind: .payback, sessions: try SessionModel.parse("15m/8h"), owned: [.charts])
    let report = try await play(strategy, until: [.time(100_000)])
    #expect(report.steps.first == .buyProduct(.charts))
    #expect(report.final.owns(.charts))
    // 100,000 s is 3 cycles of 29,700 s and 10,900 s more: 3 absences; online 4 × 900 s.
    #expect(report.absences == 4)
    #expect(report.onlineSeconds == 4 * 900)
    #expect(
      report.outcomes[0]
        == MilestoneOutcome(
          milestone: .time(100_000), reached: true, seconds: 100_000, onlineSeconds: 3_600,
          decisions: report.outcomes[0].decisions, spent: report.outcomes[0].spent))
    let aways = report.steps.filter { $0 == .away(28_800) }.count
    #expect(aways == 4)
  }

  /// The same strategy and seed play the same run.
  @Test func aRunIsDeterministic() async throws {
    let strategy = Strategy(kind: .cheapest, bearingsAt: 0)
    let a = try await play(strategy, until: [.bearings(2)], seed: 5)
    let b = try await play(strategy, until: [.bearings(2)], seed: 5)
    #expect(a.steps == b.steps)
    #expect(a.final == b.final)
    #expect(a.outcomes == b.outcomes)
  }
}
