import Foundation

extension Benchmark {
  /// The sweep of lab.md §13.
  static let labSpeedArguments = [
    "simulate", "--seeds", "1-10000", "--strategy", "payback", "--sessions", "15m/8h", "--until", "atlas",
    "--format", "csv", "--jobs", "2",
  ]
  /// The V2 figure of lab.md §13: CPU seconds of that sweep.
  static let labSpeedV2CPUSeconds = 70.0

  // MARK: - (h) the balance lab's speed (lab.md §9, §13)

  /// lab.md §13: 10,000 seeds × `payback --sessions 15m/8h --until atlas` with `--jobs 2`, CPU time
  /// (user + sys, from `wait4`) and wall time of one `quietplaces simulate` process; §9: the CPU time
  /// of 1,000 such runs with `--owned charts,hold,signal` against 1,000 without (`--jobs 1`); then
  /// the peak memory of a 100,000-seed csv sweep against a 10,000-seed one (short idle runs), and
  /// where a run's time goes.
  mutating func labSpeed() {
    print("")
    print("(h) balance lab speed: quietplaces \(Self.labSpeedArguments.joined(separator: " "))")
    let folder = temporaryFolder("lab-speed")
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("sweep.csv").path
    guard
      let sweep = spawn(
        ChildProcess(executable: executable, arguments: Self.labSpeedArguments, standardOutput: output)),
      sweep.status == 0
    else {
      report.add("(h) lab: 10,000 seeds, --jobs 2", "failed", target: "≤ 10 s CPU", passed: false)
      return
    }
    print(
      "  CPU \(Format.duration(sweep.cpuSeconds)) (V2: about \(Format.duration(Self.labSpeedV2CPUSeconds))), "
        + "wall \(Format.duration(sweep.seconds)), \(Format.rate(10_000 / sweep.seconds)) runs/s, "
        + "\(Format.duration(sweep.cpuSeconds / 10_000)) CPU a run")
    report.add(
      "(h) lab: 10,000 seeds × payback 15m/8h until atlas, --jobs 2, CPU (user + sys)",
      "\(Format.duration(sweep.cpuSeconds)) (V2 about \(Format.duration(Self.labSpeedV2CPUSeconds)))",
      target: "≤ 10 s", passed: sweep.cpuSeconds <= 10)
    report.add(
      "(h) lab: the same sweep, wall time", Format.duration(sweep.seconds), target: "< 5 s",
      passed: sweep.seconds < 5)

    // lab.md §9: runs with purchases against runs without, CPU time.
    let base = [
      "simulate", "--seeds", "1-1000", "--strategy", "payback", "--sessions", "15m/8h", "--until", "atlas",
      "--format", "csv", "--jobs", "1",
    ]
    var cpu: [Bool: Double] = [:]
    for owned in [false, true] {
      let arguments = owned ? base + ["--owned", "charts,hold,signal"] : base
      guard let outcome = spawn(ChildProcess(executable: executable, arguments: arguments)),
        outcome.status == 0
      else {
        report.add("(h) lab: --owned against none", "failed", target: "≤ 1.3×", passed: false)
        return
      }
      cpu[owned] = outcome.cpuSeconds
    }
    let ratio = cpu[true]! / cpu[false]!
    report.add(
      "(h) lab: 1,000 runs --owned charts,hold,signal against none, CPU",
      "\(Format.ratio(ratio)) (\(Format.duration(cpu[true]!)) / \(Format.duration(cpu[false]!)))",
      target: "≤ 1.3×", passed: ratio <= 1.3)

    // Issue: a sweep's memory does not grow with the runs it streams.
    var peaks: [Int: Int] = [:]
    for seeds in [10_000, 100_000] {
      let arguments = [
        "simulate", "--seeds", "1-\(seeds)", "--strategy", "idle", "--until", "bearings", "--limit", "1h",
        "--format", "csv", "--jobs", "2",
      ]
      guard let outcome = spawn(ChildProcess(executable: executable, arguments: arguments)),
        outcome.status == 0
      else {
        report.add("(h) lab: peak memory of a csv sweep", "failed", target: "(printed)", passed: nil)
        return
      }
      peaks[seeds] = outcome.peakBytes
    }
    report.add(
      "(h) lab: peak memory, csv sweep of 100,000 runs / of 10,000 (idle, 1 h)",
      "\(Format.megabytes(peaks[100_000]!)) / \(Format.megabytes(peaks[10_000]!))",
      target: "bounded", passed: Double(peaks[100_000]!) < Double(peaks[10_000]!) * 1.5)

    print("  where a run's time goes (200 runs of the sweep in this process, phases timed on the monotonic")
    print("  clock; the wall time of each phase, including waits for the concurrency pool):")
    do {
      let lab = try LabInProcess(configuration: root.appendingPathComponent("Configuration"))
      let (phases, setup, runs) = try lab.profile(
        ["--seeds", "1-200", "--strategy", "payback", "--sessions", "15m/8h", "--until", "atlas"])
      printProfile(phases, setup: setup, runs: runs)
    } catch {
      print("  lab profile: \(error)")
    }
  }
}
