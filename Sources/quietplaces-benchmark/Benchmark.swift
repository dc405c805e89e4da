import Foundation
import QuietPlacesGame
import QuietPlacesGolden
import QuietPlacesREPL
import QuietPlacesStore

#if canImport(Glibc)
  import Glibc
#endif

/// Measures every figure of `spec/performance.md` once, on this machine, and prints each beside its
/// target.
struct Benchmark {
  let rules: Rules
  /// The package folder: the one holding `Configuration/` and `Scripts/`.
  let root: URL
  /// The `quietplaces` executable built beside this one.
  let executable: String
  /// A sum of results, printed at the end, so that no measured work can be optimised away.
  var checksum = 0.0
  /// Which figures the children started now belong to, for their peak memory.
  var childGroup = ChildGroup.targeted
  /// The largest peak resident memory of the children of each group.
  var childPeaks: [ChildGroup: Int] = [:]
  /// This process's peak resident memory once its own figures (a)–(c) and (f) are measured, before
  /// the figures outside the memory target run.
  var selfPeak = 0
  var report = Report()

  static let day: Int64 = 86_400
  static let hour: Int64 = 3_600

  init() throws {
    let configuration = try SessionEnvironment.configurationDirectory()
    rules = try Rules.load(configurationDirectory: configuration)
    root = configuration.deletingLastPathComponent()
    let me =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    executable =
      URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("quietplaces").path
  }

  /// Said when the `quietplaces` beside this benchmark is missing, or was linked before one of its
  /// modules was compiled again (`swift build --product quietplaces-benchmark` alone compiles the
  /// modules both use and links only the benchmark): the figures that run it would measure the
  /// older build.
  static func staleExecutableWarning(_ executable: String) -> String? {
    func built(_ path: String) -> Date? {
      (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
    guard let linked = built(executable) else {
      return "warning: \(executable) is missing, so the figures that run it fail; "
        + "swift build -c release builds it beside this benchmark"
    }
    // The object files of the executable's modules: every module's but this benchmark's and the tests'.
    let folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
    let modules = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
      $0.hasSuffix(".build") && !$0.hasSuffix("Tests.build") && !$0.hasSuffix("TestSupport.build")
        && $0 != "quietplaces_benchmark.build"
    }
    for module in modules.sorted() {
      let objects =
        (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(module).path))
      for object in objects ?? [] where object.hasSuffix(".o") {
        guard let compiled = built(folder.appendingPathComponent(module).appendingPathComponent(object).path),
          compiled > linked
        else { continue }
        return "warning: \(executable) was linked before \(module.dropLast(6)) was compiled again, so the "
          + "figures that run it ((d), (e), (g), (i) and the pipes of (j)) would measure an older build; "
          + "swift build -c release links it again"
      }
    }
    return nil
  }

