import FoundationEssentials
import QuietPlacesAppStore
import QuietPlacesDevice
import QuietPlacesGame
import QuietPlacesInvariants
import QuietPlacesREPL
import QuietPlacesUtilities

#if canImport(Glibc)
  import Glibc
#endif

/// An exploration: seeded random runs of every state-changing command on devices in memory, the
/// invariants checked after every step, findings shrunk to minimal `.qp` scripts.
///
/// The same options print the same bytes whatever `jobs`: each run depends only on the seed and
/// its number, runs are reported in order, and each invariant's finding is the first run's that
/// broke it, shrunk by replays that depend only on its steps. Timings and progress go to standard
/// error.
public struct Explorer: Sendable {
  let options: ExploreOptions
  let context: ExploreContext
  let folder: URL

  /// What the exploration printed and whether it found anything.
  public struct Outcome {
    /// Standard output's lines before the runs' records (the report, or the JSON Lines' header).
    var head: [String]
    /// The runs' records (JSON Lines only), kept on disk while the runs are played.
    var records: LineSpool?
    /// Standard output's lines after the runs' records (the findings' records).
    var tail: [String] = []
    /// Whether an invariant was found broken.
    public var found: Bool
    /// Why findings could not be written, one line each (the report still names them).
    public var notWritten: [String] = []
    /// Whether a Ctrl-C or SIGTERM stopped the exploration before it played all it was asked to.
    public var interrupted = false

    /// Standard output's lines, in order, one at a time: the records of an exploration of hours are
    /// never all in memory at once.
    public func forEachLine(_ body: (String) -> Void) {
      head.forEach(body)
      records?.forEach(body)
      tail.forEach(body)
    }

    /// An outcome that prints `output`, a whole text (a merge's).
    public init(output: String, found: Bool) {
      head = Explorer.lines(output)
      self.found = found
    }

    init(head: [String], records: LineSpool?, tail: [String] = [], found: Bool, notWritten: [String]) {
      self.head = head
      self.records = records
      self.tail = tail
      self.found = found
      self.notWritten = notWritten
    }

    /// Standard output, whole: the report, or JSON Lines.
    public var output: String {
      var text = ""
      forEachLine { text += $0 + "\n" }
      return text
    }
  }

  /// Checks the options and prepares the devices; nothing is written yet. Findings go to `folder`
  /// (by default `options.findings` from the current directory), shown as `options.findings`.
  public static func make(
    _ options: ExploreOptions, findingsIn folder: URL? = nil, rules: Rules, storeKit: StoreKitConfiguration,
    environment: SessionEnvironment
  ) async throws(ExploreError) -> Explorer {
    guard options.duration != nil || options.runs >= 1 else { throw .runs(options.runs) }
    guard options.steps >= 1 else { throw .steps(options.steps) }
    // A shard without a run would print a report of nothing as if it were a result. A timed
    // exploration plays runs until its time is up, so none of its shards is known to be empty (and
    // `quietplaces explore` refuses --for with --shard).
    if options.duration == nil, options.shardIndex >= options.runs {
      throw .emptyShard(Shard(index: options.shardIndex, count: options.shardCount), runs: options.runs)
    }
    let kinds = try Self.kinds(only: options.only, without: options.without)
    // The same expression twice would be checked twice and its row counted twice under one name.
    for (index, text) in options.invariants.enumerated() where options.invariants[..<index].contains(text) {
      throw .repeatedInvariant(text)
    }
    let folder = folder ?? URL(fileURLWithPath: options.findings)
    try Self.checkFolder(folder, named: options.findings)
    let factory: DeviceFactory
    do {
      factory = try DeviceFactory(DeviceConfiguration(rules: rules, storeKit: storeKit, storage: .memory))
    } catch {
      throw .device("\(error)")
    }
    var expressions: [InvariantExpression] = []
    if !options.invariants.isEmpty {
      let probe = ExploreContext(
        factory: factory, environment: environment, seed: options.seed, steps: options.steps,
        generator: StepGenerator(kinds: kinds), expressions: [])
      guard let session = await probe.session(game: 1) else { throw .device("a session could not start") }
      let state = await session.stateJSON()
      await session.finish()
      for text in options.invariants {
        let expression: InvariantExpression
        do {
          expression = try InvariantExpression(text, state: state)
        } catch {
          throw .expression(error)
        }
        if let earlier = expressions.first(where: { $0.reads(as: expression) }) {
          throw .sameInvariant(text, earlier: earlier.text)
        }
        expressions.append(expression)
      }
    }
    let context = ExploreContext(
      factory: factory, environment: environment, seed: options.seed, steps: options.steps,
      generator: StepGenerator(kinds: kinds), expressions: expressions)
    return Explorer(options: options, context: context, folder: folder)
  }

