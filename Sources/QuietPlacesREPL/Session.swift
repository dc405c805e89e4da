import FoundationEssentials
import QuietPlacesAppStore
import QuietPlacesDevice
import QuietPlacesGame
import QuietPlacesInvariants
import QuietPlacesStore
import QuietPlacesUtilities

/// One REPL session: a simulated ``Device`` and what the REPL keeps around it. Lines go in, printed
/// lines come out; the engine never prints.
///
/// The device is the game, the app, the simulated App Store, the one clock, the faults and the save
/// folder; commands change it only through its verbs. The session keeps the REPL's own concerns:
/// the question waiting for an answer, notices to print after a command, checkpoints, the
/// recording, the event log. What a command does, and how it says so, lives in the command's file.
public final class Session: LineInterpreter {
  let environment: SessionEnvironment
  /// The device the session plays.
  public let device: Device
  var rules: Rules { device.rules }
  /// A question waiting for the next line.
  var question: (any PendingQuestion)?
  /// Whether the lines read are a pasted transcript's: after a `> CMD` line, until an empty line.
  var inPastedBlock = false
  /// Lines a command's work left to print after its own (a failed save after an action).
  var notices: [OutputLine] = []
  /// Checkpoints of the whole device, oldest first, for `rewind`, `diff` and `checkpoints`.
  var checkpoints: [Checkpoint] = []
  /// Whether the user asked to stop the command that runs (Ctrl-C on a terminal); a command that
  /// can stop part-way (`autoplay`) asks between its steps.
  var stopRequested: () -> Bool = { false }
  /// Shows how far a long command got, on a terminal only (``LineInput/showProgress(_:)``); `nil`
  /// clears it.
  var showProgress: (String?) -> Void = { _ in }
  /// How long a command runs before it shows its progress (so that a quick one shows none), and
  /// how often the progress is shown again after that.
  var progressDelay: Duration = .milliseconds(500)
  var progressInterval: Duration = .milliseconds(250)
  /// The transcript being recorded, if any.
  var recorder: TranscriptRecorder?
  /// The recorder's path as the user gave it.
  var recordingPath: String?
  /// The files this session wrote, by the path a command gave and where each went: a file written
  /// under a name is the one that name reads back (`save x.json`, then `load x.json`).
  var writtenFiles: [String: URL] = [:]
  /// Recent events, newest last, for `log`: each with the device clock it happened at, or none
  /// when it came already written (from a bundle's log or a checkpoint). Written only when read.
  var loggedEvents: [(at: Int64?, text: String)] = []
  /// Recent events, newest last, as `log` prints them.
  var recentEvents: [String] {
    get { loggedEvents.map { event in (event.at.map { "\(Rules.formatInstant($0))  " } ?? "") + event.text } }
    set { loggedEvents = newValue.map { (nil, $0) } }
  }
  public private(set) var hadError = false
  /// Set by `quit`: the caller should stop reading.
  public private(set) var wantsToQuit = false
  /// What the lines being run did, as the invariant checker needs it, innermost last: `autoplay`
  /// runs ordinary lines inside its own, each a step of its own.
  var stepFrames: [StepRecord] = []
  /// What the line that finished last did.
  var finishedStep = StepRecord(line: "")
  /// The invariants' checker, once checking began (every session but a replay's checks itself).
  public private(set) var checker: InvariantChecker?
  /// The device as the last line left it.
  var lastInspection: DeviceInspection?
  /// What the last line broke, as the checker saw it step by step.
  public private(set) var lastBreaks: [InvariantBreak] = []
  /// The lines run since checking began, for `determinism`'s replay.
  private(set) var played: [PlayedLine] = []
  /// The files the line being run read (`load`), in order, for its entry in ``played``.
  var filesRead: [Data] = []
  /// In a replay, the files the replayed lines read when they were played, in order: a replay reads
  /// these instead of the disk, where the file may have changed since.
  var filesToReplay: [Data] = []
  /// The device when checking began, where a replay starts.
  var startSnapshot: DeviceSnapshot?
  /// Makes the devices replays run on (in memory, with a key of their own), once one is asked for.
  var replayFactory: DeviceFactory?
  /// Whether the device is still as a fresh engine starts it: launched on a save folder without a
  /// save, and no command run since. A recording started then needs no bundle.
  var isPristine = false