  /// Runs every figure and returns whether all targets held.
  mutating func run() async -> Bool {
    #if DEBUG
      let configuration = "debug"
    #else
      let configuration = "release"
    #endif
    print(
      "quietplaces-benchmark: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(configuration) build")
    print("package: \(root.path)")
    if let warning = Self.staleExecutableWarning(executable) { print(warning) }
    print("")
    if CommandLine.arguments.dropFirst().first == "lab-runs" {
      return labRuns(Array(CommandLine.arguments.dropFirst(2)))
    }
    if CommandLine.arguments.dropFirst().first == "lab-profile" {
      return labProfile(Array(CommandLine.arguments.dropFirst(2)))
    }
    if CommandLine.arguments.dropFirst().first == "launch-runs" {
      return launchRuns(Array(CommandLine.arguments.dropFirst(2)))
    }
    if CommandLine.arguments.dropFirst().first == "save-runs" {
      return saveRuns(Array(CommandLine.arguments.dropFirst(2)))
    }
    if CommandLine.arguments.dropFirst().first == "explore-runs" {
      return await exploreRuns(Array(CommandLine.arguments.dropFirst(2)))
    }
    // `quietplaces-benchmark lab` measures only the balance lab's figures (h).
    if CommandLine.arguments.dropFirst().first == "lab" {
      childGroup = .lab
      lab()
      labSpeed()
      report.printSummary()
      return report.allPassed
    }
    // `quietplaces-benchmark engine` measures only the engine's figures (a)–(c).
    if CommandLine.arguments.dropFirst().first == "engine" {
      onlineYear()
      offlineHold()
      costDoesNotGrow()
      report.printSummary()
      return report.allPassed
    }
    // `quietplaces-benchmark explore` measures only the explorer's figures (j).
    if CommandLine.arguments.dropFirst().first == "explore" {
      await explorer()
      report.printSummary()
      return report.allPassed
    }
    onlineYear()
    offlineHold()
    costDoesNotGrow()
    costTable()
    goldenSuite()
    replStart()
    saveAndLoad()
    selfPeak = Self.selfPeakResidentBytes()
    childGroup = .lab
    lab()
    labSpeed()
    childGroup = .storeKitCheck
    storeKitCheck()
    await explorer()
    peakMemory()
    report.printSummary()
    print("checksum \(checksum)")
    return report.allPassed
  }

  /// The median seconds of one call: batches of calls for short ones, single calls for long ones.
  func time(_ body: () -> Void) -> Double {
    let once = Stopwatch.seconds(body)
    if once > 0.02 { return Stopwatch.repeated(minimumRuns: 3, maximumRuns: 7, budget: 1, body) }
    let batch = max(1, Int(0.005 / max(once, 1e-8)))
    return Stopwatch.perCall(batch: batch, samples: 21, body)
  }

  // MARK: - (a) a year online

  mutating func onlineYear() {
    print("(a) advance 365d online: route 8, 60 sails levels, random events as the seed draws them")
    let ship = LateGame.ship(rules)
    let seconds = 365 * Self.day
    var fast = EngineRun.advance(ship, seconds: seconds, method: .closedForm, rules: rules)
    var slow = fast
    let fastTime = time {
      fast = EngineRun.advance(ship, seconds: seconds, method: .closedForm, rules: rules)
    }
    let slowTime = Stopwatch.repeated(minimumRuns: 1, maximumRuns: 3, budget: 3) {
      slow = EngineRun.advance(ship, seconds: seconds, method: .perArrival, rules: rules)
    }
    checksum += fast.state.discoveries + slow.state.discoveries
    let comparison = StateComparison(fast.state, slow.state)
    let arrivals = Double(slow.report.arrivals)
    let ratio = slowTime / fastTime
    print(
      "  \(Format.grouped(arrivals)) arrivals, \(Format.grouped(Double(slow.events))) random events "
        + "(\(slow.report.surveys) surveys, \(slow.report.currents) currents)")
    print(
      "  fast path \(Format.duration(fastTime)) (\(Format.rate(arrivals / fastTime)) simulated arrivals), "
        + "per-arrival stepper \(Format.duration(slowTime)) (\(Format.rate(arrivals / slowTime)))")
    print("  end states: \(comparison.summary)")
    report.add(
      "(a) advance 365d online, fast vs stepper",
      "\(Format.ratio(ratio)), \(comparison.agrees ? "same state" : "states differ")",
      target: "≥ 5× faster, identical state", passed: ratio >= 5 && comparison.agrees)
    report.add(
      "(a) simulated arrivals per second, fast path", Format.rate(arrivals / fastTime), target: "(printed)",
      passed: nil)
  }

  // MARK: - (b) the hold offline

