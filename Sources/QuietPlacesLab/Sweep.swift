import QuietPlacesAppStore
import QuietPlacesGame
import QuietPlacesStore

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a plan's runs, `jobs` at a time, each in a fresh engine and a fresh simulated App Store.
///
/// Every run depends only on its seed and variant, and results come back in run order, so the output
/// is the same for any number of jobs.
public enum Sweep {
  /// The cores of this machine: the default number of jobs.
  public static var cores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

  /// Plays one run of the plan.
  public static func run(
    _ run: SimulatePlan.Run, plan: SimulatePlan, stores: FreshStores, keepSteps: Bool
  ) async throws(LabError) -> RunResult {
    let variant = plan.variants[run.variant]
    let device = try await LabDevice.start(seed: run.seed, rules: variant.rules, stores: stores)
    let report: PlayReport
    do {
      report = try await Autoplay.run(
        variant.strategy, goal: plan.goal, host: device, rules: variant.rules,
        keeping: Autoplay.Keeping(steps: keepSteps, samples: true))
    } catch {
      throw LabError("run \(run.index) (\(variant.name), seed \(run.seed)): \(error.message)")
    }
    var final: RunFinal?
    if keepSteps, let save = await device.save() {
      final = RunFinal(
        save: save, clock: device.now, unfinished: await device.unfinishedTransactions(),
        storefront: await device.storefront())
    }
    return RunResult(
      index: run.index, variant: variant.name, variantIndex: run.variant, seed: run.seed, total: plan.total,
      outcomes: report.outcomes, seconds: report.seconds,
      series: Series(samples: report.samples, end: report.seconds), steps: keepSteps ? report.steps : nil,
      final: final)
  }

  /// Plays `runs` with at most `jobs` at once; `progress` hears (done, total) after each.
  public static func run(
    _ runs: [SimulatePlan.Run], plan: SimulatePlan, configuration: StoreKitConfiguration, jobs: Int,
    keepSteps: Bool = false, progress: @Sendable (Int, Int) -> Void = { _, _ in }
  ) async throws(LabError) -> [RunResult] {
    typealias Finished = (position: Int, result: Result<RunResult, LabError>)
    let stores = try await FreshStores(configuration: configuration)
    let outcome = await withTaskGroup(of: Finished.self, returning: Result<[RunResult], LabError>.self) {
      group in
      var collected = [RunResult?](repeating: nil, count: runs.count)
      var next = 0
      var done = 0
      while next < runs.count && next < max(1, jobs) {
        let position = next
        group.addTask { await Self.play(runs[position], at: position, plan, stores, keepSteps) }
        next += 1
      }
      while let finished = await group.next() {
        switch finished.result {
        case .success(let value): collected[finished.position] = value
        case .failure(let error):
          group.cancelAll()
          return .failure(error)
        }
        done += 1
        progress(done, runs.count)
        if next < runs.count {
          let position = next
          group.addTask { await Self.play(runs[position], at: position, plan, stores, keepSteps) }
          next += 1
        }
      }
      return .success(collected.compactMap { $0 })
    }
    return try outcome.get()
  }

  private static func play(
    _ run: SimulatePlan.Run, at position: Int, _ plan: SimulatePlan, _ stores: FreshStores, _ keepSteps: Bool
  ) async -> (position: Int, result: Result<RunResult, LabError>) {
    do throws(LabError) {
      return (
        position,
        .success(try await Self.run(run, plan: plan, stores: stores, keepSteps: keepSteps))
      )
    } catch {
      return (position, .failure(error))
    }
  }
}
