import FoundationEssentials
import QuietPlacesAppStore
import QuietPlacesGame
import QuietPlacesLab
import QuietPlacesREPL
import QuietPlacesUtilities

/// `quietplaces simulate …`: the balance lab's sweep, printed.
///
/// The lab plays the runs; this mode loads the configuration, prints the results, shows progress on
/// a terminal and, for `--record DIR`, replays each run's commands through a REPL session to write a
/// `.qp` whose last line is the state the lab's run ended in.
struct SimulateMode: CommandLineMode, Equatable {
  /// What the sweep runs (`--balance` and `--set` are added from ``balance``).
  var request = SimulateRequest()
  /// `--balance FILE` and `--set KEY=VALUE`.
  var balance = BalanceOptions()
  /// `--format`, `--chart`, `--chart-kind`, `--metric`, `--report`, `--csv`, `--jsonl`, `--table`.
  var output = SweepOutputOptions()
  /// `--record DIR`.
  var record: String?
  /// `--jobs N`, `--shard K/N`.
  var parallel = ParallelOptions()
  /// `--storekit FILE`.
  var storeKit = StoreKitOption()

  static var declaration: CommandDeclaration<SimulateMode> {
    let strategy = Strategy(kind: .payback)
    return CommandDeclaration(
      "simulate",
      abstract: "Plays the balance lab's sweep: every seed with every variant; prints when each milestone "
        + "was reached.",
      discussion: [
        "Repeated options are variants: their cross product, each played with every seed; --vary adds one "
          + "variant per value around the baseline instead. A value given twice to one option is refused (its "
          + "variant would play every seed again); variants whose values meet are kept, and a note says so.",
        "Milestones: \(Milestone.forms).",
        "Ctrl-C or SIGTERM stops the sweep where it can: the runs playing finish, and the output is of the "
          + "seeds every variant played, saying so (exit status 130 or 143). A second one ends it at once.",
      ],
      options: [
        .option("--seeds", \.request.seeds, .seeds, help: "the seeds: a range A-B or a list"),
        .repeating(
          "--strategy", \.request.strategies, .strategy,
          written: typed("--strategy"),
          help: "what to buy: the best payback, the cheapest, or nothing"),
        .repeating(
          "--bearings-at", \.request.bearingsAt, .bearingsAt,
          written: typed("--bearings-at"),
          default: ValueReader.bearingsAt.text(strategy.bearingsAt),
          help: "take New Bearings when its gain reaches R x Knowledge (0: as soon as it is available)"),
        .repeating(
          "--atlas", \.request.atlas, .onOff, written: typed("--atlas"),
          default: ValueReader.onOff.text(strategy.atlas),
          help: "pass the Atlas as soon as it is available"),
        .repeating(
          "--supplies", \.request.supplies, .suppliesPolicy,
          written: typed("--supplies"), default: strategy.supplies.rawValue,
          help: "spend Postmarks on supplies whenever they pay (eager), to bridge a long wait, or never"),
        .repeating(
          "--sessions", \.request.sessions, .sessions, written: typed("--sessions"),
          default: strategy.sessions.name,
          help: "play ON online then OFF away, in turn, or always online"),
        .repeating(
          "--owned", \.request.owned, .products, written: typed("--owned"),
          default: ValueReader.products.text(strategy.owned),
          help: "the products bought in the App Store at the start"),
      ] + BalanceOptions.declared(in: \.balance) + [
        .repeating(
          "--vary", \.request.variations, .balanceVariation,
          help:
            "try each value of one balance key on its own around the balance (variants: baseline + one each)"),
        .option(
          "--until", \.request.milestones, .milestones,
          help: "where each run stops: once every milestone is reached"),
        .option(
          "--limit", \.request.limit, .duration(examples: ["3650d", "52w"]), help: "the longest a run plays"),
      ] + SweepOutputOptions.declared(in: \.output) + [
        .option(
          "--record", \.record, .path("DIR"),
          help:
            "write each run's commands there as a .qp script, replayed through the REPL (a new folder, or one "
            + "without .qp scripts)")
      ] + ParallelOptions.declared(in: \.parallel) + StoreKitOption.declared(in: \.storeKit),
      subcommands: [.mode(SimulateMergeMode.self)])
  }

  /// Where an option's values are kept as typed, for errors that quote them.
  static func typed(_ option: String) -> WritableKeyPath<SimulateMode, [String]> {
    \SimulateMode.request[written: option]
  }

