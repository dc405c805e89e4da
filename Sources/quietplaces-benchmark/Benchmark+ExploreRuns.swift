import Foundation
import QuietPlacesExplore
import QuietPlacesREPL

extension Benchmark {
  /// `quietplaces-benchmark explore-runs N`: the explorer's runs 1 to N (seed 1, up to 60 steps,
  /// one job) played in this process as figure (j) plays them, nothing driven through a pipe;
  /// prints the steps played. For `valgrind --tool=callgrind`, whose instruction counts stay the
  /// same on a busy machine: the instructions a step costs are the difference between two counts
  /// of runs over the difference of their steps.
  func exploreRuns(_ arguments: [String]) async -> Bool {
    guard let runs = arguments.first.flatMap(Int.init), runs >= 1 else {
      print("explore-runs: give the number of runs, 1 or more")
      return false
    }
    let folder = temporaryFolder("explore-runs")
    defer { try? FileManager.default.removeItem(at: folder) }
    let explorer: Explorer
    switch await benchmarkExplorer(runs: runs, in: folder) {
    case .success(let made): explorer = made
    case .failure(let failure):
      print("explore-runs: \(failure.reason)")
      return false
    }
    let start = Stopwatch.now()
    let played = await explorer.playedLines(runs: runs)
    let seconds = Double(Stopwatch.now() - start) / 1e9
    let steps = played.reduce(0) { $0 + $1.count - 1 }
    print("\(runs) runs, \(steps) steps, \(Format.duration(seconds))")
    return true
  }

  /// Why the benchmark's explorer could not be made.
  struct ExplorerSetupFailure: Error {
    let reason: String
  }

  /// The exploration figure (j) and `explore-runs` play: seed 1, `runs` runs, one job, findings in
  /// `folder`, on the package's configuration.
  func benchmarkExplorer(runs: Int, in folder: URL) async -> Result<Explorer, ExplorerSetupFailure> {
    guard
      let (rules, storeKit) = try? SessionEnvironment.load(
        configurationDirectory: root.appendingPathComponent("Configuration"))
    else { return .failure(ExplorerSetupFailure(reason: "the configuration is unreadable")) }
    var options = ExploreOptions()
    options.seed = 1
    options.runs = runs
    options.jobs = 1
    options.findings = folder.appendingPathComponent("findings").path
    let environment = SessionEnvironment(rules: rules, storeKit: storeKit, saveDirectory: folder)
    guard
      let explorer = try? await Explorer.make(
        options, rules: rules, storeKit: storeKit, environment: environment)
    else { return .failure(ExplorerSetupFailure(reason: "the explorer could not start")) }
    return .success(explorer)
  }
}
