import FoundationEssentials
import QuietPlacesAppStore
import QuietPlacesExplore
import QuietPlacesGame
import QuietPlacesLab
import QuietPlacesREPL
import QuietPlacesUtilities

#if canImport(Glibc)
  import Glibc
#endif

/// `quietplaces explore …`: seeded random runs of every state-changing command on devices in
/// memory, the invariants checked after every step, findings shrunk to `.qp` scripts.
struct ExploreMode: CommandLineMode, Equatable {
  /// `--seed`.
  var seed: Int = 1
  /// `--runs`.
  var runs: Int?
  /// `--for`, in seconds.
  var duration: Int64?
  /// `--steps`.
  var steps = 60
  /// `--jobs N`, `--shard K/N`.
  var parallel = ParallelOptions()
  /// `--only`, each a comma-separated list.
  var only: [String] = []
  /// `--without`, each a comma-separated list.
  var without: [String] = []
  /// `--findings`.
  var findings = "explore-findings"
  /// `--format`.
  var format = ExploreOptions.Format.text
  /// `--storekit FILE`.
  var storeKit = StoreKitOption()
  /// `--balance FILE`.
  var balanceFile: String?
  /// `--set KEY=VALUE`.
  var settings: [BalanceSetting] = []
  /// `--invariant`.
  var invariants: [String] = []

  /// The most runs and steps a run `--runs` and `--steps` take.
  static let mostRuns = 100_000_000
  static let mostSteps = 100_000

  static var declaration: CommandDeclaration<ExploreMode> {
    CommandDeclaration(
      "explore",
      abstract: "Plays seeded random runs of every state-changing command on devices in memory, checks "
        + "every invariant after every step, and shrinks what breaks to a .qp script.",
      discussion: [
        "Standard output is the same bytes for the same options whatever --jobs: the summary (runs, steps, "
          + "checks), checks per invariant, the coverage table and the findings. Timings go to standard "
          + "error, with progress on a terminal.",
        "Each finding is shrunk to the fewest steps that still break its invariant and written to "
          + "--findings as NAME.qp, ending in a check that fails under quietplaces test until the engine "
          + "is fixed. The exit status is 1 when anything was found.",
        "Ctrl-C or SIGTERM stops the exploration where it can: the runs playing finish, and the report is of "
          + "the runs played, saying so (exit status 130 or 143); once every run is played, it stops the "
          + "shrinking, each finding kept as far as it was shrunk. A second one ends it at once.",
        "--only and --without take commands as help names them, separated by commas: buy, store (every "
          + "store control), store approve, fault, prestige, advance, …",
      ],
      options: [
        .option(
          "--seed", \.seed, .wholeNumber(in: 0...Int.max, example: "42"), placeholder: "S",
          help: "the exploration's seed"),
        .option(
          "--runs", \.runs, .wholeNumber(in: 1...mostRuns, example: "500"), default: "100",
          help: "how many runs"),
        .option(
          "--for", \.duration, .duration(examples: ["10m", "8h"]),
          help: "play runs until this much time has passed, instead of --runs"),
        .option(
          "--steps", \.steps, .wholeNumber(in: 1...mostSteps, example: "60"), placeholder: "M",
          help: "the most steps a run plays"),
      ] + ParallelOptions.declared(in: \.parallel) + [
        .repeating("--only", \.only, .path("COMMANDS"), help: "play only these commands"),
        .repeating("--without", \.without, .path("COMMANDS"), help: "never play these commands"),
        .option("--findings", \.findings, .path("DIR"), help: "where findings are written (made if missing)"),
        .option("--format", \.format, .choice, help: "print the summary, or JSON Lines (for merge)"),
      ] + StoreKitOption.declared(in: \.storeKit) + [
        .option(
          "--balance", \.balanceFile, .path("FILE"), default: "Configuration/balance.json",
          help: "play this balance file instead"),
        .repeating(
          "--set", \.settings, .balanceSetting,
          help: "change one number of the balance (a path into balance.json)"),
        .repeating(
          "--invariant", \.invariants, .path("EXPR"), example: "'postmarks <= 10000'",
          help: "check a property of your own over state --json paths too"),
      ],
      exclusions: Exclusion.exclusive(
        "--for", with: ["--runs"], because: "--for plays runs until the time is up")
        // A timed shard plays what its time allows: shards would never merge into one exploration.
        + Exclusion.exclusive(
          "--for", with: ["--shard"],
          because:
            "a timed shard plays as many runs as its time allows, so shards would not merge into one "
            + "exploration (to split one across machines, shard an exploration of --runs)"),
      subcommands: [.mode(ExploreMergeMode.self)])
  }

