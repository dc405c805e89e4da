import FoundationEssentials
import QuietPlacesAppStore
import QuietPlacesGame
import QuietPlacesStore
import QuietPlacesUtilities

/// One REPL session: a simulated device with its clock, the simulated App Store, and the app,
/// open or closed. Lines go in, printed lines come out; the engine never prints.
public final class Session: LineInterpreter {
  /// A question waiting for its yes or no on the next line.
  enum Question {
    case supplies
    case colour(SailColour)
    case freshVoyage
  }

  /// Where the simulated clock is kept between sessions (the device's clock), in the save folder.
  public static let deviceClockFileName = "device-clock"

  /// The simulated App Store's account file in the save folder.
  public static let accountFileName = "appstore-account.json"

  let environment: SessionEnvironment
  var rules: Rules { environment.rules }
  /// The simulated now, in seconds since 1970; it moves only by `advance`, `away` and `new`.
  var now: Int64
  /// The simulated App Store; its account outlives the app.
  var store: SimulatedAppStore
  /// The running app, or `nil` while it is closed.
  var app: AppModel?
  /// Faults armed by the tester.
  var faults = AppFaults()
  /// The save on the device.
  let storage: FileSaveStorage
  /// A question waiting for the next line.
  var question: Question?
  /// A restore that has not finished (it may wait for `store continue`).
  var restoreInFlight: RestoreProgress?
  /// The transcript being recorded, if any.
  var recorder: TranscriptRecorder?
  /// The recorder's path as the user gave it.
  var recordingPath: String?
  /// The seed of a new game started by a launch that finds no save.
  var seed: UInt64 = 1
  /// Recent events, newest last, for `log`.
  var recentEvents: [String] = []
  public private(set) var hadError = false
  /// Set by `quit`: the caller should stop reading.
  public private(set) var wantsToQuit = false

  /// Whether a question waits: the next line is its answer, whatever it says.
  public var isAskingQuestion: Bool { question != nil }

  public var prompt: String { isAskingQuestion ? "? " : "qp> " }

  init(environment: SessionEnvironment, store: SimulatedAppStore, now: Int64) {
    self.environment = environment
    self.store = store
    self.now = now
    storage = FileSaveStorage(directory: environment.saveDirectory, rules: environment.rules)
  }

  /// Starts a session: opens the store's account in the save folder and launches the app, which
  /// loads the save or starts a new game. Returns the session and what the launch printed.
  public static func start(_ environment: SessionEnvironment) async throws(StartError) -> (Session, [String])
  {
    do {
      try FileManager.default.createDirectory(
        at: environment.saveDirectory, withIntermediateDirectories: true)
    } catch {
      throw .saveFolder(environment.saveDirectory.path)
    }
    let store: SimulatedAppStore
    do {
      store = try SimulatedAppStore(
        configuration: environment.storeKit, bundleID: ProductID.bundleID,
        accountFile: environment.saveDirectory.appendingPathComponent(Session.accountFileName))
    } catch {
      throw .store(error)
    }
    let storage = FileSaveStorage(directory: environment.saveDirectory, rules: environment.rules)
    // The clock resumes where the device left it: the later of the save's time and the time the
    // last session ended. Peeking at the save has no side effect; the launch reads it for real (and
    // reports a save it cannot read).
    var now = environment.rules.startClock
    if let data = try? Data(contentsOf: storage.url),
      let saved = try? SaveCodec.decode(data, file: FileSaveStorage.fileName, rules: environment.rules)
    {
      now = saved.game.clock
    }
    if let data = try? Data(
      contentsOf: environment.saveDirectory.appendingPathComponent(Session.deviceClockFileName)),
      let last = Int64(String(decoding: data, as: UTF8.self).trimmingWhitespace),
      (now...GameState.latestClock).contains(last)
    {
      now = last
    }
    now = max(now, await store.snapshot().clock)
    let session = Session(environment: environment, store: store, now: now)
    let lines = await session.launch(quietWhenNew: true)
    return (session, lines)
  }

  /// Why a session could not start.
  public enum StartError: Error, CustomStringConvertible {
    case saveFolder(String)
    case store(AppStoreError)

    public var description: String {
      switch self {
      case .saveFolder(let path):
        "cannot create the save folder \(path); pass --save-dir with a writable folder"
      case .store(let error): error.description
      }
    }
  }

  // MARK: - Lines

