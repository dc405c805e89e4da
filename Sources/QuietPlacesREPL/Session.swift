import FoundationEssentials
import QuietPlacesAppStore
import QuietPlacesDevice
import QuietPlacesGame
import QuietPlacesStore
import QuietPlacesUtilities

/// One REPL session: a simulated device with its clock, the simulated App Store, and the app,
/// open or closed. Lines go in, printed lines come out; the engine never prints.
///
/// Commands see the session through a narrow surface: the clock (`now`), the rules, the simulated
/// App Store, the app (`app`, `requireApp`, `perform`, `launch`, `close`), the question waiting for
/// an answer, the recorder and the event log. What a command does lives in the command's own file.
public final class Session: LineInterpreter {
  /// Where the simulated clock is kept between sessions (the device's clock), in the save folder.
  public static let deviceClockFileName = "device-clock"

  /// The simulated App Store's account file in the save folder.
  public static let accountFileName = "appstore-account.json"

  let environment: SessionEnvironment
  var rules: Rules { environment.rules }
  /// The rules and StoreKit configuration as a device is made from them.
  var configuration: DeviceConfiguration {
    DeviceConfiguration(rules: environment.rules, storeKit: environment.storeKit)
  }
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
  var question: (any PendingQuestion)?
  /// A restore that has not finished (it may wait for `store continue`).
  var restoreInFlight: RestoreCommand.Progress?
  /// Whether the lines read are a pasted transcript's: after a `> CMD` line, until an empty line.
  var inPastedBlock = false
  /// Lines a command's work left to print after its own (a failed save after an action).
  var notices: [OutputLine] = []
  /// Checkpoints of the whole device, oldest first, for `rewind`, `diff` and `checkpoints`.
  var checkpoints: [(name: String, device: DeviceState)] = []
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

  /// The checkpoints' names, for Tab after `rewind` and `diff`.
  public var completionContext: CompletionContext {
    CompletionContext(checkpointNames: checkpoints.map(\.name))
  }

  init(environment: SessionEnvironment, store: SimulatedAppStore, now: Int64) {
    self.environment = environment
    self.store = store
    self.now = now
    storage = FileSaveStorage(directory: environment.saveDirectory, rules: environment.rules)
  }

  /// Starts a session: opens the store's account in the save folder and launches the app, which
  /// loads the save or starts a new game. Returns the session and what the launch printed. With
  /// `launching` false the app stays closed (`--closed`, `--bundle`): `status` and `state --json`
  /// show the device before any recovery, and `launch` runs it.
  public static func start(_ environment: SessionEnvironment, launching: Bool = true) async throws(StartError)
    -> (
      Session, [OutputLine]
    )
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
    guard launching else { return (session, []) }
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

  public func execute(_ line: String) async -> [OutputLine] {
    var text = line.trimmingWhitespace
    // Lines pasted from a transcript: `> CMD` runs CMD, `# …` and the pasted output do nothing.
    switch PastedLine(text, inPastedBlock: inPastedBlock) {
    case .comment, .expectedOutput:
      return []
    case .empty:
      inPastedBlock = false
    case .command(let command):
      inPastedBlock = command != text
      text = command
    }
    var output: [OutputLine]
    if let waiting = question {
      question = nil
      output = await answer(waiting, with: text)
    } else if text.isEmpty {
      return []
    } else {
      output = await run(text)
    }
    output += notices
    notices = []
    output += await storeAftermath()
    if output.hasError { hadError = true }
    // `autoplay` is recorded as the ordinary commands it ran (each through this method), not itself.
    if let recorder, !text.lowercased().hasPrefix("record"), !text.lowercased().hasPrefix("autoplay") {
      try? recorder.record(command: text, output: output.texts)
    }
    return output
  }

  /// Parses the line into its command, then runs it.
  private func run(_ text: String) async -> [OutputLine] {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    let name = words[0].lowercased()
    guard let command = CommandRegistry.command(named: name) else {
      if ["y", "yes", "n", "no"].contains(name) {
        return [.error(.noQuestion(words[0]))]
      }
      return [.error(.unknownCommand(words[0], suggestion: CommandRegistry.suggestion(for: name)))]
    }
    await store.setClock(now)
    do {
      let lines = try await command.init(parsing: Array(words.dropFirst())).run(in: self)
      // A player's action goes in the log once done (not while it asks its question).
      if command is any PlayerActionCommand.Type, question == nil { remember(lines) }
      return lines
    } catch {
      return [.error(error)]
    }
  }