  /// The options the explorer takes, with the command line as it would be typed again.
  var options: ExploreOptions {
    var options = ExploreOptions()
    options.seed = UInt64(seed)
    options.runs = runs ?? 100
    options.duration = duration.map(Double.init)
    options.steps = steps
    options.jobs = parallel.jobs ?? Sweep.cores
    options.shardIndex = parallel.shard?.index ?? 0
    options.shardCount = parallel.shard?.count ?? 1
    options.only = only.flatMap(Self.commands)
    options.without = without.flatMap(Self.commands)
    options.findings = findings
    options.format = format
    options.invariants = invariants
    options.playedUnder = playedUnder
    options.invocation = invocation
    return options
  }

  /// The names in a comma-separated list of commands.
  static func commands(_ list: String) -> [String] {
    list.split(separator: ",").map { String($0).trimmingWhitespace }.filter { !$0.isEmpty }
  }

  /// The command line that reproduces the exploration's findings (not `--jobs`, which changes
  /// nothing printed).
  var invocation: String {
    var words = ["quietplaces explore", "--seed \(seed)"]
    if let runs { words.append("--runs \(runs)") }
    words.append("--steps \(steps)")
    if let shard = parallel.shard { words.append("--shard \(shard)") }
    words += only.map { "--only '\($0)'" } + without.map { "--without '\($0)'" }
    words += playedUnder
    words += invariants.map { "--invariant '\($0)'" }
    return words.joined(separator: " ")
  }

  /// The options that change what is played from the Configuration's own, as typed.
  var playedUnder: [String] { (storeKit.file.map { ["--storekit \($0)"] } ?? []) + balanceWords }

  /// `--balance FILE` and every `--set KEY=VALUE`, as typed.
  var balanceWords: [String] {
    BalanceOptions.words(files: balanceFile.map { [$0] } ?? [], settings: settings)
  }