  /// The device under a name, with the event log as it stood.
  struct Checkpoint {
    var name: String
    var device: DeviceSnapshot
    var log: [String]
  }

  /// Whether a question waits: the next line is its answer, whatever it says.
  public var isAskingQuestion: Bool { question != nil }

  public var prompt: String { isAskingQuestion ? "? " : "qp> " }

  /// The checkpoints' names, for Tab after `rewind` and `diff`.
  public var completionContext: CompletionContext {
    CompletionContext(checkpointNames: checkpoints.map(\.name))
  }

  init(environment: SessionEnvironment, device: Device) {
    self.environment = environment
    self.device = device
  }

  /// Starts a session: opens the device in the save folder (its App Store account, its save, its
  /// clock) and launches the app, which loads the save or starts a new game. Returns the session and
  /// what the launch printed. With `launching` false the app stays closed (`--closed`, `--bundle`):
  /// `status` and `state --json` show the device before any recovery, and `launch` runs it.
  public static func start(_ environment: SessionEnvironment, launching: Bool = true) async throws(StartError)
    -> (
      Session, [OutputLine]
    )
  {
    // Nothing in the save folder but its lock, before the device makes its files: the launch starts
    // what a fresh engine starts.
    let contents =
      (try? FileManager.default.contentsOfDirectory(atPath: environment.saveDirectory.path)) ?? []
    let fresh = contents.allSatisfy { $0 == SaveFolderLock.fileName }
    let device: Device
    do {
      device = try DeviceFactory(
        DeviceConfiguration(
          rules: environment.rules, storeKit: environment.storeKit,
          storage: .folder(environment.saveDirectory))
      ).makeDevice()
    } catch {
      switch error {
      case .store(let error): throw .store(error)
      default: throw .saveFolder(environment.saveDirectory.path)
      }
    }
    let session = Session(environment: environment, device: device)
    guard launching else {
      await session.beginChecking()
      return (session, [])
    }
    session.isPristine = fresh
    let lines = await LaunchCommand.launch(in: session, quietWhenNew: true)
    await session.beginChecking()
    return (session, lines)
  }

  /// A session on a fresh `device` (in memory, as the explorer plays), as `new` leaves one: the app
  /// launched and its new game saved at once; checking itself from there. `factory` makes the
  /// devices its replays run on; by default one is made when first needed.
  public static func playing(
    _ device: Device, environment: SessionEnvironment, replaysOn factory: DeviceFactory? = nil
  ) async -> (Session, [OutputLine]) {
    let session = Session(environment: environment, device: device)
    session.replayFactory = factory
    let lines = await LaunchCommand.launch(in: session, quietWhenNew: true)
    try? await device.saveNow()
    await session.beginChecking()
    return (session, lines)
  }