  /// The kinds of step `--only` and `--without` leave.
  static func kinds(only: [String], without: [String]) throws(ExploreError) -> [StepKind] {
    func resolve(_ names: [String]) throws(ExploreError) -> Set<StepKind> {
      var kinds: Set<StepKind> = []
      for name in names {
        guard let named = StepKind.named(name) else {
          let suggestion = EditDistance.closest(
            to: name, in: StepKind.allCases.map(\.rawValue), within: EditDistance.tolerance(for: name))
          throw .unknownStep(name, suggestion: suggestion)
        }
        kinds.formUnion(named)
      }
      return kinds
    }
    let chosen = only.isEmpty ? Set(StepKind.allCases) : try resolve(only)
    let dropped = try resolve(without)
    let kinds = StepKind.allCases.filter { chosen.contains($0) && !dropped.contains($0) && $0.weight > 0 }
    // `y` and `n` are drawn only while a question waits: alone they would never be played.
    if kinds.isEmpty, !only.isEmpty, chosen.allSatisfy({ $0.weight == 0 }) {
      throw .answersAlone(only.joined(separator: ","))
    }
    guard !kinds.isEmpty else { throw .nothingToPlay }
    return kinds
  }

  /// Refuses a findings path that is not a folder, or one that cannot be written (or made).
  ///
  /// Permissions alone do not tell (an administrator passes every `access` check, and some folders,
  /// such as `/proc`, refuse writes to everyone), so a file is made in the folder, or in the nearest
  /// folder above a missing one, and removed at once: nothing is left behind.
  static func checkFolder(_ folder: URL, named name: String) throws(ExploreError) {
    switch FileKind(of: folder) {
    case .folder:
      guard AtomicFile.canCreate(in: folder.path) else {
        throw .findingsFolder(name, reason: "the folder cannot be written")
      }
    case .regular, .special:
      throw .findingsFolder(name, reason: "it is not a folder")
    case .missing:
      // A link to nothing is missing to `stat`, but a folder cannot be made in its place.
      if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path) {
        throw .findingsFolder(name, reason: "it is a link to \(target), which does not exist")
      }
      var parent = folder.deletingLastPathComponent()
      while FileKind(of: parent) == .missing, parent.path != "/" {
        parent = parent.deletingLastPathComponent()
      }
      guard FileKind(of: parent) == .folder, AtomicFile.canCreate(in: parent.path) else {
        throw .findingsFolder(
          name, reason: "it cannot be made (\(parent.path) is not a folder that can be written)")
      }
    }
  }

  /// The run numbers from `first` to `last` that this shard plays, made as they are taken (a
  /// hundred million runs are not held at once).
  private func runNumbers(from first: Int, to last: Int) -> StrideThrough<Int> {
    let count = options.shardCount
    // The first number ≥ `first` that is ≡ shardIndex + 1 (mod count).
    let start = first + ((options.shardIndex - (first - 1)) % count + count) % count
    return stride(from: start, through: last, by: count)
  }

  /// The lines of `text`, each without its line break (a last line break ends the last line).
  static func lines(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// Plays the runs, shrinks and writes the findings, and says what was found. `errors` hears the
  /// timings (and, with `progress`, a progress line rewritten in place).
  ///
  /// `stopRequested` is asked before each run starts: once it names what asked it to stop (`Ctrl-C
  /// (SIGINT)`, `SIGTERM`), no run starts, those playing finish, and the report is of the runs
  /// played, saying so; their findings are shrunk and written as usual.
  ///
  /// With `stream`, JSON Lines are handed to it as they are made (the header first, then each run
  /// as it ends, in order), and the outcome holds only the records after the runs. A timed
  /// exploration's header (`--for`) does not count its runs: its last record does.
  public func run(
    errors: @escaping @Sendable (String) -> Void, progress: Bool,
    stopRequested: @escaping @Sendable () -> String? = { nil }, stream: ((String) -> Void)? = nil
  ) async -> Outcome {
    let player = RunPlayer(context: context)
    let started = ContinuousClock.now
    // Each run as it arrives, in order: added to the totals, kept as its line for JSON Lines, and
    // kept whole, steps included, only when it found something (its steps serve only to shrink the
    // finding; an exploration of hours would otherwise hold every step it played).
    var tally = ExploreTally()
    let streamed = options.format == .jsonl ? stream : nil
    let records = options.format == .jsonl && streamed == nil ? LineSpool() : nil
    func header(runs: Int) -> ExploreHeader {
      ExploreHeader(
        seed: options.seed, runs: options.duration == nil ? runs : nil, seconds: options.duration,
        steps: options.steps,
        shard: "\(options.shardIndex + 1)/\(options.shardCount)",
        commands: context.generator.kinds.map(\.rawValue), invariants: context.expressions.map(\.text),
        playedUnder: options.playedUnder.isEmpty ? nil : options.playedUnder, playedOn: options.playedOn)
    }
    streamed?(ExploreReport.jsonLine(header(runs: options.runs)))
    var brokenRuns: [RunResult] = []
    var lastProgress = started
    let jobs = max(1, options.jobs)
    var lastRun = 0
    var stoppedBy: String?
    // The runs of `numbers` up to the first one a stop request finds not yet started.
    func untilStopped(_ numbers: StrideThrough<Int>) -> LazyPrefixWhileSequence<StrideThrough<Int>> {
      numbers.lazy.prefix { _ in
        if stoppedBy == nil { stoppedBy = stopRequested() }
        return stoppedBy == nil
      }
    }
    // Takes each run as it ends; at most ten times a second, on a terminal, says the runs played, of
    // how many (or of how long).
    func tell(_ result: RunResult, of total: Int?) {
      tally.add(result.record)
      lastRun = max(lastRun, result.record.run)
      if let streamed {
        streamed(ExploreReport.jsonLine(result.record))
      } else {
        records?.append(ExploreReport.jsonLine(result.record))
      }
      if result.record.broken != nil { brokenRuns.append(result) }
      guard progress, ContinuousClock.now - lastProgress > .milliseconds(100) else { return }
      lastProgress = ContinuousClock.now
      let seconds = max(1e-9, (ContinuousClock.now - started).seconds)
      let of = total.map { "of \($0)" } ?? "at \(Int(seconds)) s of \(Int(options.duration ?? 0)) s"
      errors(
        "\r\u{1B}[Kexplore: run \(result.record.run) \(of), \(tally.steps.withThousandsSeparators) steps, "
          + "\(Int(Double(tally.steps) / seconds).withThousandsSeparators) steps/s, \(brokenRuns.count) broken"
      )
    }
    let total: Int
    if let duration = options.duration {
      var next = 1
      while stoppedBy == nil && (ContinuousClock.now - started) < .seconds(duration) {
        let batch = runNumbers(from: next, to: next + 8 * jobs * options.shardCount - 1)
        next += 8 * jobs * options.shardCount
        await BoundedParallel.forEach(untilStopped(batch), atMost: jobs) { run in
          await player.play(run: run)
        } inOrder: {
          tell($1, of: nil)
        }
      }
      total = stoppedBy != nil ? lastRun : next - 1
    } else {
      await BoundedParallel.forEach(untilStopped(runNumbers(from: 1, to: options.runs)), atMost: jobs) {
        run in
        await player.play(run: run)
      } inOrder: {
        tell($1, of: options.runs)
      }
      total = stoppedBy != nil ? lastRun : options.runs
    }
    let interrupted = stoppedBy.map {
      ExploreInterruptedRecord(
        by: $0, lastRun: lastRun, played: tally.runs, planned: options.duration == nil ? options.runs : nil,
        seconds: options.duration)
    }
    let played = ContinuousClock.now - started
    let steps = tally.steps
    if progress { errors("\r\u{1B}[K") }
    if let interrupted {
      errors(
        "explore: " + ExploreReport.interruptedLine(interrupted)
          + (brokenRuns.isEmpty
            ? "" : "; shrinking what they found (a second Ctrl-C or SIGTERM ends it at once)")
          + "\n")
    }
    // A stop that comes once every run is played (none was asked for before) cuts the shrinking
    // short: each finding keeps the fewest steps found so far.
    let noStop: @Sendable () -> String? = { nil }
    let (findings, notWritten) = await shrink(
      brokenRuns, stopRequested: stoppedBy == nil ? stopRequested : noStop)
    let shrinkingStoppedBy = findings.compactMap { $0.shrinkingStoppedBy }.first
    if let by = shrinkingStoppedBy {
      errors(
        "explore: interrupted by \(by) while shrinking: the findings are written as far as they were shrunk\n"
      )
    }
    let elapsed = ContinuousClock.now - started
    errors(
      "explore: \(tally.runs.withThousandsSeparators) \(tally.runs == 1 ? "run" : "runs"), "
        + "\(steps.withThousandsSeparators) steps in "
        + "\(Self.format(played.seconds)) s (\(Int(Double(steps) / max(1e-9, played.seconds)).withThousandsSeparators) "
        + "steps/s, \(jobs) \(jobs == 1 ? "job" : "jobs")); "
        + (findings.isEmpty
          ? "no finding to shrink\n"
          : "\(findings.count == 1 ? "1 finding" : "\(findings.count) findings") shrunk in "
            + "\(Self.format((elapsed - played).seconds)) s\n"))
    guard options.format == .jsonl else {
      let report = ExploreReport(
        header: header(runs: total), tally: tally, runLines: [], findings: findings, interrupted: interrupted)
      var outcome = Outcome(
        head: Self.lines(report.text), records: nil, found: !findings.isEmpty, notWritten: notWritten)
      outcome.interrupted = interrupted != nil || shrinkingStoppedBy != nil
      return outcome
    }
    // JSON Lines say a stop in a record of their own at the end (a header streamed before the runs
    // could not), and so does a timed exploration its count of runs.
    let last =
      interrupted.map(ExploreReport.jsonLine)
      ?? (options.duration == nil ? nil : ExploreReport.jsonLine(ExploreEndRecord(runs: tally.runs)))
    var outcome = Outcome(
      head: streamed == nil ? [ExploreReport.jsonLine(header(runs: total))] : [],
      records: records, tail: findings.map(ExploreReport.jsonLine) + (last.map { [$0] } ?? []),
      found: !findings.isEmpty, notWritten: notWritten)
    outcome.interrupted = interrupted != nil || shrinkingStoppedBy != nil
    return outcome
  }

  /// The first run's finding of each invariant broken, shrunk, written as a script; with why
  /// the scripts that could not be written were not (their findings are reported all the same).
  /// `results` are the runs that found something, in order.
  private func shrink(_ results: [RunResult], stopRequested: @escaping @Sendable () -> String?) async -> (
    findings: [Finding], notWritten: [String]
  ) {
    var first: [String: RunResult] = [:]
    var counts: [String: Int] = [:]
    for result in results {
      guard let broken = result.record.broken else { continue }
      counts[broken.invariant, default: 0] += 1
      if first[broken.invariant] == nil { first[broken.invariant] = result }
    }
    let order = Invariant.allCases.map(\.name) + context.expressions.map { "'\($0.text)'" }
    let chosen = order.compactMap { first[$0] }
    let writer = FindingWriter(
      context: context, folder: folder, folderName: options.findings, invocation: options.invocation,
      playedOn: options.playedOn, replay: options.findingReplay)
    let context = context
    let runsBroken = counts
    let shrunk = await BoundedParallel.map(chosen, atMost: max(1, options.jobs)) {
      result -> (Finding, String) in
      let broken = result.record.broken!
      let target: RunPlayer.Target =
        Invariant(rawValue: broken.invariant).map(RunPlayer.Target.invariant)
        ?? .expression(context.expressions.first { "'\($0.text)'" == broken.invariant }!)
      let player = RunPlayer(context: context)
      var found = broken.found
      var shrinker = Shrinker(stopRequested: stopRequested) { steps in
        await player.replay(steps, game: result.record.game, target: target)?.step
      }
      let steps = await shrinker.shrink(Array(result.steps.prefix(broken.step)))
      if let replayed = await player.replay(steps, game: result.record.game, target: target) {
        found = replayed.broken.found
      }
      var finding = Finding(
        invariant: broken.invariant, run: result.record.run, seed: result.record.seed, step: broken.step,
        expected: broken.expected, found: broken.found,
        otherRuns: runsBroken[broken.invariant, default: 1] - 1,
        commands: ["new --seed \(result.record.game)"] + steps.map(\.line), shrunkFound: found, file: "",
        shrinkingStoppedBy: shrinker.stoppedBy)
      let (text, printed) = await writer.script(for: finding, steps: steps, game: result.record.game)
      if printed == nil {
        finding.shrunkFound = found + " (the script's check did not show it in a fresh session)"
      }
      return (finding, text)
    }
    var findings: [Finding] = []
    var notWritten: [String] = []
    for (finding, text) in shrunk {
      var written = finding
      do {
        written.file = try writer.write(text, name: writer.fileName(finding.invariant))
      } catch {
        written.notWritten = error.message
        notWritten.append(error.message)
      }
      findings.append(written)
    }
    return (findings, notWritten)
  }

  static func format(_ seconds: Double) -> String {
    let hundredths = Int((seconds * 100).rounded())
    return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
  }
}

extension Duration {
  /// The duration in seconds.
  var seconds: Double {
    let (whole, fraction) = components
    return Double(whole) + Double(fraction) * 1e-18
  }
}
