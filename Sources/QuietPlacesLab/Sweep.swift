import QuietPlacesAppStore
import QuietPlacesDevice
import QuietPlacesGame
import QuietPlacesStore

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a plan's runs, `jobs` at a time, each on a fresh device (a fresh app and App Store account).
///
/// Every run depends only on its seed and variant, and results come back in run order, so the output
/// is the same for any number of jobs.
public enum Sweep {
  /// The cores of this machine: the default number of jobs.
  public static var cores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

  /// Plays one run of the plan on a device from `factory` (made for the plan's StoreKit
  /// configuration), under the run's variant's rules.
  public static func run(
    _ run: SimulatePlan.Run, plan: SimulatePlan, factory: DeviceFactory, keepSteps: Bool
  ) async throws(LabError) -> RunResult {
    let variant = plan.variants[run.variant]
    let report: PlayReport
    let device: Device
    do throws(LabError) {
      do {
        device = try factory.with(rules: variant.rules).makeDevice(seed: run.seed)
        _ = try await device.launch()
      } catch {
        throw .deviceNotStarted(error)
      }
      report = try await Autoplay.run(
        variant.strategy, goal: plan.goal, on: device,
        keeping: Autoplay.Keeping(steps: keepSteps, samples: true))
    } catch {
      throw .run(index: run.index, variant: variant.name, seed: run.seed, error)
    }
    var final: RunFinal?
    if keepSteps, let save = await device.currentSave() {
      let store = await device.storeSnapshot()
      final = RunFinal(
        save: save, clock: device.now, unfinished: store.transactions.filter { !$0.finished }.map(\.id),
        storefront: store.settings.storefront.rawValue)
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
    guard let first = plan.variants.first else { return [] }
    let factory: DeviceFactory
    do {
      factory = try DeviceFactory(DeviceConfiguration(rules: first.rules, storeKit: configuration))
    } catch {
      throw .deviceNotStarted(error)
    }
    let outcome = await withTaskGroup(of: Finished.self, returning: Result<[RunResult], LabError>.self) {
      group in
      var collected = [RunResult?](repeating: nil, count: runs.count)
      var next = 0
      var done = 0
      while next < runs.count && next < max(1, jobs) {
        let position = next
        group.addTask { await Self.play(runs[position], at: position, plan, factory, keepSteps) }
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
          group.addTask { await Self.play(runs[position], at: position, plan, factory, keepSteps) }
          next += 1
        }
      }
      return .success(collected.compactMap { $0 })
    }
    return try outcome.get()
  }

  private static func play(
    _ run: SimulatePlan.Run, at position: Int, _ plan: SimulatePlan, _ factory: DeviceFactory,
    _ keepSteps: Bool
  ) async -> (position: Int, result: Result<RunResult, LabError>) {
    do throws(LabError) {
      return (
        position,
        .success(try await Self.run(run, plan: plan, factory: factory, keepSteps: keepSteps))
      )
    } catch {
      return (position, .failure(error))
    }
  }
}