  mutating func offlineHold() {
    print("")
    print("(b) away 32h offline credit (Deep hold) on the same ship")
    let closed = LateGame.closed(LateGame.ship(rules))
    let seconds = 32 * Self.hour
    let fast = EngineRun.launch(closed, after: seconds, method: .closedForm, rules: rules)
    let slow = EngineRun.launch(closed, after: seconds, method: .perArrival, rules: rules)
    let rules = rules
    var sum = 0.0
    // Samples of the two taken in turn (about 5 ms each), so that a change in the machine's load
    // falls on both alike.
    let (fastTime, slowTime) = Stopwatch.interleaved(
      batch: 16_000, batchB: 2, samples: 41,
      { sum += EngineRun.launchOnly(closed, after: seconds, method: .closedForm, rules: rules) },
      { sum += EngineRun.launchOnly(closed, after: seconds, method: .perArrival, rules: rules) })
    checksum += sum
    let comparison = StateComparison(fast.state, slow.state)
    let ratio = slowTime / fastTime
    print(
      "  \(Format.grouped(Double(slow.report.arrivals))) arrivals credited; fast path "
        + "\(Format.duration(fastTime)) per launch, per-arrival stepper \(Format.duration(slowTime))")
    print("  end states: \(comparison.summary)")
    report.add(
      "(b) away 32h offline, fast vs stepper",
      "\(Format.ratio(ratio)), \(comparison.agrees ? "same state" : "states differ")",
      target: "≥ 10,000× faster, identical state", passed: ratio >= 10_000 && comparison.agrees)
  }

  // MARK: - (c) cost does not grow with arrivals

  mutating func costDoesNotGrow() {
    print("")
    print("(c) cost against simulated time, between events")
    let closed = LateGame.closed(LateGame.ship(rules))
    let quiet = LateGame.quietShip(rules)
    let rules = rules
    var sum = 0.0
    let (short, long) = Stopwatch.interleaved(
      batch: 2_000, samples: 31,
      { sum += EngineRun.launchOnly(closed, after: Self.hour, method: .closedForm, rules: rules) },
      { sum += EngineRun.launchOnly(closed, after: 32 * Self.hour, method: .closedForm, rules: rules) })
    let (month, year) = Stopwatch.interleaved(
      batch: 2_000, samples: 31,
      { sum += EngineRun.advanceOnly(quiet, seconds: 30 * Self.day, method: .closedForm, rules: rules) },
      { sum += EngineRun.advanceOnly(quiet, seconds: 365 * Self.day, method: .closedForm, rules: rules) })
    checksum += sum
    let offlineRatio = long / short
    let onlineRatio = year / month
    print("  offline 1h \(Format.duration(short)), 32h \(Format.duration(long)) per launch")
    print(
      "  online, no random events: 30d \(Format.duration(month)), 365d \(Format.duration(year)) per advance")
    report.add(
      "(c) offline 1h vs 32h, fast path", "\(Format.duration(short)) vs \(Format.duration(long))",
      target: "same cost within noise (32h ≤ 1.5 × 1h)", passed: offlineRatio <= 1.5)
    report.add(
      "(c) online event-free 30d vs 365d, fast path", "\(Format.duration(month)) vs \(Format.duration(year))",
      target: "same cost within noise (365d ≤ 1.5 × 30d)", passed: onlineRatio <= 1.5)
  }

  // MARK: - The table

