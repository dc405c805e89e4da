import Foundation
import QuietPlacesAppStore
import QuietPlacesExplore
import QuietPlacesREPL

#if canImport(Glibc)
  import Glibc
#endif

extension Benchmark {
  /// Runs the explorer plays in process for the figure, and how many of them go through the pipe.
  static let exploredRuns = 300
  static let pipedRuns = 15

  // MARK: - (j) the explorer

  /// The explorer's checked steps per CPU second on one job (`--jobs 1`: 300 runs of up to 60 steps, in
  /// process, every cheap invariant after every step and the costly ones at their sample), beside
  /// the first 15 of those runs driven through `quietplaces --jsonl` over a pipe, each step followed
  /// by a `check` of what the explorer checked after it (`determinism` aside; a program reading
  /// each answer before it sends the next line, as a driver in another language would), and the
  /// ratio.
  mutating func explorer() async {
    print("")
    print("(j) explorer: \(Self.exploredRuns) runs of up to 60 steps, --jobs 1, every check after every step")
    let folder = temporaryFolder("explore")
    defer { try? FileManager.default.removeItem(at: folder) }
    let explorer: Explorer
    switch await benchmarkExplorer(runs: Self.exploredRuns, in: folder) {
    case .success(let made): explorer = made
    case .failure(let failure):
      report.add("(j) explorer checked steps/s", failure.reason, target: "≥ 20,000", passed: false)
      return
    }
    // A first pass warms the caches; the second is timed.
    _ = await explorer.playedLines(runs: 20)
    let (runs, seconds, cpu) = await Self.timedPlay(explorer, jobs: 1, label: "in process")
    let steps = runs.reduce(0) { $0 + $1.count - 1 }
    let inProcess = Double(steps) / cpu
    // explore.md §5 counts on 2 cores, per core: the same runs two at once, their CPU seconds
    // (both cores') against their steps. One job leaves a second thread to be woken for the app's
    // update listener, which costs CPU that two busy jobs do not spend.
    let (two, _, twoCPU) = await Self.timedPlay(explorer, jobs: 2, label: "in process, --jobs 2")
    let perCore = Double(two.reduce(0) { $0 + $1.count - 1 }) / twoCPU
    report.add(
      "(j) explorer checked steps per CPU second, --jobs 2", Format.rate(perCore),
      target: "≥ 20,000 per core",
      passed: perCore >= 20_000)
    // After each step the pipe asks `check` for what the explorer checked there: the cheap
    // invariants, and the costly ones at the same sample, but `determinism`, whose replay in one
    // long REPL session would run every earlier run again (so the pipe does less than the explorer).
    let piped = runs.prefix(Self.pipedRuns).enumerated().map { index, lines in
      lines.enumerated().map { step, line in
        let names = step == 0 ? [] : explorer.invariantsChecked(afterStep: step, ofRun: index + 1)
        let checked = names.filter { $0 != "determinism" }
        return (line: line, check: checked.isEmpty ? nil : "check " + checked.joined(separator: " "))
      }
    }
    guard let pipe = Self.throughPipe(piped, executable: executable, folder: folder) else {
      report.add(
        "(j) explorer checked steps per CPU second", Format.rate(inProcess), target: "≥ 20,000",
        passed: inProcess >= 20_000)
      report.add("(j) explorer vs --jsonl over a pipe", "the pipe run failed", target: "≥ 50×", passed: false)
      return
    }
    let pipeRate = Double(pipe.steps) / pipe.cpu
    print(
      "  through quietplaces --jsonl over a pipe, the same checks after each step: \(Format.grouped(Double(pipe.steps))) "
        + "steps in \(Format.duration(pipe.seconds)) (\(Format.rate(Double(pipe.steps) / pipe.seconds)) checked steps) "
        + "using \(Format.duration(pipe.cpu)) of CPU (the child's and this driver's): "
        + "\(Format.rate(pipeRate)) checked steps per CPU second")
    report.add(
      "(j) explorer checked steps per CPU second", Format.rate(inProcess), target: "≥ 20,000",
      passed: inProcess >= 20_000)
    // The pipe mostly waits (for the child, for the other end), so its ratio is taken on wall time,
    // measured one after the other; the ratio per CPU second is printed beside it.
    let wallRate = Double(steps) / seconds
    let wallRatio = wallRate / (Double(pipe.steps) / pipe.seconds)
    report.add(
      "(j) explorer vs the same steps through --jsonl, driven from Swift",
      "\(Format.rate(wallRate)) vs \(Format.rate(Double(pipe.steps) / pipe.seconds)) wall: "
        + "\(Format.ratio(wallRatio)) (per CPU second \(Format.ratio(inProcess / pipeRate)))",
      target: "printed (a compiled driver: both sides do the same engine work)", passed: nil)
    pythonDriver(piped, wallRate: wallRate, cpuRate: inProcess, folder: folder)
  }

  /// Plays the figure's runs on `jobs` jobs, timed, and prints the line `label: N steps in …`; the
  /// lines played, the wall seconds and this process's CPU seconds.
  static func timedPlay(_ explorer: Explorer, jobs: Int, label: String) async -> (
    runs: [[String]], seconds: Double, cpu: Double
  ) {
    let start = Stopwatch.now()
    let startCPU = cpuSeconds(RUSAGE_SELF)
    let runs = await explorer.playedLines(runs: exploredRuns, jobs: jobs)
    let seconds = Double(Stopwatch.now() - start) / 1e9
    let cpu = cpuSeconds(RUSAGE_SELF) - startCPU
    let steps = Double(runs.reduce(0) { $0 + $1.count - 1 })
    print(
      "  \(label): \(Format.grouped(steps)) steps in \(Format.duration(seconds)) "
        + "(\(Format.rate(steps / seconds)) checked steps) using \(Format.duration(cpu)) of CPU: "
        + "\(Format.rate(steps / cpu)) checked steps per CPU second")
    return (runs, seconds, cpu)
  }

