import FoundationEssentials
import QuietPlacesGame
import QuietPlacesREPL
import QuietPlacesUtilities

#if canImport(Glibc)
  import Glibc
#endif

/// Runs `.qp` scripts as golden tests: `quietplaces test` (``GoldenRunOptions``).
///
/// Each script gets a fresh session from the factory, with its own temporary save folder that the runner
/// creates and removes. Every command is fed to the session in order (a question's answer is simply the
/// next command), then the session is finished and its output compared with the script's. Up to `jobs`
/// scripts run at once; results are printed in sorted path order whatever order they finish in, as the
/// usual lines or as TAP, and written as JUnit when asked; `--shard` and `--list` choose what runs.
public struct GoldenRunner: Sendable {
  /// Makes a fresh session whose save folder is the given URL.
  public typealias InterpreterFactory = @Sendable (URL) async throws -> any LineInterpreter
  /// Makes a fresh session for a script: its save folder, and the script's own folder (where files
  /// the script names by relative paths are looked for first).
  public typealias ScriptInterpreterFactory = @Sendable (URL, URL) async throws -> any LineInterpreter

  /// What the run covers and how it reports.
  public var options: GoldenRunOptions
  /// The folder relative paths are resolved against, and whose `Scripts/` is the default.
  public var currentDirectory: URL
  /// Where the per-script save folders are made.
  public var temporaryDirectory: URL
  /// Makes each script's session.
  public var factory: ScriptInterpreterFactory
  /// Colour the diffs (standard output is a terminal and `NO_COLOR` is not set); never with `--tap`.
  public var colour: Bool

  /// Makes a runner for `options`.
  public init(
    options: GoldenRunOptions,
    currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    temporaryDirectory: URL = FileManager.default.temporaryDirectory, colour: Bool = false,
    factory: @escaping InterpreterFactory
  ) {
    self.colour = colour
    self.options = options
    self.currentDirectory = currentDirectory
    self.temporaryDirectory = temporaryDirectory
    self.factory = { folder, _ in try await factory(folder) }
  }

  /// Makes a runner for `options` whose sessions know the folder of the script they run.
  public init(
    options: GoldenRunOptions,
    currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    temporaryDirectory: URL = FileManager.default.temporaryDirectory, colour: Bool = false,
    scriptFactory: @escaping ScriptInterpreterFactory
  ) {
    self.colour = colour
    self.options = options
    self.currentDirectory = currentDirectory
    self.temporaryDirectory = temporaryDirectory
    self.factory = scriptFactory
  }

  /// Finds the scripts the options' PATHs name.
  public var discovery: ScriptDiscovery {
    ScriptDiscovery(paths: options.paths, currentDirectory: currentDirectory)
  }

  /// The scripts this run covers, without running anything.
  public func select() -> ScriptSelection {
    discovery.select(filter: options.filter, shard: options.shard)
  }

  /// Runs every selected script, printing each result in path order and then the closing lines;
  /// with `--list`, prints the paths instead; with `--tap`, prints TAP version 13. Writes the JUnit
  /// files asked for.
  ///
  /// Returns the exit status: 0 when every script passed or was rewritten by `--update`, 1 when any
  /// failed, was an error, or when no script was found to run (an empty run is more likely a mistake
  /// than a success; an empty shard of a run that found scripts is not).
  public func run(print: (String) -> Void) async -> Int32 {
    let clock = ContinuousClock()
    let started = clock.now
    let selection = select()
    var status: Int32 = 0
    if let file = options.shardStatusFile {
      do {
        try ShardStatusFile.touch(file)
      } catch {
        print(OutputLine.errorText(error.message))
        status = 1
      }
    }
    if options.list {
      if let error = selection.emptyError {
        print(OutputLine.errorText(error))
        return 1
      }
      for line in selection.problems.flatMap(\.report) { print(line) }
      // One line a script, whatever its name holds (a line break is written \u{A}).
      for file in selection.scripts { print("\(file.path.fromOutside)") }
      return selection.problems.isEmpty ? status : 1
    }

    let reporter: any GoldenReporter = options.tap ? TAPReport() : TextReport(colour: colour)
    let total = selection.problems.count + selection.scripts.count
    reporter.start(count: total).forEach(print)
    if let configuration = options.configuration { reporter.note(configuration.line).forEach(print) }
    if let error = selection.emptyError {
      reporter.nothingFound(error).forEach(print)
      return writeJUnit([], seconds: 0, print: print) ?? 1
    }
    if total == 0, let shard = options.shard {
      reporter.note("shard \(shard) has no scripts (\(selection.found.count) in all)").forEach(print)
    }

    var results: [ScriptResult] = []
    func report(_ result: ScriptResult) {
      results.append(result)
      reporter.result(result, number: results.count).forEach(print)
    }
    selection.problems.forEach(report)
    await runAll(selection.scripts, report: report)

    let passed = results.filter(\.counted).count
    let skipped = results.filter { $0.skipReason != nil }.count
    let failed = results.count - passed - skipped
    let updated = results.filter(\.updated).count
    let pending = PendingFiles.find(paths: options.paths, currentDirectory: currentDirectory)
    let summary =
      results.flatMap(\.notes) + PendingFiles.listing(pending)
      + (options.update && !options.pending ? ["\(updated) updated"] : []) + [
        TextReport.closingLine(passed: passed, failed: failed, skipped: skipped)
      ]
    reporter.summary(summary).forEach(print)
    let seconds = Self.seconds(clock.now - started)
    if let junitStatus = writeJUnit(results, seconds: seconds, print: print) { status = junitStatus }
    return failed == 0 ? status : 1
  }