  /// Starts checking the invariants from the device as it stands.
  func beginChecking() async {
    let start = await device.inspect()
    checker = InvariantChecker(rules: device.configuration.rules, start: start)
    lastInspection = start
    startSnapshot = try? await device.snapshot()
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

  /// How ``execute(_:)`` would read `line` now: a command, a comment, an empty line, or a line of a
  /// pasted command's expected output (which is skipped).
  public func pastedLine(_ line: String) -> PastedLine {
    PastedLine(line.trimmingWhitespace, inPastedBlock: inPastedBlock, asking: question != nil)
  }

  public func execute(_ line: String) async -> [OutputLine] {
    // Refused before anything reads it: a waiting question still waits, and nothing is recorded.
    guard !InputLimit.refuses(line) else {
      hadError = true
      return [.error(.lineTooLong(limit: InputLimit.maximumBytes))]
    }
    var text = line.trimmingWhitespace
    // Lines pasted from a transcript: `> CMD` runs CMD, `# …` and the pasted output do nothing.
    switch PastedLine(text, inPastedBlock: inPastedBlock, asking: question != nil) {
    case .comment, .expectedOutput:
      return []
    case .empty:
      inPastedBlock = false
      text = ""
    case .command(let command):
      inPastedBlock = command != text
      text = command
    }
    var output: [OutputLine]
    var recorded = true
    if question == nil && text.isEmpty { return [] }
    stepFrames.append(StepRecord(line: text))
    filesRead = []
    let isAnswer = question != nil
    if let waiting = question {
      question = nil
      output = await answer(waiting, with: text)
    } else {
      (output, recorded) = await run(text)
      isPristine = false
    }
    output += notices
    notices = []
    output += await storeAftermath()
    if output.hasError { hadError = true }
    if let recorder, recorded {
      do {
        try recorder.record(command: text, output: output.texts.filter { !environmentLines.contains($0) })
      } catch {
        // The recording ends at the first failed write, and the command that could not be
        // recorded counts as failed: a transcript cut short is never mistaken for a whole one.
        output.append(.error(.recordingFailed(path: recordingPath ?? error.path, reason: error.reason)))
        hadError = true
        self.recorder = nil
        recordingPath = nil
      }
    }
    await recordStep(stepFrames.removeLast(), replayed: recorded, answer: isAnswer)
    return output
  }

  /// The lines `status` adds that name this session's configuration and save folder: a recording
  /// leaves them out of its blocks (the session `quietplaces test` gives a script has none, so a
  /// recording with a `status` would otherwise never pass) and says them once in its header.
  var environmentLines: [String] {
    [environment.provenance?.line, environment.saveFolder?.line].compactMap { $0 }
  }

  /// The StoreKit file the session reads in place of the Configuration's own (`--storekit FILE`),
  /// as given, with its fingerprint.
  var storeKitOverride: (file: String, fingerprint: String)? {
    environment.provenance?.givenStoreKit.map { ($0.file, $0.value) }
  }

  /// The options a recording is run with to replay as it was recorded: `--storekit FILE ` when the
  /// session read another StoreKit file, else nothing.
  var recordedOptions: String {
    storeKitOverride.map { "--storekit \($0.file) " } ?? ""
  }

  /// The header lines of a recording that say which configuration and save folder it was recorded
  /// under, and that `status`'s lines naming them are left out below; recorded under another
  /// StoreKit file, a `# requires:` line, so that a run on the Configuration's own skips it, saying
  /// why, rather than failing at the first price.
  var recordedEnvironment: [String] {
    let lines = environmentLines
    guard !lines.isEmpty else { return [] }
    return (storeKitOverride.map { ["# requires: storekit \($0.fingerprint)"] } ?? [])
      + lines.map { "# \($0)" }
      + [
        "# status prints these; they are left out below (quietplaces test runs a script in a session of its own)"
      ]
  }

  /// What the line being run did so far; commands fill it in.
  var step: StepRecord {
    get { stepFrames.last ?? finishedStep }
    set {
      if stepFrames.isEmpty { finishedStep = newValue } else { stepFrames[stepFrames.count - 1] = newValue }
    }
  }

  /// Hands a step just run to the checker, with the device before and after it; a line that a
  /// recording holds (not `autoplay`, whose lines are steps of their own) is kept for a replay.
  private func recordStep(_ finished: StepRecord, replayed: Bool, answer: Bool) async {
    finishedStep = finished
    guard let checker, let before = lastInspection else { return }
    let after = await device.inspect()
    lastBreaks = checker.record(finished, before: before, after: after)
    lastInspection = after
    if replayed { played.append(PlayedLine(line: finished.line, answer: answer, filesRead: filesRead)) }
  }

  /// Parses the line into its command, then runs it; also whether the line goes in a recording.
  private func run(_ text: String) async -> (lines: [OutputLine], recorded: Bool) {
    let words = CommandWords.split(text).map(String.init)
    let name = words[0].lowercased()
    guard let command = CommandRegistry.command(named: name) else {
      step.refused = true
      if ["y", "yes", "n", "no"].contains(name) {
        return ([.error(.noQuestion(words[0]))], true)
      }
      if let meant = UnknownLine.error(words: words, text: text) { return ([.error(meant)], true) }
      return ([.error(.unknownCommand(words[0], suggestion: CommandRegistry.suggestion(for: name)))], true)
    }
    do {
      let lines = try await command.init(parsing: Array(words.dropFirst())).run(in: self)
      // A player's action goes in the log once done (not while it asks its question).
      if command is any PlayerActionCommand.Type, question == nil { remember(lines) }
      return (lines, command.isRecorded)
    } catch {
      step.refused = true
      return ([.error(error)], command.isRecorded)
    }
  }

  /// The next line after a question: `y` or `yes` confirms, anything else cancels. A command
  /// given as the answer (`buy charts`) cancels too, and is said not to have run: typed while the
  /// question waited, it would otherwise look done.
  private func answer(_ waiting: any PendingQuestion, with text: String) async -> [OutputLine] {
    guard ["y", "yes"].contains(text.lowercased()) else {
      let cancelled = OutputLine.info("Cancelled; nothing changed.")
      let name = CommandWords.split(text).first.map { $0.lowercased() } ?? ""
      guard CommandRegistry.command(named: name) != nil else { return [cancelled] }
      return [
        cancelled,
        .info(
          "warning: '\(text.fromOutside)' is a command, taken here as the answer (anything but y or "
            + "yes cancels), so it did not run; type it again to run it"),
      ]
    }
    do {
      let lines = try await waiting.confirmed(in: self)
      remember(lines)
      return lines
    } catch {
      step.refused = true
      return [.error(error)]
    }
  }

  /// Ends the session: the app closes, which saves, and the clock is kept. Returns nothing when
  /// that went well, else the close's lines with an error for each failed write, so the actions
  /// since the last save do not vanish silently.
  @discardableResult
  public func finish() async -> [OutputLine] {
    if question != nil { question = nil }
    var lines = await CloseCommand.close(in: self)
    if let reason = await device.shutDown() {
      lines.append(
        .error(
          .file(
            path: Device.clockFileName,
            reason: "not written (\(reason)); the next start resumes at the save's time")))
    }
    try? recorder?.stop()
    recorder = nil
    return lines.hasError ? lines : []
  }

  /// Marks the session as leaving.
  func quit() { wantsToQuit = true }

  /// Remembers event lines for `log`; errors are not events.
  func remember(_ lines: [OutputLine]) {
    let now = device.now
    for case .info(let text) in lines { loggedEvents.append((now, text)) }
    if loggedEvents.count > 200 { loggedEvents.removeFirst(loggedEvents.count - 200) }
  }

  // MARK: - The app

  /// The error for a command that needs the app open, if it is closed.
  func requireOpen(_ command: String) throws(CommandError) {
    guard device.isOpen else { throw .appClosed(command: command) }
  }

  /// Runs a player's action on the open app; returns the event it reported and the game after it.
  func perform(_ command: GameCommand, command name: String) async throws(CommandError) -> (
    event: GameEvent?, game: GameState
  ) {
    try requireOpen(name)
    let acted: Device.Acted
    do {
      acted = try await device.act(command)
    } catch {
      throw CommandError(error, command: name)
    }
    // Player actions are saved at once; a failed save is reported after the command's lines.
    if let failure = acted.saveFailure {
      notices.append(.error(.saveDuringLifecycle(failure, then: .actionUnsaved)))
    }
    return (acted.events.first, acted.game)
  }

  /// After every line: updates that arrived are delivered, and a crash closes the app.
  private func storeAftermath() async -> [OutputLine] {
    guard device.isOpen else { return [] }
    let settled = await device.settle()
    var lines = storeLines(settled.events)
    if let crash = settled.crash { lines += .info(Text.crash(crash)) }
    remember(lines)
    return lines
  }

  /// What the app's delivery pipeline reported, one line each.
  func storeLines(_ events: [StoreEvent]) -> [OutputLine] {
    step.storeEvents += events
    return .info(events.map { Text.storeEvent($0, rules: rules) })
  }

  /// The whole device as it stands, for `checkpoint`, `diff`, `bundle` and `record`.
  func snapshot(for command: String) async throws(CommandError) -> DeviceSnapshot {
    do {
      return try await device.snapshot()
    } catch {
      throw CommandError(error, command: command)
    }
  }

  /// Puts the whole device back as `snapshot` holds it, with the event log `log`; the question
  /// waiting, if any, is dropped.
  func restore(_ snapshot: DeviceSnapshot, log: [String], for command: String) async throws(CommandError) {
    do {
      try await device.restore(from: snapshot)
    } catch {
      throw CommandError(error, command: command)
    }
    question = nil
    recentEvents = log
  }
}
