import FoundationEssentials
import QuietPlacesStore
import QuietPlacesUtilities

/// Runs `.qp` scripts as golden tests: `quietplaces test [PATH ...] [--update] [--filter TEXT] [--jobs N]`.
///
/// Each script gets a fresh session from the factory, with its own temporary save folder that the runner
/// creates and removes. Every command is fed to the session in order (a question's answer is simply the
/// next command), then the session is finished and its output compared with the script's. Up to `jobs`
/// scripts run at once; results are printed in sorted path order whatever order they finish in.
public struct GoldenRunner: Sendable {
  /// Makes a fresh session whose save folder is the given URL.
  public typealias InterpreterFactory = @Sendable (URL) async throws -> any LineInterpreter
  /// Makes a fresh session for a script: its save folder, and the script's own folder (where files
  /// the script names by relative paths are looked for first).
  public typealias ScriptInterpreterFactory = @Sendable (URL, URL) async throws -> any LineInterpreter

  /// A script to run: where it is and how it is printed.
  public struct ScriptFile: Sendable, Equatable {
    /// Where the file is.
    public var url: URL
    /// The path as printed: the PATH the user gave, joined with the path inside a folder.
    public var path: String

    /// Makes a script file entry.
    public init(url: URL, path: String) {
      self.url = url
      self.path = path
    }
  }

  /// The validated command line.
  public var options: TestCommandLine
  /// The folder relative paths are resolved against, and whose `Scripts/` is the default.
  public var currentDirectory: URL
  /// Where the per-script save folders are made.
  public var temporaryDirectory: URL
  /// Makes each script's session.
  public var factory: ScriptInterpreterFactory

  /// Makes a runner for `options`.
  public init(
    options: TestCommandLine,
    currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    temporaryDirectory: URL = FileManager.default.temporaryDirectory,
    factory: @escaping InterpreterFactory
  ) {
    self.options = options
    self.currentDirectory = currentDirectory
    self.temporaryDirectory = temporaryDirectory
    self.factory = { folder, _ in try await factory(folder) }
  }

  /// Makes a runner for `options` whose sessions know the folder of the script they run.
  public init(
    options: TestCommandLine,
    currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    temporaryDirectory: URL = FileManager.default.temporaryDirectory,
    scriptFactory: @escaping ScriptInterpreterFactory
  ) {
    self.options = options
    self.currentDirectory = currentDirectory
    self.temporaryDirectory = temporaryDirectory
    self.factory = scriptFactory
  }

  /// The closing line: `N passed, M failed`.
  public static func closingLine(passed: Int, failed: Int) -> String {
    "\(passed) passed, \(failed) failed"
  }

  /// Runs every selected script, printing each result in path order and then the closing line.
  ///
  /// Returns the exit status: 0 when every script passed, 1 when any failed, was an error, or when no
  /// script was found to run (an empty run is more likely a mistake than a success). A script that
  /// `--update` rewrote counts as failed: it did not match when it ran.
  public func run(print: (String) -> Void) async -> Int32 {
    let (files, problems) = discover()
    let selected = files.filter { file in options.filter.map { file.path.contains($0) } ?? true }
    let problemResults = problems.sorted { $0.path < $1.path }
    if selected.isEmpty && problems.isEmpty {
      if let filter = options.filter, !files.isEmpty {
        print(OutputLine.errorText("no script path contains '\(filter)'; check the --filter text"))
      } else {
        let places = options.paths.isEmpty ? "Scripts" : options.paths.joined(separator: ", ")
        print(
          OutputLine.errorText(
            "no .qp scripts found in \(places); pass files or folders that hold .qp scripts"))
      }
      print(Self.closingLine(passed: 0, failed: 0))
      return 1
    }
    for line in problemResults.flatMap(\.report) { print(line) }

    let jobs = max(1, options.jobs ?? ProcessInfo.processInfo.activeProcessorCount)
    var passed = 0
    var failed = problemResults.count
    await withTaskGroup(of: (Int, ScriptResult).self) { group in
      var next = 0
      func startNext() {
        guard next < selected.count else { return }
        let index = next
        let file = selected[index]
        group.addTask { (index, await self.runScript(file)) }
        next += 1
      }
      for _ in 0..<min(jobs, selected.count) { startNext() }
      var finished: [Int: ScriptResult] = [:]
      var printed = 0
      while let (index, result) = await group.next() {
        finished[index] = result
        startNext()
        while let ready = finished.removeValue(forKey: printed) {
          for line in ready.report { print(line) }
          if ready.passed { passed += 1 } else { failed += 1 }
          printed += 1
        }
      }
    }
    print(Self.closingLine(passed: passed, failed: failed))
    return failed == 0 ? 0 : 1
  }