  mutating func costTable() {
    print("")
    print("Cost against simulated time, late-game ship (fast path; stepper for comparison)")
    let ship = LateGame.ship(rules)
    let quiet = LateGame.quietShip(rules)
    let closed = LateGame.closed(ship)
    struct Case {
      var label: String
      var start: GameState
      var seconds: Int64
    }
    let rules = rules
    let cases = [
      Case(label: "online 1 day", start: ship, seconds: Self.day),
      Case(label: "online 30 days", start: ship, seconds: 30 * Self.day),
      Case(label: "online 365 days", start: ship, seconds: 365 * Self.day),
      Case(label: "online 1 day, no events", start: quiet, seconds: Self.day),
      Case(label: "online 30 days, no events", start: quiet, seconds: 30 * Self.day),
      Case(label: "online 365 days, no events", start: quiet, seconds: 365 * Self.day),
      Case(label: "offline 1 h", start: closed, seconds: Self.hour),
      Case(label: "offline 32 h", start: closed, seconds: 32 * Self.hour),
    ]
    func run(_ item: Case, _ method: SailingMethod) -> Double {
      item.start.isOpen
        ? EngineRun.advanceOnly(item.start, seconds: item.seconds, method: method, rules: rules)
        : EngineRun.launchOnly(item.start, after: item.seconds, method: method, rules: rules)
    }
    let header = [
      Format.pad("stretch", 27), Format.pad("arrivals", 12), Format.pad("events", 9), Format.pad("fast", 10),
      Format.pad("stepper", 10), Format.pad("ratio", 10), "fast per event",
    ]
    print("  " + header.joined(separator: " "))
    var sum = 0.0
    for item in cases {
      let sample =
        item.start.isOpen
        ? EngineRun.advance(item.start, seconds: item.seconds, method: .closedForm, rules: rules)
        : EngineRun.launch(item.start, after: item.seconds, method: .closedForm, rules: rules)
      let fast = time { sum += run(item, .closedForm) }
      let slow = Stopwatch.repeated(minimumRuns: 1, maximumRuns: 5, budget: 1) {
        sum += run(item, .perArrival)
      }
      let perEvent = sample.events > 0 ? Format.duration(fast / Double(sample.events)) : "—"
      let cells = [
        Format.pad(item.label, 27), Format.pad(Format.grouped(Double(sample.report.arrivals)), 12),
        Format.pad(Format.grouped(Double(sample.events)), 9), Format.pad(Format.duration(fast), 10),
        Format.pad(Format.duration(slow), 10), Format.pad(Format.ratio(slow / fast), 10), perEvent,
      ]
      print("  " + cells.joined(separator: " "))
    }
    checksum += sum
  }

  // MARK: - (d) the golden suite

  mutating func goldenSuite() {
    print("")
    print("(d) golden suite: \(executable) test")
    let scripts = root.appendingPathComponent("Scripts")
    guard let (seconds, count) = suite(scripts.path) else { return }
    print(
      "  Scripts/: \(count) script(s) in \(Format.duration(seconds)); scaled to 100 scripts: "
        + Format.duration(seconds / Double(max(count, 1)) * 100))
    // A suite of 100 scripts made of copies of the real ones, run as one `quietplaces test`.
    let folder = temporaryFolder("suite")
    defer { try? FileManager.default.removeItem(at: folder) }
    let sources = ScriptDiscovery(paths: [scripts.path]).discover().files
    guard !sources.isEmpty else { return }
    let prefix = scripts.path + "/"
    let fixtures = ((try? FileManager.default.subpathsOfDirectory(atPath: scripts.path)) ?? []).filter {
      !$0.hasSuffix(".qp") && !isFolder(scripts.appendingPathComponent($0))
    }
    // Each pass over the scripts goes into a folder of its own that mirrors the package: every script
    // at its own path under `Scripts/`, beside the fixture files it loads by a path relative to
    // itself, and `Tests/` linked, for a script that checks the test fixtures (`storekit check`).
    for index in 0..<100 {
      let source = sources[index % sources.count]
      let passFolder = folder.appendingPathComponent(String(format: "pass-%d", index / sources.count))
      let pass = passFolder.appendingPathComponent("Scripts")
      if index % sources.count == 0 {
        for fixture in fixtures { copy(scripts.appendingPathComponent(fixture), to: pass, fixture) }
        try? FileManager.default.createSymbolicLink(
          at: passFolder.appendingPathComponent("Tests"),
          withDestinationURL: root.appendingPathComponent("Tests"))
      }
      let relative =
        source.path.hasPrefix(prefix)
        ? String(source.path.dropFirst(prefix.count)) : source.url.lastPathComponent
      copy(source.url, to: pass, relative)
    }
    guard let (hundred, hundredCount) = suite(folder.path) else { return }
    print("  \(hundredCount) copies of them in \(Format.duration(hundred))")
    report.add(
      "(d) golden suite, 100 scripts, \(ProcessInfo.processInfo.activeProcessorCount) cores",
      Format.duration(hundred), target: "< 2 s", passed: hundred < 2 && hundredCount == 100)
  }