  mutating func validate(environment: [String: String]) throws(CommandLineError) {
    request.balanceFiles = balance.files
    request.settings = balance.settings
    // Shard 1 of 1 holds every run: it is the whole sweep, and prints what the sweep prints (no shard
    // heading, no shard in its CSV), so it is never read as a part, nor merged as one that lacks others.
    if parallel.shard?.count == 1 { parallel.shard = nil }
    // An option that would be passed over without a word is refused.
    if let unused = output.changesNothing ?? output.table.dueChangesNothing(request.milestones) {
      throw unused
    }
  }

  /// Whether the sweep is printed run by run, keeping no run (csv or jsonl alone, no recording): the
  /// limit of ``SimulatePlan/maximumRuns`` kept runs does not hold for it.
  var streams: Bool { record == nil && output.streams }

  /// Plays the sweep; 2 for a request the configuration refuses, 1 for a failed run or replay.
  func run(in context: ProgramContext) async -> ExitStatus {
    guard let (rules, storeKit, provenance) = storeKit.load(context) else { return .usage }
    if output.table.sensitivity && request.variations.isEmpty {
      context.printError(OutputLine.errorText(LabError.sensitivityWithoutVary.message))
      return .usage
    }
    // A product the StoreKit file does not sell is never owned by a grant in its place.
    if let missing = request.ownedNotSold(by: storeKit) {
      let error = LabError.ownedNotSold(missing, file: self.storeKit.file ?? "QuietPlaces.storekit")
      context.printError(OutputLine.errorText(error.message))
      return .usage
    }
    let plan: SimulatePlan
    do {
      plan = try SimulatePlan.make(request, balance: rules.balance, directory: context.currentDirectory)
      if let baseline = output.table.table.baseline {
        _ = try SweepTable.baselineIndex(baseline, in: plan.variants.map(\.name))
      }
    } catch {
      context.printError(OutputLine.errorText(error.message))
      return .usage
    }
    // A shard without a run would print an empty table (or nothing) as if it were a result.
    if let shard = parallel.shard, plan.count(shard: shard) == 0 {
      let error = LabError.emptyShard(shard, seeds: plan.seeds.count, variants: plan.variants.count)
      context.printError(OutputLine.errorText(error.message))
      return .usage
    }
    if record != nil, let variant = plan.variants.first(where: { !$0.defaultBalance }) {
      context.printError(
        OutputLine.errorText(
          "--record replays runs with Configuration/balance.json, but variant '\(variant.name)' changes the "
            + "balance; record without --balance and --set"))
      return .usage
    }
    if !streams {
      do {
        try plan.checkSize(shard: parallel.shard)
      } catch {
        context.printError(OutputLine.errorText(error.message))
        return .usage
      }
    }
    guard output.checkFiles(in: context) else { return .usage }
    if let folder = record, let problem = Self.recordFolderProblem(folder, in: context) {
      context.printError(OutputLine.errorText(problem))
      return .usage
    }
    // Once the request is accepted: standard output may be CSV or JSON for another program, so which
    // files were read goes beside it, and so does what is played otherwise than it reads.
    context.printError(provenance.line + balance.provenanceSuffix)
    self.storeKit.printWarnings(storeKit, in: context)
    for note in plan.notes { context.printError("note: " + note) }
    if let note = Self.oneSeedNote(plan.seeds) { context.printError("note: " + note) }
    let playedOn = Self.playedOn(provenance, balance: balance, in: context)
    let settings = SweepSettings(request, storeKitFile: self.storeKit.file)
    // A Ctrl-C or SIGTERM stops the sweep: no run starts, those playing end, and what was played is
    // shown, saying so (a second one ends the process at once).
    let stopSignal = context.stopOnSignals()
    if streams {
      return await stream(
        plan, storeKit: storeKit, playedOn: playedOn, settings: settings, stopSignal: stopSignal, in: context)
    }
    let runs = plan.runs(shard: parallel.shard)
    let progress = SweepProgress(total: runs.count)
    var results: [RunResult]
    do {
      results = try await Sweep.run(
        runs, plan: plan, configuration: storeKit, jobs: parallel.jobs ?? Sweep.cores,
        keepSteps: record != nil, progress: { done, total in progress.update(done, total) },
        stopRequested: { stopSignal() != nil }, stopPlaying: { stopSignal() != nil })
    } catch {
      progress.clear()
      context.printError(OutputLine.errorText(error.message))
      return .failure
    }
    progress.clear()
    var interrupted: String?
    if results.count < runs.count, let signal = stopSignal() {
      guard let (whole, line) = stopped(results, of: runs.count, plan: plan, by: signal, in: context) else {
        return .stopped(by: signal)
      }
      results = whole
      interrupted = line
    }
    for index in results.indices {
      results[index].playedOn = playedOn
      results[index].settings = settings
    }
    var recordingStopped = false
    if let folder = record {
      // A stop the sweep has honoured already leaves its runs' scripts to be written; one that comes
      // while they are written stops the writing (a second one ends the process at once).
      let sweepStopped = interrupted != nil
      let recording = await Self.record(
        results, in: folder, rules: rules, storeKit: storeKit, context: context,
        stopRequested: { sweepStopped ? nil : stopSignal().map(ExitStatus.stopName) })
      guard recording.sameState else { return .failure }
      if let by = recording.stoppedBy {
        recordingStopped = true
        context.printError(
          "simulate: interrupted by \(by) while the runs' commands were written: \(recording.written.withThousandsSeparators) "
            + "of the \(results.count.withThousandsSeparators) scripts are in \(folder) (the rest were not written); "
            + "the output counts every run played")
      }
    }
    let shown = output.show(
      results, provenance: .playedOn(playedOn, settings: settings, shard: parallel.shard),
      shard: parallel.shard, interrupted: interrupted, in: context)
    if shown == .success, interrupted != nil || recordingStopped, let signal = stopSignal() {
      return .stopped(by: signal)
    }
    return shown
  }

