import FoundationEssentials
import QuietPlacesAppStore
import QuietPlacesGame
import QuietPlacesLab
import QuietPlacesREPL
import QuietPlacesUtilities

#if canImport(Glibc)
  import Glibc
#endif

/// `quietplaces simulate …` and `quietplaces simulate merge FILE…`: the lab's sweep, printed.
///
/// The lab plays the runs; this only reads files, prints the results, shows progress on a terminal
/// and, for `--record DIR`, replays each run's commands through a REPL session to write a `.qp`
/// whose last line is the state the lab's run ended in.
enum SimulateMode {
  /// Runs the request; returns the exit status (2 for a bad request, 1 for a failed run or replay).
  static func run(_ request: SimulateRequest, rules: Rules, storeKit: StoreKitConfiguration) async -> Int32 {
    let results: [RunResult]
    if let files = request.mergeFiles {
      var texts: [(name: String, text: String)] = []
      for file in files {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: file)) else {
          Program.printError(
            OutputLine.errorText("cannot read \(file); give the jsonl files the shards printed"))
          return 2
        }
        texts.append((file, String(decoding: data, as: UTF8.self)))
      }
      do {
        results = try SweepRecords.merge(texts)
      } catch {
        Program.printError(OutputLine.errorText(error.message))
        return 2
      }
    } else {
      let plan: SimulatePlan
      do {
        plan = try SimulatePlan.make(request, balance: rules.balance)
      } catch {
        Program.printError(OutputLine.errorText(error.message))
        return 2
      }
      if request.record != nil, let variant = plan.variants.first(where: { !$0.defaultBalance }) {
        Program.printError(
          OutputLine.errorText(
            "--record replays runs with Configuration/balance.json, but variant '\(variant.name)' changes the balance; record without --balance and --set"
          ))
        return 2
      }
      let runs = plan.runs(shard: request.shard)
      let progress = Progress(total: runs.count, enabled: isatty(2) == 1)
      do {
        results = try await Sweep.run(
          runs, plan: plan, configuration: storeKit, jobs: request.jobs ?? Sweep.cores,
          keepSteps: request.record != nil, progress: { done, total in progress.update(done, total) })
      } catch {
        progress.clear()
        Program.printError(OutputLine.errorText(error.message))
        return 1
      }
      progress.clear()
      if let folder = request.record {
        guard await record(results, in: folder, rules: rules, storeKit: storeKit) else { return 1 }
      }
    }
    let lines: [String]
    switch request.format {
    case .table: lines = SweepOutput.table(results)
    case .csv: lines = SweepOutput.csv(results)
    case .jsonl: lines = SweepOutput.jsonl(results)
    }
    print(lines.joined(separator: "\n"))
    if let chart = request.chart {
      do {
        try AtomicFile.write(Chart.svg(results, metric: request.metric), to: URL(fileURLWithPath: chart))
      } catch {
        Program.printError(OutputLine.errorText(error.description))
        return 1
      }
    }
    return 0
  }

  /// Writes one `.qp` per run: the commands replayed through a fresh REPL session with what it
  /// printed, then `state --json` with the state the lab's run ended in. Returns false (after saying
  /// why) if a replay does not end in that state.
  static func record(
    _ results: [RunResult], in folder: String, rules: Rules, storeKit: StoreKitConfiguration
  ) async -> Bool {
    let directory = URL(fileURLWithPath: folder)
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      Program.printError(
        OutputLine.errorText("cannot create the folder \(folder); give a writable --record DIR"))
      return false
    }
    var allSame = true
    for result in results {
      guard let steps = result.steps, let final = result.final else { continue }
      let transcript = await RunTranscript.replay(
        result, steps: steps, final: final, rules: rules, storeKit: storeKit)
      let name = RunTranscript.fileName(result)
      do {
        try AtomicFile.write(transcript.text, to: directory.appendingPathComponent(name))
      } catch {
        Program.printError(OutputLine.errorText(error.description))
        return false
      }
      if !transcript.sameState {
        allSame = false
        Program.printError(
          OutputLine.errorText(
            "\(name): the commands replayed through the REPL end in another state than the run; quietplaces test \(folder) shows the difference"
          ))
      }
    }
    return allSame
  }

  /// Runs done, elapsed and an estimate of the rest, on one line of standard error (a terminal only).
  final class Progress: Sendable {
    let total: Int
    let enabled: Bool
    let start = ContinuousClock.now
    init(total: Int, enabled: Bool) {
      self.total = total
      self.enabled = enabled
    }

    func update(_ done: Int, _ total: Int) {
      guard enabled else { return }
      let elapsed = ContinuousClock.now - start
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
      let rest = done > 0 ? seconds / Double(done) * Double(total - done) : 0
      let line = "\r\(done)/\(total) runs, \(Int(seconds))s elapsed, about \(Int(rest.rounded(.up)))s left  "
      _ = line.withCString { write(2, $0, strlen($0)) }
    }

    func clear() {
      guard enabled else { return }
      let line = "\r\u{1B}[K"
      _ = line.withCString { write(2, $0, strlen($0)) }
    }
  }
}