  /// The median wall time of `quietplaces test PATH` over three runs, and how many scripts passed or
  /// skipped as they say.
  mutating func suite(_ path: String) -> (Double, Int)? {
    let output = temporaryFolder("out").appendingPathComponent("test.txt")
    defer { try? FileManager.default.removeItem(at: output.deletingLastPathComponent()) }
    let child = ChildProcess(
      executable: executable, arguments: ["test", path], standardOutput: output.path)
    var times: [Double] = []
    var passed = 0
    for _ in 0..<3 {
      guard let outcome = spawn(child) else { return nil }
      let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
      let closing = text.split(separator: "\n").last.map(String.init) ?? ""
      // "N passed, M failed" or "N passed, M failed, K skipped": a script that skips by its own
      // `# skip:` or `# requires:` line ran as the suite runs it, so it counts among the scripts.
      let counts = closing.split(separator: ",").map {
        Int($0.trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "") ?? 0
      }
      passed = (counts.first ?? 0) + (counts.count > 2 ? counts[2] : 0)
      guard outcome.status == 0 else {
        print("  quietplaces test \(path) failed (status \(outcome.status)): \(closing)")
        report.add("(d) golden suite", "failed", target: "< 2 s for 100 scripts", passed: false)
        return nil
      }
      times.append(outcome.seconds)
    }
    return (Stopwatch.median(times), passed)
  }

  // MARK: - (e) REPL start to exit

  mutating func replStart() {
    print("")
    print("(e) REPL start to exit: echo quit | quietplaces, QUIETPLACES_HOME in a temporary folder")
    let input = temporaryFolder("input").appendingPathComponent("quit.txt")
    defer { try? FileManager.default.removeItem(at: input.deletingLastPathComponent()) }
    try? Data("quit\n".utf8).write(to: input)
    var fresh: [Double] = []
    var saved: [Double] = []
    let home = temporaryFolder("home")
    defer { try? FileManager.default.removeItem(at: home) }
    for _ in 0..<30 {
      let empty = temporaryFolder("home")
      defer { try? FileManager.default.removeItem(at: empty) }
      let child = ChildProcess(
        executable: executable, arguments: [], environment: ["QUIETPLACES_HOME": empty.path],
        standardInput: input.path)
      guard let outcome = spawn(child) else { return }
      fresh.append(outcome.seconds)
    }
    let child = ChildProcess(
      executable: executable, arguments: [], environment: ["QUIETPLACES_HOME": home.path],
      standardInput: input.path)
    _ = spawn(child)
    for _ in 0..<30 {
      guard let outcome = spawn(child) else { return }
      saved.append(outcome.seconds)
    }
    let first = Stopwatch.median(fresh)
    let again = Stopwatch.median(saved)
    print(
      "  median of 30: empty home (new game, new store account) \(Format.duration(first)); "
        + "home with a save \(Format.duration(again))")
    report.add(
      "(e) REPL start to exit, median of 30",
      "\(Format.duration(first)) new, \(Format.duration(again)) saved",
      target: "< 50 ms", passed: max(first, again) < 0.05)
  }

  // MARK: - (f) save and load

