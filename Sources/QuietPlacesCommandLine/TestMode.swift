import FoundationEssentials
import QuietPlacesGolden
import QuietPlacesREPL
import QuietPlacesStore
import QuietPlacesUtilities

/// `quietplaces test [PATH ...]`: runs `.qp` scripts as golden tests.
///
/// The environment adds what CI systems set: `CI` (unless `false`, `0` or empty) refuses `--update`;
/// Bazel's `TEST_TOTAL_SHARDS` and 0-based `TEST_SHARD_INDEX` choose a shard when `--shard` is not
/// given, `TEST_SHARD_STATUS_FILE` is touched, `TESTBRIDGE_TEST_ONLY` filters as `--filter` does,
/// `TEST_TMPDIR` holds the scripts' temporary save folders, `TEST_PREMATURE_EXIT_FILE` exists while
/// the run runs, and `XML_OUTPUT_FILE` gets the JUnit report too.
struct TestMode: CommandLineMode, Equatable {
  /// What the run covers and how it reports.
  var options = GoldenRunOptions()
  /// `--junit FILE`, before `XML_OUTPUT_FILE` is added.
  var junit: String?
  /// `--jobs N` and `--shard K/N`, before Bazel's variables are read.
  var parallel = ParallelOptions()
  /// `--storekit FILE`.
  var storeKit = StoreKitOption()
  /// `--update[=in-place|pending]`.
  var updateMode: UpdateMode?
  /// `--accept`: apply the pending files under the PATHs instead of running anything.
  var accept = false
  /// `--reject`: remove the pending files under the PATHs instead of running anything.
  var reject = false
  /// `--review`: ask about each failing block on the terminal.
  var review = false

  static var declaration: CommandDeclaration<TestMode> {
    CommandDeclaration(
      "test",
      abstract:
        "Runs .qp scripts as golden tests, each in a fresh session with its own temporary save folder.",
      discussion: [
        "Each failure prints a unified diff with file:line (and, for JSON lines, the fields that differ); the "
          + "run ends with the line N passed, M failed and exits 1 when any failed.",
        "Bazel's TEST_TOTAL_SHARDS and TEST_SHARD_INDEX (0-based) choose a shard when --shard is not given, "
          + "TEST_SHARD_STATUS_FILE is touched, TESTBRIDGE_TEST_ONLY filters as --filter does, TEST_TMPDIR holds "
          + "the temporary save folders, TEST_PREMATURE_EXIT_FILE exists until the run ends, and XML_OUTPUT_FILE "
          + "gets the JUnit report too.",
      ],
      arguments: [
        .many(
          "PATH", \.options.paths, default: "every .qp under Scripts/", help: ".qp files or folders of them")
      ],
      options: [
        .flag(
          "--update", \.updateMode, bare: .inPlace, .choice,
          help: "rewrite the expected output of failing scripts, keeping commands and comments; "
            + "=pending writes NAME.qp.new beside each instead (refused when CI is set, unless to false, 0 or nothing)"
        ),
        .flag(
          "--review", \.review,
          help: "show each failing block's diff on the terminal and ask: accept, skip, accept the rest of "
            + "the file, quit (refused when CI is set, unless to false, 0 or nothing)"),
        .flag("--accept", \.accept, help: "apply the pending NAME.qp.new files under the PATHs, run nothing"),
        .flag(
          "--reject", \.reject, help: "remove the pending NAME.qp.new files under the PATHs, run nothing"),
        .option("--filter", \.options.filter, .text, help: "run only the scripts whose path contains TEXT"),
      ] + ParallelOptions.declared(in: \.parallel) + [
        .flag("--list", \.options.list, help: "print the scripts that would run, one per line, and run none"),
        .option(
          "--junit", \.junit, .path("FILE"), example: ".build/golden-junit.xml",
          help: "write a JUnit XML report there (one testcase per script)"),
        .flag("--tap", \.options.tap, help: "print TAP version 13 instead of the usual lines"),
        .option(
          "--timeout", \.options.timeout, .timeoutSeconds,
          help: "fail a script still running after SECONDS and go on with the next"),
      ] + StoreKitOption.declared(in: \.storeKit),
      exclusions: Exclusion.exclusive(
        "--list", with: ["--update", "--tap", "--junit"],
        because: "--list only prints the scripts that would run")
        + Exclusion.exclusive(
          "--review", with: ["--update", "--accept", "--reject", "--list", "--tap", "--junit"],
          because: "--review rewrites only the blocks accepted on the terminal")
        + Exclusion.exclusive(
          "--accept", with: ["--reject", "--update", "--list", "--tap", "--junit", "--filter"],
          because: "--accept only applies pending files")
        + Exclusion.exclusive(
          "--reject", with: ["--update", "--list", "--tap", "--junit", "--filter"],
          because: "--reject only removes pending files"))
  }

  mutating func validate(environment: [String: String]) throws(CommandLineError) {
    options.update = updateMode != nil
    options.pending = updateMode == .pending
    if options.update && Self.isCI(environment) { throw .refusedInCI(option: "--update") }
    if review && Self.isCI(environment) { throw .refusedInCI(option: "--review") }
    if options.filter == nil, let only = environment["TESTBRIDGE_TEST_ONLY"], !only.isEmpty {
      options.filter = only
    }
    options.jobs = parallel.jobs
    options.shard = parallel.shard
    if options.shard == nil { options.shard = try Self.bazelShard(environment) }
    if let status = environment["TEST_SHARD_STATUS_FILE"], !status.isEmpty {
      options.shardStatusFile = status
    }
    options.junitFiles = [junit].compactMap { $0 }
    if !options.list, let file = environment["XML_OUTPUT_FILE"], !file.isEmpty, file != junit {
      options.junitFiles.append(file)
    }
  }