  /// What a sweep `signal` stopped after `results` (the first of its `runs`) shows: its whole seeds
  /// and the line that says so, also said on standard error; or `nil`, having said why nothing is
  /// shown: a shard (its runs are every Nth of the sweep, so they make no whole seeds, and its output
  /// would be merged as if it were whole), or no seed that every variant played.
  private func stopped(
    _ results: [RunResult], of runs: Int, plan: SimulatePlan, by signal: Int32, in context: ProgramContext
  ) -> (results: [RunResult], line: String)? {
    let by = ExitStatus.stopName(signal)
    if let shard = parallel.shard {
      context.printError(
        OutputLine.errorText(
          "interrupted by \(by): \(results.count.withThousandsSeparators) of the \(runs.withThousandsSeparators) "
            + "runs of shard \(shard.index + 1) of \(shard.count) were played; a shard is merged only whole, so "
            + "nothing is printed or written: play the shard again"))
      return nil
    }
    let variants = plan.variants.count
    let whole = Sweep.wholeSeeds(results, variants: variants)
    guard !whole.isEmpty else {
      context.printError(
        OutputLine.errorText(
          "interrupted by \(by) before every variant had played the first seed (\(results.count) of the "
            + "\(runs.withThousandsSeparators) runs played): nothing to show"))
      return nil
    }
    let line = SweepOutput.interruptedLine(
      by: by, seeds: whole.count / variants, of: plan.seeds.count, variants: variants, runs: whole.count,
      total: runs, leftOut: results.count - whole.count)
    context.printError("simulate: " + line)
    return (whole, line)
  }

  /// Plays the sweep and prints each run's csv or jsonl records as soon as it and every run before
  /// it have ended, keeping none of them: the bytes are those of the kept sweep, and its memory does
  /// not grow with its number of runs.
  func stream(
    _ plan: SimulatePlan, storeKit: StoreKitConfiguration, playedOn: String, settings: SweepSettings,
    stopSignal: @escaping @Sendable () -> Int32?, in context: ProgramContext
  ) async -> ExitStatus {
    let runs = plan.lazyRuns(shard: parallel.shard)
    let progress = SweepProgress(total: runs.count)
    let jsonl = output.format == .jsonl
    if !jsonl { context.printRecord(SweepOutput.csvHeader) }
    var done = 0
    do {
      try await Sweep.forEach(
        runs, plan: plan, configuration: storeKit, jobs: parallel.jobs ?? Sweep.cores,
        stopRequested: { stopSignal() != nil }, stopPlaying: { stopSignal() != nil }
      ) { result in
        progress.clear()
        var result = result
        result.playedOn = playedOn
        result.settings = settings
        if jsonl {
          SweepOutput.jsonlRecords(result).forEach(context.printRecord)
        } else {
          SweepOutput.csvRecords(result, shard: parallel.shard).forEach(context.printRecord)
        }
        done += 1
        progress.update(done, runs.count)
      }
    } catch {
      progress.clear()
      context.printError(OutputLine.errorText(error.message))
      return .failure
    }
    progress.clear()
    if done < runs.count, let signal = stopSignal() {
      let of = parallel.shard.map { " of shard \($0.index + 1) of \($0.count)" } ?? ""
      context.printError(
        "simulate: interrupted by \(ExitStatus.stopName(signal)): \(done.withThousandsSeparators) of the "
          + "\(runs.count.withThousandsSeparators) runs\(of) were played, and their records printed; the rest "
          + "were not played (simulate merge refuses records with runs missing)")
      return .stopped(by: signal)
    }
    return .success
  }