  /// Runs `files` up to `jobs` at a time and hands each result to `report` in the files' order.
  private func runAll(_ files: [ScriptFile], report: (ScriptResult) -> Void) async {
    let jobs = max(1, options.jobs ?? ProcessInfo.processInfo.activeProcessorCount)
    _ = await BoundedParallel.map(files, atMost: jobs, inOrder: { report($1) }) { await self.runScript($0) }
  }

  /// Writes the JUnit report to every file asked for; returns 1 after printing an error when one
  /// cannot be written, `nil` otherwise.
  private func writeJUnit(_ results: [ScriptResult], seconds: Double, print: (String) -> Void) -> Int32? {
    guard !options.junitFiles.isEmpty else { return nil }
    let name = options.shard.map { "quietplaces test (shard \($0))" } ?? "quietplaces test"
    let passed = results.filter(\.counted).count
    let skipped = results.filter { $0.skipReason != nil }.count
    let output =
      [options.configuration?.line].compactMap { $0 } + results.flatMap(\.report)
      + [TextReport.closingLine(passed: passed, failed: results.count - passed - skipped, skipped: skipped)]
    let started = Date(timeIntervalSinceNow: -seconds)
    let run = JUnitReport.Run(
      name: name, seconds: seconds,
      timestamp: String(Rules.formatInstant(Int64(started.timeIntervalSince1970.rounded(.down))).dropLast()),
      hostname: Self.hostname, properties: configurationProperties, output: output)
    let xml = JUnitReport.xml(results, run: run)
    let failures = JUnitReport.write(xml, to: options.junitFiles, relativeTo: currentDirectory)
    for failure in failures { print(OutputLine.errorText(failure.message)) }
    return failures.isEmpty ? nil : 1
  }

  /// The configuration the sessions read, as JUnit properties.
  private var configurationProperties: [(name: String, value: String)] {
    guard let configuration = options.configuration else { return [] }
    return [("configuration", configuration.folder.path)]
      + configuration.fingerprints.map { ("fingerprint.\($0.name)", $0.value) }
  }