  /// The same piped runs driven by `Scripts/explore/jsonl-driver.py`, the kind of harness explore.md
  /// §5 compares with (a Python driver through `--jsonl`, 240–285 checked steps per second there):
  /// each answer parsed as JSON before the next line is sent, each `check`'s answer read for a
  /// broken invariant. The ratio ≥ 50× is judged on wall time against it.
  mutating func pythonDriver(
    _ piped: [[(line: String, check: String?)]], wallRate: Double, cpuRate: Double, folder: URL
  ) {
    let figure = "(j) explorer vs the same steps through --jsonl, driven from Python"
    let script = root.appendingPathComponent("Scripts/explore/jsonl-driver.py").path
    let steps = folder.appendingPathComponent("python-steps.jsonl")
    let answer = folder.appendingPathComponent("python-answer.json")
    var lines = ""
    for run in piped {
      for (index, sent) in run.enumerated() {
        let check = sent.check.map { Self.jsonString($0) } ?? "null"
        lines += "[\(Self.jsonString(sent.line)), \(check), \(index > 0)]\n"
      }
    }
    // Its memory is not one of the figures the peak-memory target counts: run without `spawn`.
    let child = ChildProcess(
      executable: "/usr/bin/env",
      arguments: ["python3", script, executable, folder.appendingPathComponent("python").path],
      standardInput: steps.path, standardOutput: answer.path)
    struct Answer: Decodable {
      var steps: Int
      var broken: Int
      var seconds: Double
      var cpu: Double
    }
    guard (try? Data(lines.utf8).write(to: steps)) != nil,
      let outcome = try? child.run(), outcome.status == 0,
      let data = try? Data(contentsOf: answer),
      let driven = try? JSONDecoder().decode(Answer.self, from: data)
    else {
      report.add(
        figure, "not measured: python3 with \(script) did not run (is python3 installed?)",
        target: "≥ 50×", passed: false)
      return
    }
    let rate = Double(driven.steps) / driven.seconds
    print(
      "  through quietplaces --jsonl driven by Scripts/explore/jsonl-driver.py: "
        + "\(Format.grouped(Double(driven.steps))) steps in \(Format.duration(driven.seconds)) "
        + "(\(Format.rate(rate)) checked steps, \(driven.broken) broken) using \(Format.duration(driven.cpu)) "
        + "of CPU (the child's and the driver's): \(Format.rate(Double(driven.steps) / driven.cpu)) per CPU second"
    )
    report.add(
      figure,
      "\(Format.rate(wallRate)) vs \(Format.rate(rate)) wall: \(Format.ratio(wallRate / rate)) "
        + "(per CPU second \(Format.ratio(cpuRate / (Double(driven.steps) / driven.cpu))))",
      target: "≥ 50×", passed: wallRate / rate >= 50)
  }

  /// `text` as a JSON string.
  static func jsonString(_ text: String) -> String {
    String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
  }

  /// Drives `quietplaces --jsonl` with each run's lines, each step's followed by its `check`, reading
  /// every answer before sending the next line; the steps sent and the wall seconds, or `nil` if the
  /// child failed.
  static func throughPipe(_ runs: [[(line: String, check: String?)]], executable: String, folder: URL)
    -> (steps: Int, seconds: Double, cpu: Double)?
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["--jsonl", "--save-dir", folder.appendingPathComponent("pipe").path]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    var reader = LineReader(handle: output.fileHandleForReading)
    // The launch's answer (object 0) first.
    guard reader.next() != nil else { return nil }
    let start = Stopwatch.now()
    let startCPU = cpuSeconds(RUSAGE_SELF)
    let childrenCPU = cpuSeconds(RUSAGE_CHILDREN)
    var steps = 0
    for run in runs {
      for (index, sent) in run.enumerated() {
        for text in [sent.line] + (sent.check.map { [$0] } ?? []) {
          input.fileHandleForWriting.write(Data((text + "\n").utf8))
          guard reader.next() != nil else { return nil }
        }
        if index > 0 { steps += 1 }
      }
    }
    let seconds = Double(Stopwatch.now() - start) / 1e9
    let driver = cpuSeconds(RUSAGE_SELF) - startCPU
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
    // The child's CPU counts once it is reaped; its launch before the first line is in it too.
    return (steps, seconds, driver + cpuSeconds(RUSAGE_CHILDREN) - childrenCPU)
  }

  /// User and system CPU seconds of this process (`RUSAGE_SELF`) or of its reaped children.
  static func cpuSeconds(_ who: __rusage_who) -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(who.rawValue), &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  /// Reads a child's standard output a line at a time.
  struct LineReader {
    let handle: FileHandle
    var buffer = Data()

    init(handle: FileHandle) { self.handle = handle }

    /// The next line, or `nil` at the end.
    mutating func next() -> String? {
      while true {
        if let newline = buffer.firstIndex(of: 0x0A) {
          let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
          buffer.removeSubrange(buffer.startIndex...newline)
          return line
        }
        let chunk = handle.availableData
        if chunk.isEmpty { return nil }
        buffer.append(chunk)
      }
    }
  }
}
