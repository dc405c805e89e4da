import QuietPlacesAppStore
import QuietPlacesDevice
import QuietPlacesGame
import QuietPlacesStore
import QuietPlacesUtilities

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
  /// configuration), under the run's variant's rules. The sweep's first run (index 0) also keeps its
  /// timeline.
  ///
  /// `stopPlaying`, when given, is asked every few thousand steps; once it answers `true` the run
  /// ends unfinished and gives `nil`.
  public static func run(
    _ run: SimulatePlan.Run, plan: SimulatePlan, factory: DeviceFactory, keepSteps: Bool,
    stopPlaying: (@Sendable () -> Bool)? = nil
  ) async throws(LabError) -> RunResult? {
    let variant = plan.variants[run.variant]
    let report: PlayReport
    let device: Device
    do {
      device = try factory.with(rules: variant.rules).makeDevice(seed: run.seed)
      _ = try await device.launch()
    } catch {
      throw .run(index: run.index, variant: variant.name, seed: run.seed, .deviceNotStarted(error))
    }
    do throws(LabError) {
      report = try await Autoplay.run(
        variant.strategy, goal: plan.goal, on: device,
        keeping: Autoplay.Keeping(steps: keepSteps, samples: true, timeline: run.index == 0),
        stopPlaying: stopPlaying)
    } catch .stoppedPlaying {
      _ = await device.close()
      return nil
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
    // The app closes, so the task listening to the store's updates ends and nothing of the run's
    // device, app or store outlives it.
    _ = await device.close()
    return RunResult(
      index: run.index, variant: variant.name, variantIndex: run.variant, seed: run.seed, total: plan.total,
      outcomes: report.outcomes, seconds: report.seconds,
      series: Series(samples: report.samples, end: report.seconds), steps: keepSteps ? report.steps : nil,
      final: final,
      timeline: run.index == 0 ? RunTimeline(events: report.events, samples: report.samples) : nil)
  }

  /// Plays `runs` with at most `jobs` at once; `progress` hears (done, total) after each, in run order.
  ///
  /// `stopRequested` is asked before each run starts: once it answers `true`, no run starts, those
  /// playing end, and the results are those of the runs played, a prefix of `runs` (see
  /// ``wholeSeeds(_:variants:)``). `stopPlaying`, when given, is asked by the runs playing every few
  /// thousand steps: once it answers `true` they end unfinished, and the results are the runs
  /// finished before the first of them.
  public static func run(
    _ runs: [SimulatePlan.Run], plan: SimulatePlan, configuration: StoreKitConfiguration, jobs: Int,
    keepSteps: Bool = false, progress: @Sendable (Int, Int) -> Void = { _, _ in },
    stopRequested: @escaping () -> Bool = { false }, stopPlaying: (@Sendable () -> Bool)? = nil
  ) async throws(LabError) -> [RunResult] {
    guard let first = plan.variants.first else { return [] }
    let factory = try Self.factory(first, configuration: configuration)
    var results: [RunResult] = []
    results.reserveCapacity(runs.count)
    var cut = false
    try await BoundedParallel.forEach(runs.lazy.prefix { _ in !stopRequested() }, atMost: jobs) {
      run throws(LabError) in
      try await Self.run(run, plan: plan, factory: factory, keepSteps: keepSteps, stopPlaying: stopPlaying)
    } inOrder: { index, result in
      guard !cut, let result else {
        cut = true
        return
      }
      progress(index + 1, runs.count)
      results.append(result)
    }
    return results
  }

  /// The first of `results` (a prefix of a whole sweep's runs, which go seed by seed, each seed's
  /// `variants` runs together) that make whole seeds: those every variant played, so that variants
  /// are still compared on the same seeds.
  public static func wholeSeeds(_ results: [RunResult], variants: Int) -> [RunResult] {
    Array(results.prefix(results.count / max(1, variants) * max(1, variants)))
  }

  /// Plays `runs` with at most `jobs` at once and hands each result to `each` in run order as soon
  /// as it and every run before it have ended, keeping none: what the sweep holds at once (at most
  /// `jobs` runs playing and results waiting for an earlier one) does not grow with its length.
  ///
  /// `stopRequested` is asked before each run starts, as in ``run(_:plan:configuration:jobs:keepSteps:progress:stopRequested:stopPlaying:)``.
  public static func forEach(
    _ runs: SimulatePlan.LazyRuns, plan: SimulatePlan, configuration: StoreKitConfiguration, jobs: Int,
    stopRequested: @escaping () -> Bool = { false }, stopPlaying: (@Sendable () -> Bool)? = nil,
    each: (RunResult) -> Void
  ) async throws(LabError) {
    guard let first = plan.variants.first else { return }
    let factory = try Self.factory(first, configuration: configuration)
    var cut = false
    try await BoundedParallel.forEach(runs.lazy.prefix { _ in !stopRequested() }, atMost: jobs) {
      run throws(LabError) in
      try await Self.run(run, plan: plan, factory: factory, keepSteps: false, stopPlaying: stopPlaying)
    } inOrder: { _, result in
      guard !cut, let result else {
        cut = true
        return
      }
      each(result)
    }
  }

  /// The factory of a sweep's devices, made for its first variant and `configuration`.
  private static func factory(_ first: Variant, configuration: StoreKitConfiguration) throws(LabError)
    -> DeviceFactory
  {
    do {
      return try DeviceFactory(DeviceConfiguration(rules: first.rules, storeKit: configuration))
    } catch {
      throw .deviceNotStarted(error)
    }
  }
}