  /// This machine's name, or `localhost` when it has none.
  static var hostname: String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
    let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return name.isEmpty ? "localhost" : name
  }

  /// A duration in seconds.
  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  /// Runs one script in a fresh session and compares its output; with `--update`, rewrites it if it
  /// failed.
  public func runScript(_ file: ScriptFile) async -> ScriptResult {
    let clock = ContinuousClock()
    let started = clock.now
    let progress = ScriptProgress()
    var result = await ScriptTimeLimit.run(seconds: options.timeout, late: { self.late(file, progress) }) {
      await self.runUntimed(file, progress: progress)
    }
    result.seconds = Self.seconds(clock.now - started)
    return result
  }

  /// The result of a script still running at the time limit: the command it was in, and what it
  /// printed until then.
  func late(_ file: ScriptFile, _ progress: ScriptProgress) -> ScriptResult {
    let running = progress.running
    let place = running.map { "\(file.path):\($0.line)" } ?? file.path
    let command = running.map { ", in '> \($0.command)'" } ?? ""
    let message =
      "\(place): still running after \(options.timeout) s, the time limit (--timeout)\(command); stopped it"
    var result = ScriptResult(path: file.path, outcome: .failed(diff: [message]))
    result.cause = ScriptResult.Cause(kind: "timeout", line: running?.line, message: message)
    result.transcript = progress.transcript
    return result
  }

  /// A script that ran: what it was when read, and what its commands printed.
  struct ExecutedScript: Sendable {
    /// The script file.
    var file: ScriptFile
    /// The script as parsed.
    var script: GoldenScript
    /// Its bytes as read, before it ran.
    var original: Data
    /// What each block's command printed.
    var outputs: [[String]]
  }

  /// What reading and running a script gave: the script that ran, or its result when it did not.
  enum Execution: Sendable {
    /// It ran.
    case ran(ExecutedScript)
    /// It was skipped or could not run.
    case finished(ScriptResult)
  }

  /// Reads `file`, skips it when it says so, and runs its commands: the script that ran, or the
  /// result when it did not (skipped, or an error).
  func execute(_ file: ScriptFile, progress: ScriptProgress = ScriptProgress()) async -> Execution {
    func failed(_ error: GoldenScriptError) -> Execution {
      var result = ScriptResult(path: file.path, outcome: .error(error.description))
      result.cause = ScriptResult.Cause(kind: "error", line: error.line, message: error.description)
      return .finished(result)
    }
    let script: GoldenScript
    let original: Data
    do {
      (script, original) = try GoldenScript.read(from: file.url, path: file.path)
    } catch {
      return failed(error)
    }
    let commands: [String]
    do {
      if let (reason, line) = try ScriptDirectives(script).skipping(
        under: options.conditions, path: file.path)
      {
        var result = ScriptResult(path: file.path, outcome: .skipped(reason))
        result.skipLine = line
        return .finished(result)
      }
      commands = try substitutedCommands(script, path: file.path)
    } catch {
      return failed(error)
    }
    do {
      let outputs = try await execution.outputs(
        of: commands, lines: script.blocks.map(\.line), in: file, progress: progress)
      return .ran(ExecutedScript(file: file, script: script, original: original, outputs: outputs))
    } catch {
      var result = ScriptResult(path: file.path, outcome: .error(error.message))
      result.cause = ScriptResult.Cause(kind: "error", line: error.line, message: error.message)
      result.transcript = progress.transcript
      return .finished(result)
    }
  }

  private func runUntimed(_ file: ScriptFile, progress: ScriptProgress) async -> ScriptResult {
    let ran: ExecutedScript
    switch await execute(file, progress: progress) {
    case .finished(let result): return result
    case .ran(let executed): ran = executed
    }
    let (script, original, outputs) = (ran.script, ran.original, ran.outputs)
    let transcript = zip(script.blocks, outputs).flatMap { ["> " + $0.command] + $1 }
    // Under --update the diff is the one applied: the lines that will be written.
    guard
      let (diff, fields) = ScriptComparison.differences(
        script, outputs: outputs, path: file.path, widening: options.update)
    else {
      var result = ScriptResult(path: file.path, outcome: .passed)
      result.transcript = transcript
      return result
    }
    var result = ScriptResult(path: file.path, outcome: .failed(diff: diff + fields))
    result.transcript = transcript
    result.firstDifference = ScriptComparison.firstDifference(script, outputs: outputs, path: file.path)
    // Only an (absent) check failed: no line differs, the check's line is where it failed.
    if result.firstDifference == nil,
      let (block, check, printed) = zip(script.blocks, outputs).lazy.compactMap({ block, actual in
        block.absentViolations(actual).first.map { (block, $0.line, $0.actual) }
      }).first
    {
      result.cause = ScriptResult.Cause(
        kind: "absent", line: check.number,
        message: ScriptComparison.absentMessage(path: file.path, block: block, check: check, printed: printed)
      )
    }
    let breaksAbsent = zip(script.blocks, outputs).contains { !$0.absentViolations($1).isEmpty }
    if options.update && breaksAbsent {
      let note = "\(file.path): not updated: an (absent) check fails, which rewriting cannot fix"
      result.outcome = .failed(diff: diff + fields + [note])
    } else if options.update {
      do {
        let outcome = try ScriptUpdater.update(
          script, read: original, outputs: outputs, at: file.url, pending: options.pending)
        let written = outcome.pending ? file.path + PendingFiles.suffix : file.path
        result.notes = outcome.notes.map { $0.message(path: written) }
        if outcome.editedMeanwhile {
          let note =
            "\(file.path) changed while it ran, so it was not rewritten; its new text is in \(written) "
            + "(quietplaces test --accept applies it)"
          result.outcome = .failed(diff: diff + fields + [note])
          result.pending = true
        } else if outcome.pending {
          result.outcome = .failed(diff: diff + fields + ["wrote \(written)"])
          result.pending = true
        } else {
          result.updated = true
        }
      } catch {
        result.outcome = .failed(diff: diff + [OutputLine.errorText(error.description)])
      }
    }
    return result
  }

  /// The script's commands with their environment variables replaced (``CommandSubstitution``).
  private func substitutedCommands(_ script: GoldenScript, path: String) throws(GoldenScriptError) -> [String]
  {
    var commands: [String] = []
    for block in script.blocks {
      do {
        commands.append(try CommandSubstitution.substitute(block.command, environment: options.environment))
      } catch {
        let problem: GoldenScriptError.Problem =
          switch error {
          case .unset(let name): .unsetVariable(name)
          case .unclosed: .unclosedVariable
          case .badName(let inside): .badVariable(inside)
          }
        throw GoldenScriptError(path: path, line: block.line, problem: problem)
      }
    }
    return commands
  }

  /// Runs each script's commands.
  private var execution: ScriptExecution {
    ScriptExecution(temporaryDirectory: temporaryDirectory, factory: factory)
  }
}