  /// The scripts the PATHs name, sorted by printed path, and a failed result for each PATH that does
  /// not exist.
  public func discover() -> (files: [ScriptFile], problems: [ScriptResult]) {
    let manager = FileManager.default
    var files: [String: ScriptFile] = [:]
    var problems: [ScriptResult] = []
    for given in options.paths.isEmpty ? ["Scripts"] : options.paths {
      let url =
        given.hasPrefix("/") ? URL(fileURLWithPath: given) : currentDirectory.appendingPathComponent(given)
      var isFolder: Bool = false
      guard manager.fileExists(atPath: url.path, isDirectory: &isFolder) else {
        let message =
          options.paths.isEmpty
          ? "\(given): no Scripts folder here; run where Scripts/ is, or pass files or folders"
          : "\(given): no such file or folder; pass a .qp file or a folder of them"
        problems.append(ScriptResult(path: given, outcome: .error(message)))
        continue
      }
      guard isFolder else {
        files[given] = ScriptFile(url: url, path: given)
        continue
      }
      let base = given == "." ? "" : (given.hasSuffix("/") ? given : given + "/")
      for relative in (try? manager.subpathsOfDirectory(atPath: url.path)) ?? [] {
        guard relative.hasSuffix(".qp"),
          !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") })
        else { continue }
        let fileURL = url.appendingPathComponent(relative)
        var isSubfolder: Bool = false
        guard manager.fileExists(atPath: fileURL.path, isDirectory: &isSubfolder), !isSubfolder
        else { continue }
        files[base + relative] = ScriptFile(url: fileURL, path: base + relative)
      }
    }
    return (files.values.sorted { $0.path < $1.path }, problems)
  }

  /// Runs one script in a fresh session and compares its output; with `--update`, rewrites it if it
  /// failed.
  public func runScript(_ file: ScriptFile) async -> ScriptResult {
    let script: GoldenScript
    do {
      script = try GoldenScript.load(from: file.url, path: file.path)
    } catch {
      return ScriptResult(path: file.path, outcome: .error(error.description))
    }

    let saveFolder = temporaryDirectory.appendingPathComponent("quietplaces-test-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: saveFolder, withIntermediateDirectories: true)
    } catch {
      let reason = error.readableReason
      return ScriptResult(
        path: file.path,
        outcome: .error(
          "cannot make a temporary save folder in \(temporaryDirectory.path) (\(reason)); set TMPDIR"))
    }
    defer { try? FileManager.default.removeItem(at: saveFolder) }

    let interpreter: any LineInterpreter
    do {
      interpreter = try await factory(saveFolder, file.url.deletingLastPathComponent())
    } catch {
      return ScriptResult(
        path: file.path, outcome: .error("\(file.path): the session could not start: \(error)"))
    }
    var outputs: [[String]] = []
    for block in script.blocks {
      outputs.append(await interpreter.execute(block.command).texts)
    }
    await interpreter.finish()

    let blocks = script.blocks
    guard zip(blocks, outputs).contains(where: { !$0.matches($1) }) else {
      return ScriptResult(path: file.path, outcome: .passed)
    }
    let actualLines = script.renderedLines(actualOutputs: outputs).map {
      $0.hasSuffix("\r") ? String($0.dropLast()) : $0
    }
    let diff = LineDiff.unified(
      old: script.lines, new: actualLines, oldHeader: "\(file.path) (expected)",
      newHeader: "\(file.path) (actual)"
    ) { index in
      let block = blocks.last { $0.line - 1 <= index } ?? blocks[0]
      return "\(file.path):\(block.line): > \(block.command)"
    }
    var result = ScriptResult(path: file.path, outcome: .failed(diff: diff))
    if options.update {
      do {
        try AtomicFile.write(script.rendered(actualOutputs: outputs), to: file.url)
        result.updated = true
      } catch {
        result.outcome = .failed(diff: diff + [OutputLine.errorText(error.description)])
      }
    }
    return result
  }
}