  /// The next line after a question: `y` or `yes` confirms, anything else cancels.
  private func answer(_ waiting: any PendingQuestion, with text: String) async -> [OutputLine] {
    guard ["y", "yes"].contains(text.lowercased()) else { return [.info("Cancelled; nothing changed.")] }
    do {
      let lines = try await waiting.confirmed(in: self)
      remember(lines)
      return lines
    } catch {
      return [.error(error)]
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

  /// Remembers event lines for `log`; errors are not events.
  func remember(_ lines: [OutputLine]) {
    let stamp = Rules.formatInstant(now)
    recentEvents += lines.compactMap { line in
      guard case .info(let text) = line else { return nil }
      return "\(stamp)  \(text)"
    }
    if recentEvents.count > 200 { recentEvents.removeFirst(recentEvents.count - 200) }
  }

  // MARK: - The app

  /// The running app, or the error for a command that needs it.
  func requireApp(_ command: String) throws(CommandError) -> AppModel {
    guard let app else { throw .appClosed(command: command) }
    return app
  }

  /// Runs a game command on the open app; returns the event it reported and the game after it.
  func perform(_ command: GameCommand, command name: String) async throws(CommandError) -> (
    event: GameEvent?, game: GameState
  ) {
    let app = try requireApp(name)
    do {
      // Player actions are saved at once; a failed save is reported after the command's lines.
      let (events, saveFailure) = try await app.act(command)
      if let saveFailure { notices.append(.error(.saveDuringLifecycle(saveFailure, then: .actionUnsaved))) }
      return (events.first, await app.game)
    } catch {
      throw .game(error)
    }
  }

  /// The app is gone without saving, and its save is deleted (`delete-app`, `new`); the App Store's
  /// account stays.
  func deleteApp() async {
    if let app {
      await app.terminate()
      self.app = nil
    }
    restoreInFlight = nil
    storage.delete()
  }

  /// Launches the app: load, recover the store, credit the absence.
  func launch(seed newSeed: UInt64? = nil, quietWhenNew: Bool = false) async -> [OutputLine] {
    await store.setClock(now)
    if let newSeed { seed = newSeed }
    let seed = seed
    let clock = now
    let rules = rules
    let store = store
    do {
      let (app, report) = try await AppModel.launch(
        at: now, rules: rules, storage: FaultySaveStorage(base: storage, faults: faults), store: store,
        verifier: TransactionVerifier(publicKey: store.publicKey), crashHook: faults.crashHook,
        newGame: { GameState(seed: seed, clock: clock, rules: rules) },
        settle: { app in await app.settle(sent: await store.updatesYielded()) })
      self.app = app
      var lines: [OutputLine] = []
      if let problem = report.unreadableSave {
        lines.append(.error(.saveDuringLifecycle(problem, then: .newGameStarted)))
      }
      if report.startedNewGame && !quietWhenNew {
        lines.append(.info("No save on this device: a new game starts at \(Text.instant(now))."))
      }
      lines += .info(report.storeEvents.map { Text.storeEvent($0, rules: rules) })
      if let absence = report.absence {
        lines += .info(Text.absence(absence, at: now, rules: rules))
      }
      remember(lines)
      return lines
    } catch {
      switch error {
      case .unsupportedSave(let problem):
        return [.error(.saveDuringLifecycle(problem, then: .appStaysClosed))]
      case .crashed(let crash):
        return .info(Text.crash(crash))
      }
    }
  }

  /// Closes the app, which saves.
  func close() async -> [OutputLine] {
    guard let app else { return [] }
    await app.settle(sent: await store.updatesYielded())
    let (events, saved) = await app.close()
    self.app = nil
    var closed = "Closed the app at \(Text.instant(now))."
    if events.contains(.closed(endedCurrent: true)) { closed += " The current ended." }
    var lines: [OutputLine]
    switch saved {
    case .success: lines = [.info(closed + " Saved.")]
    case .failure(let error):
      lines = [.info(closed), .error(.saveDuringLifecycle(error, then: .progressLost))]
    }
    remember(lines)
    return lines
  }

  /// After every line: updates that arrived are delivered, and a crash closes the app.
  private func storeAftermath() async -> [OutputLine] {
    guard let app else { return [] }
    await app.settle(sent: await store.updatesYielded())
    var lines = await deliveredLines()
    if await app.hasCrashed {
      if let crash = await app.crashReport { lines += .info(Text.crash(crash)) }
      await app.terminate()
      self.app = nil
    }
    remember(lines)
    return lines
  }

  /// What the app's delivery pipeline reported since it was last asked, one line each.
  func deliveredLines() async -> [OutputLine] {
    .info(await app?.drainJournal().map { Text.storeEvent($0, rules: rules) } ?? [])
  }

  /// The game as the app has it, or as the save on disk has it while the app is closed.
  func currentSave() async -> AppSave? {
    if let app { return await app.save }
    return try? storage.read()
  }
}