  public func execute(_ line: String) async -> [String] {
    let text = line.trimmingWhitespace
    var output: [String]
    if let waiting = question {
      question = nil
      output = await answer(waiting, with: text)
    } else if text.isEmpty {
      return []
    } else {
      output = await run(text)
    }
    output += await storeAftermath()
    if output.contains(where: { $0.hasPrefix("error: ") }) { hadError = true }
    if let recorder, !text.lowercased().hasPrefix("record") {
      try? recorder.record(command: text, output: output)
    }
    return output
  }

  private func run(_ text: String) async -> [String] {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    let name = words[0].lowercased()
    guard let command = CommandRegistry.command(named: name) else {
      if ["y", "yes", "n", "no"].contains(name) {
        return ["error: " + CommandError.noQuestion(words[0]).message]
      }
      return [
        "error: "
          + CommandError.unknownCommand(words[0], suggestion: CommandRegistry.suggestion(for: name)).message
      ]
    }
    await store.setClock(now)
    do {
      return try await command.run(Array(words.dropFirst()), in: self)
    } catch {
      return ["error: " + error.message]
    }
  }

  public func finish() async {
    if question != nil { question = nil }
    if let app {
      _ = await app.close()
      self.app = nil
    }
    try? recorder?.stop()
    recorder = nil
    let clock = environment.saveDirectory.appendingPathComponent(Self.deviceClockFileName)
    try? AtomicFile.write("\(now)\n", to: clock)
  }

  /// Marks the session as leaving.
  func quit() { wantsToQuit = true }

  /// Remembers an event line for `log`.
  func remember(_ lines: [String]) {
    let stamp = Rules.formatInstant(now)
    recentEvents += lines.filter { !$0.hasPrefix("error: ") }.map { "\(stamp)  \($0)" }
    if recentEvents.count > 200 { recentEvents.removeFirst(recentEvents.count - 200) }
  }

  // MARK: - The app

  /// The running app, or the error for a command that needs it.
  func requireApp(_ command: String) throws(CommandError) -> AppModel {
    guard let app else { throw .appClosed(command: command) }
    return app
  }

  /// Launches the app: load, recover the store, credit the absence.
  func launch(seed newSeed: UInt64? = nil, quietWhenNew: Bool = false) async -> [String] {
    await store.setClock(now)
    if let newSeed { seed = newSeed }
    let seed = seed
    let clock = now
    let rules = rules
    let store = store
    do {
      let (app, report) = try await AppModel.launch(
        at: now, rules: rules, storage: storage, store: store,
        verifier: TransactionVerifier(publicKey: store.publicKey), faults: faults,
        newGame: { GameState(seed: seed, clock: clock, rules: rules) },
        settle: { app in await app.settle(sent: await store.updatesYielded()) })
      self.app = app
      var lines: [String] = []
      if let problem = report.unreadableSave {
        lines.append("error: " + CommandError.message(for: problem) + "; a new game started")
      }
      if report.startedNewGame && !quietWhenNew {
        lines.append("No save on this device: a new game starts at \(Text.instant(now)).")
      }
      lines += report.storeEvents.map { Text.storeEvent($0, rules: rules) }
      if let absence = report.absence {
        lines += Text.absence(absence, at: now, rules: rules)
      }
      remember(lines)
      return lines
    } catch {
      switch error {
      case .unsupportedSave(let problem):
        return ["error: " + CommandError.message(for: problem) + "; the app stays closed"]
      case .crashed(let crash):
        return Text.crash(crash)
      }
    }
  }

  /// Closes the app, which saves.
  func close() async -> [String] {
    guard let app else { return [] }
    await app.settle(sent: await store.updatesYielded())
    let (events, saved) = await app.close()
    self.app = nil
    var lines = ["Closed the app at \(Text.instant(now))."]
    if events.contains(.closed(endedCurrent: true)) { lines[0] += " The current ended." }
    switch saved {
    case .success: lines[0] += " Saved."
    case .failure(let error):
      lines.append("error: " + CommandError.message(for: error) + "; progress since the last save is lost")
    }
    remember(lines)
    return lines
  }

  /// After every line: updates that arrived are delivered, and a crash closes the app.
  private func storeAftermath() async -> [String] {
    guard let app else { return [] }
    await app.settle(sent: await store.updatesYielded())
    var lines = await app.drainJournal().map { Text.storeEvent($0, rules: rules) }
    if await app.hasCrashed {
      if let crash = await app.crashReport { lines += Text.crash(crash) }
      await app.terminate()
      self.app = nil
    }
    remember(lines)
    return lines
  }

  /// The game as the app has it, or as the save on disk has it while the app is closed.
  func currentSave() async -> AppSave? {
    if let app { return await app.save }
    return try? storage.read()
  }
}