  /// Said when the sweep plays one seed, numbered 2 or more: `--seeds 20` is the seed 20, not 20
  /// seeds, and a table of one run per variant is easily read as a table of many.
  static func oneSeedNote(_ seeds: [UInt64]) -> String? {
    guard seeds.count == 1, let seed = seeds.first, seed >= 2 else { return nil }
    return "the sweep plays one seed, seed \(seed); for \(seed) seeds, write --seeds 1-\(seed)"
  }

  /// What a sweep's runs were played on, as their JSON Lines say it: the fingerprints of the
  /// Configuration's files, what changed the balance, and each `--balance` file's fingerprint —
  /// nothing of where the files are, so shards played on other machines merge.
  static func playedOn(
    _ provenance: ConfigurationProvenance, balance: BalanceOptions, in context: ProgramContext
  ) -> String {
    provenance.prints + balance.provenanceSuffix + BalanceOptions.fingerprints(of: balance.files, in: context)
  }

  /// Why `--record DIR` cannot take the recording, before any run: the path is no folder, or no
  /// folder can be made there, or the folder holds `.qp` scripts already (the runs' scripts would
  /// overwrite those of the same names and sit beside the others, and `quietplaces test DIR` would
  /// test two sweeps as one). `nil` when it can.
  static func recordFolderProblem(_ folder: String, in context: ProgramContext) -> String? {
    let url = SweepOutputOptions.url(folder, in: context)
    var isFolder = false
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) {
      guard isFolder else { return "--record \(folder.fromOutside) is a file; give a folder, new or empty" }
      let scripts = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter {
        $0.hasSuffix(".qp")
      }
      if !scripts.isEmpty {
        return
          "--record \(folder.fromOutside) already holds \(scripts.count == 1 ? "a .qp script" : "\(scripts.count) .qp scripts"); "
          + "the runs' scripts would overwrite those of the same names and sit beside the others, so "
          + "quietplaces test would test two sweeps as one; give a new or empty folder"
      }
      guard FileManager.default.isWritableFile(atPath: url.path) else {
        return "--record \(folder.fromOutside): the folder is not writable; give a writable folder"
      }
      return nil
    }
    // A folder to make: the nearest folder above it that exists must be writable.
    var above = url.deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: above.path, isDirectory: &isFolder), above.path != "/" {
      above = above.deletingLastPathComponent()
    }
    guard isFolder, FileManager.default.isWritableFile(atPath: above.path) else {
      return
        "--record \(folder.fromOutside): cannot make the folder (\(above.path) is not a writable folder); "
        + "give a writable --record DIR"
    }
    return nil
  }

  /// Writes one `.qp` per run: the commands replayed through a fresh REPL session with what it
  /// printed, then `state --json` with the state the lab's run ended in. Returns false (after saying
  /// why) if a replay does not end in that state.
  ///
  /// `stopRequested` is asked before each script: once it names what asked to stop, no further
  /// script is written.
  static func record(
    _ results: [RunResult], in folder: String, rules: Rules, storeKit: StoreKitConfiguration,
    context: ProgramContext, stopRequested: () -> String? = { nil }
  ) async -> (sameState: Bool, written: Int, stoppedBy: String?) {
    let directory = SweepOutputOptions.url(folder, in: context)
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      context.printError(
        OutputLine.errorText("cannot create the folder \(folder); give a writable --record DIR"))
      return (false, 0, nil)
    }
    var allSame = true
    var written = 0
    for result in results {
      if let by = stopRequested() { return (allSame, written, by) }
      guard let steps = result.steps, let final = result.final else { continue }
      let transcript = await RunTranscript.replay(
        result, steps: steps, final: final, rules: rules, storeKit: storeKit)
      let name = RunTranscript.fileName(result)
      do {
        try AtomicFile.write(transcript.text, to: directory.appendingPathComponent(name))
        written += 1
      } catch {
        context.printError(OutputLine.errorText(error.description))
        return (false, written, nil)
      }
      if !transcript.sameState {
        allSame = false
        context.printError(
          OutputLine.errorText(
            "\(name): the commands replayed through the REPL end in another state than the run; "
              + "quietplaces test \(folder) shows the difference"))
      }
    }
    return (allSame, written, nil)
  }
}