  /// Explores; 1 when an invariant broke, 2 for options the explorer refuses (nothing is written).
  func run(in context: ProgramContext) async -> ExitStatus {
    for (option, values) in [("--only", only), ("--without", without)] {
      for value in values where Self.commands(value).isEmpty {
        context.printError(
          OutputLine.errorText(
            "\(option) '\(value.fromOutside)' names no command; give commands as help names them, separated by "
              + "commas, such as \(option) buy,store"))
        return .usage
      }
    }
    // One exploration plays one balance: a key set twice would play only its last value.
    for (index, setting) in settings.enumerated() {
      guard let first = settings[..<index].first(where: { $0.key == setting.key }) else { continue }
      context.printError(
        OutputLine.errorText(
          "--set \(setting.key) is given twice (--set \(first.text) and --set \(setting.text)); an exploration "
            + "plays one balance: give each key once"))
      return .usage
    }
    guard let (configured, storeKitConfiguration, provenance) = storeKit.load(context) else { return .usage }
    var rules = configured
    // A finding's script plays on the balance before the --set values, which its `new` line sets.
    var replay = ExploreOptions.FindingReplay(newOptions: settings.map(\.shown))
    do {
      var played = configured.balance
      if let file = balanceFile {
        played = try BalanceVariant.load(
          file: URL(fileURLWithPath: file, relativeTo: context.currentDirectory).path)
        replay.header += [
          "# Explored with --balance \(file): it replays where Configuration/balance.json is that file "
            + "(QUIETPLACES_CONFIGURATION names the folder); elsewhere quietplaces test skips it.",
          "# requires: balance \(ConfigurationProvenance.fingerprint(of: SweepOutputOptions.url(file, in: context)))",
        ]
      }
      if balanceFile != nil || !settings.isEmpty {
        replay.rules = played == configured.balance ? configured : try Rules(balance: played)
      }
      played = try BalanceVariant.apply(settings, to: played)
      if played != configured.balance { rules = try Rules(balance: played) }
    } catch let error as LabError {
      context.printError(OutputLine.errorText(error.message))
      return .usage
    } catch {
      context.printError(OutputLine.errorText("\(error)"))
      return .usage
    }
    let environment = SessionEnvironment(
      rules: rules, storeKit: storeKitConfiguration,
      saveDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("quietplaces-explore"))
    if let given = provenance.givenStoreKit {
      replay.header += [
        "# Explored with --storekit \(given.file): run it with quietplaces test --storekit \(given.file) "
          + "(under another StoreKit file it is skipped).",
        "# requires: storekit \(given.value)",
      ]
    }
    var options = self.options
    options.findingReplay = replay
    // What is played, wherever the files are: their fingerprints, and the --balance file's.
    options.playedOn =
      provenance.prints + BalanceOptions.fingerprints(of: balanceFile.map { [$0] } ?? [], in: context)
    let explorer: Explorer
    do {
      explorer = try await Explorer.make(
        options, findingsIn: URL(fileURLWithPath: findings, relativeTo: context.currentDirectory),
        rules: rules, storeKit: storeKitConfiguration, environment: environment)
    } catch {
      context.printError(OutputLine.errorText(error.message))
      return .usage
    }
    // Once the request is accepted: which files were read goes beside the deterministic output.
    context.printError(provenance.line + BalanceOptions.provenanceSuffix(balanceWords))
    storeKit.printWarnings(storeKitConfiguration, in: context)
    // A Ctrl-C or SIGTERM stops the runs and reports those played, with their findings; so does an
    // output whose reader went away (`| head`), once the JSON Lines stream to it.
    let stopSignal = context.stopOnSignals()
    let streams = format == .jsonl
    if streams { signal(SIGPIPE, SIG_IGN) }
    let outcome = await explorer.run(
      errors: Self.standardError(context), progress: isatty(STDERR_FILENO) == 1,
      stopRequested: {
        if let signal = stopSignal() { return ExitStatus.stopName(signal) }
        return streams && context.outputFailure() != nil ? "standard output closing" : nil
      },
      stream: streams
        ? { record in
          context.printRecord(record)
          context.flush()
        } : nil)
    Self.print(outcome, format: format, in: context)
    context.flush()
    // A finding whose script could not be written is in the report all the same, and said here.
    for reason in outcome.notWritten { context.printError(OutputLine.errorText(reason)) }
    if let reason = context.outputFailure() {
      context.printError(
        OutputLine.errorText(
          "standard output could not be written (\(reason)), so the exploration stopped; "
            + (outcome.found
              ? "what it found is written to \(findings.fromOutside) all the same"
              : "the runs it played found nothing")))
      return .failure
    }
    if outcome.interrupted, let signal = stopSignal() { return .stopped(by: signal) }
    return outcome.found ? .failure : .success
  }

  /// How the explorer marks its progress line (``Explorer/run(errors:progress:)``).
  static let statusPrefix = "\r\u{1B}[K"

  /// Where the explorer's timings go: whole lines through the context, a progress line rewritten in
  /// place on the terminal, cut to its width (``TerminalStatus``).
  static func standardError(_ context: ProgramContext) -> @Sendable (String) -> Void {
    { text in
      if text.hasPrefix(Self.statusPrefix) {
        let status = text.dropFirst(Self.statusPrefix.count)
        TerminalStatus.show(status.isEmpty ? nil : String(status))
      } else {
        context.printError(text.hasSuffix("\n") ? String(text.dropLast()) : text)
      }
    }
  }

  /// Prints the explorer's output, line by line: a summary's lines as every printed line, JSON Lines
  /// as records, never cut (a run's record with a rich coverage passes the 2,000 bytes a printed line
  /// is cut to, and a cut record would not merge).
  static func print(_ outcome: Explorer.Outcome, format: ExploreOptions.Format, in context: ProgramContext) {
    outcome.forEachLine(format == .jsonl ? context.printRecord : context.print)
  }
}