  /// What `# requires:` lines are checked against: the storefront, the fingerprints of the
  /// configuration files the sessions read, and this tool's version.
  func conditions(storefront: String, provenance: ConfigurationProvenance) -> ScriptConditions {
    var fingerprints: [String: String] = [:]
    for name in ["balance", "storekit"] { fingerprints[name] = provenance.fingerprint(named: name) }
    let version = AppSave.writer.split(separator: " ").last.map(String.init)
    return ScriptConditions(storefront: storefront, fingerprints: fingerprints, version: version)
  }

  /// Whether the run is under CI: `CI` is set to anything but `false`, `0` or nothing.
  static func isCI(_ environment: [String: String]) -> Bool {
    guard let value = environment["CI"] else { return false }
    return !["", "0", "false"].contains(value.trimmingWhitespace.lowercased())
  }

  /// Bazel's `TEST_TOTAL_SHARDS` and 0-based `TEST_SHARD_INDEX`, when the first is set.
  static func bazelShard(_ environment: [String: String]) throws(CommandLineError) -> Shard? {
    guard let totalText = environment["TEST_TOTAL_SHARDS"], !totalText.isEmpty else { return nil }
    guard let total = WholeNumber.read(totalText), total >= 1 else { throw .badTotalShards(totalText) }
    let indexText = environment["TEST_SHARD_INDEX"]
    guard let indexText, let index = WholeNumber.read(indexText), index < total else {
      throw .badShardIndex(indexText, total: total)
    }
    return Shard(index: index, count: total)
  }

  func run(in context: ProgramContext) async -> ExitStatus {
    if accept || reject {
      // A path that holds no pending files because it is mistyped is said, and nothing is done.
      if let problem = PendingFiles.problem(paths: options.paths, currentDirectory: context.currentDirectory)
      {
        context.printError(OutputLine.errorText(problem))
        return .usage
      }
      let status = PendingFiles.resolve(
        accept ? .accept : .reject, paths: options.paths, currentDirectory: context.currentDirectory,
        print: context.print)
      return ExitStatus(rawValue: status) ?? .failure
    }
    // Before any script runs: a report written over must be one this tool wrote (Bazel's
    // XML_OUTPUT_FILE is its own to give, and is not checked).
    if let junit, !options.list {
      let url =
        junit.hasPrefix("/")
        ? URL(fileURLWithPath: junit) : context.currentDirectory.appendingPathComponent(junit)
      if let problem = ReplacedFile.problem(at: url, replacingWith: .junit) {
        context.printError(OutputLine.errorText("\(junit.fromOutside): \(problem)"))
        return .usage
      }
    }
    guard let (rules, storeKit, provenance) = storeKit.load(context) else { return .usage }
    var options = options
    options.environment = context.environment
    options.conditions = conditions(storefront: storeKit.defaultStorefront, provenance: provenance)
    if !options.list {
      options.configuration = provenance
      // Every script plays this configuration: what start-up says of it goes beside the report.
      self.storeKit.printWarnings(storeKit, in: context)
    }
    let colour = context.outputIsTerminal && (context.environment["NO_COLOR"] ?? "").isEmpty && !options.tap
    let temporary = context.environment["TEST_TMPDIR"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
    // Bazel's premature-exit protocol: the file exists while the run runs; one left behind says the
    // run died before it finished.
    let prematureExit = context.environment["TEST_PREMATURE_EXIT_FILE"].flatMap {
      $0.isEmpty ? nil : URL(fileURLWithPath: $0, relativeTo: context.currentDirectory)
    }
    if let prematureExit { _ = FileManager.default.createFile(atPath: prematureExit.path, contents: Data()) }
    defer { prematureExit.map { try? FileManager.default.removeItem(at: $0) } }
    let runner = GoldenRunner(
      options: options, currentDirectory: context.currentDirectory,
      temporaryDirectory: temporary ?? FileManager.default.temporaryDirectory, colour: colour
    ) {
      (folder: URL, scriptFolder: URL) in
      var environment = SessionEnvironment(rules: rules, storeKit: storeKit, saveDirectory: folder)
      environment.testScript(in: scriptFolder)
      return try await Session.start(environment).0
    }
    if review { return await runReview(runner, colour: colour, context: context) }
    // A coloured report escapes every line before it paints it (TextReport).
    let print = colour ? context.printColoured : context.print
    return ExitStatus(rawValue: await runner.run(print: print)) ?? .failure
  }

  /// `--review`: refused (one line, exit 2) unless standard input and output are a terminal.
  private func runReview(_ runner: GoldenRunner, colour: Bool, context: ProgramContext) async -> ExitStatus {
    let input = context.input()
    guard input.interactive && context.outputIsTerminal else {
      context.printError(
        OutputLine.errorText(
          "--review asks about each failing block and needs a terminal for standard input and output; "
            + "run it in one, or use --update=pending and then test --accept or --reject"))
      return .usage
    }
    let reviewer = Reviewer(runner: runner, colour: colour)
    let status = await reviewer.review(
      read: { prompt in
        context.flush()
        switch input.source.readLine(prompt: prompt) {
        case .line(let line), .notUTF8(let line): return line
        case .interrupted, .end: return nil
        }
      }, print: colour ? context.printColoured : context.print)
    return ExitStatus(rawValue: status) ?? .failure
  }
}