  mutating func saveAndLoad() {
    print("")
    print("(f) save + load of a late-game save through FileSaveStorage (encode, atomic write, read, decode)")
    let folder = temporaryFolder("save")
    defer { try? FileManager.default.removeItem(at: folder) }
    let storage = FileSaveStorage(directory: folder, rules: rules)
    let save = LateGame.save(rules)
    var loaded: AppSave?
    var times: [Double] = []
    do {
      for _ in 0..<50 {
        var read: AppSave?
        times.append(
          try Stopwatch.seconds {
            try storage.write(save)
            read = try storage.read()
          })
        loaded = read
      }
    } catch {
      print("  " + OutputLine.errorText("\(error)"))
      report.add("(f) save + load", "failed", target: "< 5 ms", passed: false)
      return
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: storage.url.path)[.size] as? Int) ?? 0
    var codec: [Double] = []
    for _ in 0..<50 {
      codec.append(
        Stopwatch.seconds {
          let data = try? SaveCodec.encode(save)
          checksum += Double(
            (try? SaveCodec.decode(data ?? Data(), file: "save.json", rules: rules))?.game.postmarks ?? 0)
        })
    }
    let median = Stopwatch.median(times)
    print(
      "  \(size) bytes; median of 50: \(Format.duration(median)) (of which encode + decode "
        + "\(Format.duration(Stopwatch.median(codec))); the rest is the write with two fsyncs and the read)")
    print("  loaded save equals the saved one: \(loaded == save)")
    report.add(
      "(f) save + load, late-game save, median of 50", Format.duration(median), target: "< 5 ms",
      passed: median < 0.005 && loaded == save)
  }

  // MARK: - (g) peak memory

  /// The figures a child process is started for, for its peak memory.
  enum ChildGroup: Hashable {
    /// The golden suite (d) and the REPL start (e): under the memory target.
    case targeted
    /// The balance lab's processes (h): printed, no target.
    case lab
    /// `storekit check` (i): printed, no target.
    case storeKitCheck
  }

  /// The memory target covers the figures listed above it in the spec: the engine (a)–(c) and the
  /// save + load (f) in this process, the golden suite (d) and the REPL start (e) as children. The
  /// lab's and `storekit check`'s children are printed on their own, without a target.
  mutating func peakMemory() {
    print("")
    print("(g) peak resident memory (getrusage ru_maxrss; wait4 for each child)")
    let children = childPeaks[.targeted] ?? 0
    print(
      "  this process after (a)–(c) and (f): \(Format.megabytes(selfPeak)); largest child of (d) and (e): "
        + Format.megabytes(children))
    report.add(
      "(g) peak memory, self / largest child of (d)–(e)",
      "\(Format.megabytes(selfPeak)) / \(Format.megabytes(children))",
      target: "< 30 MB", passed: selfPeak < 30_000_000 && children < 30_000_000)
    if let lab = childPeaks[.lab] {
      report.add(
        "(g) peak memory, largest lab child (h)", Format.megabytes(lab), target: "(printed)", passed: nil)
    }
    if let check = childPeaks[.storeKitCheck] {
      report.add(
        "(g) peak memory, storekit check child (i)", Format.megabytes(check), target: "(printed)",
        passed: nil)
    }
  }

  /// This process's `getrusage(RUSAGE_SELF).ru_maxrss` so far, in bytes.
  static func selfPeakResidentBytes() -> Int {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Int(usage.ru_maxrss) * 1024
  }

  // MARK: - Helpers

  mutating func spawn(_ child: ChildProcess) -> ChildProcess.Outcome? {
    do {
      let outcome = try child.run()
      childPeaks[childGroup] = max(childPeaks[childGroup] ?? 0, outcome.peakBytes)
      return outcome
    } catch {
      print("  " + OutputLine.errorText("\(error)"))
      return nil
    }
  }

  func isFolder(_ url: URL) -> Bool {
    var folder: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &folder) && folder.boolValue
  }

  /// Copies `source` to `relative` inside `folder`, creating the folders between.
  func copy(_ source: URL, to folder: URL, _ relative: String) {
    let destination = folder.appendingPathComponent(relative)
    try? FileManager.default.createDirectory(
      at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? FileManager.default.copyItem(at: source, to: destination)
  }

  func temporaryFolder(_ name: String) -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "quietplaces-benchmark-\(name)-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}
