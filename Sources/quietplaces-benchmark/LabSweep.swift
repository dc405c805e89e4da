import Foundation

extension Benchmark {
  /// The sweep of lab.md §6.
  static let labArguments = [
    "simulate", "--seeds", "1-1000", "--strategy", "payback", "--sessions", "15m/8h", "--until", "atlas",
    "--format", "csv",
  ]

  // MARK: - (h) the balance lab

  /// 1,000 seeds × `payback --sessions 15m/8h --until atlas` with `--jobs 2` and `--jobs 1`, each the
  /// median wall time of three `quietplaces simulate` processes (start to exit, output to a file),
  /// taken in turns (2, 1, 2, 1, 2, 1) so that a change in the machine's load weighs on both;
  /// then one run against the same decisions replayed command by command through the REPL
  /// (`quietplaces run` of the run's own recording).
  mutating func lab() {
    print("")
    print("(h) balance lab: quietplaces \(Self.labArguments.joined(separator: " ")) --jobs N")
    let folder = temporaryFolder("lab")
    defer { try? FileManager.default.removeItem(at: folder) }
    var outputs: [Int: String] = [:]
    var samples: [Int: [Double]] = [:]
    for _ in 0..<3 {
      for jobs in [2, 1] {
        let output = folder.appendingPathComponent("jobs-\(jobs).csv")
        let child = ChildProcess(
          executable: executable, arguments: Self.labArguments + ["--jobs", "\(jobs)"],
          standardOutput: output.path)
        guard let outcome = spawn(child), outcome.status == 0 else {
          report.add("(h) lab sweep", "failed", target: "< 10 s", passed: false)
          return
        }
        samples[jobs, default: []].append(outcome.seconds)
        outputs[jobs] = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
      }
    }
    let times = samples.mapValues(Stopwatch.median)
    let two = times[2]!
    let one = times[1]!
    let lines = outputs[2]!.split(separator: "\n")
    let reached = lines.dropFirst().filter { $0.contains(",atlas,true,") }.count
    let same = outputs[1] == outputs[2]
    print(
      "  --jobs 2: \(Format.duration(two)) (\(Format.rate(1000 / two)) runs/s); --jobs 1: \(Format.duration(one)); "
        + "\(reached) of 1,000 runs reached the Atlas; csv identical for both: \(same)")
    report.add(
      "(h) lab: 1,000 seeds × payback 15m/8h until atlas, --jobs 2",
      "\(Format.duration(two)), \(Format.rate(1000 / two)) runs/s", target: "< 10 s", passed: two < 10 && same
    )
    report.add(
      "(h) lab: --jobs 2 against --jobs 1",
      "\(Format.ratio(one / two)) (\(Format.duration(one)) / \(Format.duration(two)))",
      target: "≥ 1.8×", passed: one / two >= 1.8)

    // One run (seed 1) against its decisions replayed through the REPL.
    let recording = folder.appendingPathComponent("record")
    let recorder = ChildProcess(
      executable: executable,
      arguments: [
        "simulate", "--seeds", "1", "--strategy", "payback", "--sessions", "15m/8h", "--until", "atlas",
        "--record", recording.path, "--jobs", "1",
      ])
    guard let recorded = spawn(recorder), recorded.status == 0,
      let name = try? FileManager.default.contentsOfDirectory(atPath: recording.path).first(where: {
        $0.hasSuffix(".qp")
      })
    else {
      report.add("(h) lab: a run vs the REPL", "recording failed", target: "ratio printed", passed: false)
      return
    }
    let script = recording.appendingPathComponent(name)
    let commands =
      ((try? String(contentsOf: script, encoding: .utf8)) ?? "").split(separator: "\n").filter {
        $0.hasPrefix("> ")
      }.count
    let replay = ChildProcess(executable: executable, arguments: ["run", script.path])
    var replays: [Double] = []
    for _ in 0..<3 {
      guard let outcome = spawn(replay), outcome.status == 0 else {
        report.add("(h) lab: a run vs the REPL", "replay failed", target: "ratio printed", passed: false)
        return
      }
      replays.append(outcome.seconds)
    }
    let run = one / 1000
    let replayed = Stopwatch.median(replays)
    print(
      "  one run (seed 1): \(Format.duration(run)) in the lab (the --jobs 1 sweep per run); its \(commands) commands "
        + "replayed through the REPL (quietplaces run of its recording): \(Format.duration(replayed))")
    report.add(
      "(h) lab: one run vs its decisions through the REPL",
      "\(Format.duration(run)) vs \(Format.duration(replayed)): \(Format.ratio(replayed / run))",
      target: "ratio printed", passed: nil)
  }
}
