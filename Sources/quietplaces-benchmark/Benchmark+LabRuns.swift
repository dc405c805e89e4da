import Foundation
import QuietPlacesLab

extension Benchmark {
  /// `quietplaces-benchmark lab-runs SIMULATE-ARGUMENTS…`: `quietplaces simulate
  /// SIMULATE-ARGUMENTS` played in this process as the program plays it; prints how many lines it
  /// printed and the time. For `valgrind --tool=callgrind` (whose instruction counts stay the same
  /// on a busy machine), which cannot follow the `quietplaces` executable's asynchronous main to
  /// its end.
  func labRuns(_ arguments: [String]) -> Bool {
    do {
      let lab = try LabInProcess(configuration: root.appendingPathComponent("Configuration"))
      let start = Stopwatch.now()
      let (output, errors, status) = try lab.sweep(arguments)
      let seconds = Double(Stopwatch.now() - start) / 1e9
      print("\(output) lines printed, \(errors) on standard error, \(Format.duration(seconds))")
      return status == .success
    } catch {
      print("lab-runs: \(error)")
      return false
    }
  }
}

extension Benchmark {
  /// `quietplaces-benchmark lab-profile SIMULATE-ARGUMENTS…`: where the runs' time goes.
  func labProfile(_ arguments: [String]) -> Bool {
    do {
      let lab = try LabInProcess(configuration: root.appendingPathComponent("Configuration"))
      let (phases, setup, runs) = try lab.profile(arguments)
      printProfile(phases, setup: setup, runs: runs)
      return true
    } catch {
      print("lab-profile: \(error)")
      return false
    }
  }

  /// The profile as a table: each phase's share, its time per run and how often it ran per run.
  func printProfile(_ phases: RunProfile, setup: UInt64, runs: Int) {
    let total = RunProfile.Phase.allCases.reduce(setup) { $0 + phases.nanoseconds($1) }
    let rows: [(String, UInt64, Int)] =
      [("a fresh device and its first launch", setup, runs)]
      + RunProfile.Phase.allCases.map { ($0.label, phases.nanoseconds($0), phases.count($0)) }
    let perRun = Double(total) / 1e9 / Double(runs)
    print("  \(runs) runs, \(Format.duration(perRun)) a run")
    for (label, nanoseconds, count) in rows {
      let share = Double(nanoseconds) / Double(max(total, 1)) * 100
      print(
        "  " + Format.pad(label, 38) + Format.pad(String(format: "%5.1f%%", share), 8)
          + Format.pad(Format.duration(Double(nanoseconds) / 1e9 / Double(runs)) + " a run", 14)
          + String(format: "%8.1f", Double(count) / Double(runs)) + " times a run")
    }
  }
}
