import FoundationEssentials
import QuietPlacesDevice
import QuietPlacesGame
import QuietPlacesInvariants
import QuietPlacesStore
import QuietPlacesUtilities

/// How a session checks itself: the invariants on its device, a studio's expressions over
/// `state --json`, and the replay `determinism` compares with.
extension Session {
  /// The first words of lines a replay leaves out: they write files or only look (`check`), and
  /// change nothing on the device.
  static let notReplayed: Set<String> = ["record", "bundle", "check", "quit", "exit"]

  /// Checks `invariants` on the device as the last line left it, with what the lines so far broke.
  public func check(_ invariants: [Invariant] = Invariant.allCases) async -> [InvariantBreak] {
    guard let checker else { return [] }
    let inspection: DeviceInspection
    if let lastInspection {
      inspection = lastInspection
    } else {
      inspection = await device.inspect()
    }
    return await checker.check(invariants, on: inspection, device: device) { [self] in await replay() }
  }

  /// The invariants a save shows by itself, whatever came before it: its Postmarks against its
  /// audit, its pack grants against its ledger (not against this balance's pack sizes, which may
  /// not be those it was granted under), its amounts and levels, and its clock against the
  /// device's (a bundle's running game at another time than the device, the save on disk after it).
  static let readFromSave: [Invariant] = [.exactlyOnce, .postmarksLedger, .gameValues, .clockMonotonic]

  /// One `warning:` line for each invariant of ``readFromSave`` the save just loaded from `path`
  /// breaks (a hand-edited save, or one a defect wrote): the file is loaded all the same, as the
  /// player's device holds it, and said to be wrong where the user looks rather than only when
  /// `check` runs.
  func loadedSaveWarnings(_ path: String) async -> [String] {
    let inspection = await device.inspect()
    let checker = InvariantChecker(rules: device.configuration.rules, start: inspection)
    // A pack granted under another balance than this one is no fault of the file's.
    checker.comparesPackSizes = false
    return await checker.check(Self.readFromSave, on: inspection, device: device).map {
      "warning: \(path.fromOutside) breaks invariant \($0.name): expected \($0.expected), found \($0.found); "
        + "it is loaded as it is (check shows it)"
    }
  }

  /// What `check` prints when every one of `invariants` holds.
  public static func allHold(_ invariants: [Invariant]) -> [String] { CheckCommand.allHold(invariants) }

  /// The device as the last line left it, as the checker read it.
  public var inspection: DeviceInspection? { lastInspection }

  /// What the last line did, as the checker saw it.
  public var lastStep: StepRecord { finishedStep }

  /// The state as `state --json` shows it.
  public func stateJSON() async -> JSONValue {
    let save =
      await device.currentSave()
      ?? AppSave(game: GameState(seed: device.seed, clock: device.now, rules: rules))
    let snapshot = await device.storeSnapshot()
    let state = StateJSON(
      save: save, open: device.isOpen, now: device.now,
      unfinished: snapshot.transactions.filter { !$0.finished }.map(\.id),
      storefront: snapshot.settings.storefront.rawValue, rules: rules,
      balanceChanges: device.changedRules?.changes ?? [])
    return (try? JSONValue(parsing: state.line())) ?? .object(JSONObject())
  }

  /// Every line run since checking began, replayed on a fresh device in memory from where checking
  /// began; the device it ends as, or `nil` when there is nothing to replay from.
  func replay() async -> DeviceSnapshot? {
    guard let startSnapshot else { return nil }
    let factory: DeviceFactory
    do {
      factory =
        try replayFactory
        ?? DeviceFactory(
          DeviceConfiguration(
            rules: device.configuration.rules, storeKit: environment.storeKit, storage: .memory))
    } catch {
      return nil
    }
    replayFactory = factory
    guard let device = try? factory.makeDevice(), (try? await device.restore(from: startSnapshot)) != nil
    else {
      return nil
    }
    let replaying = Session(environment: environment, device: device)
    // A line that answered a question is replayed as that answer, whatever it says (`check` at a
    // question cancels it there too); a file a line read is read as it was then.
    for entry in played where entry.answer || Self.isReplayed(entry.line) {
      replaying.filesToReplay = entry.filesRead
      _ = await replaying.execute(entry.line)
    }
    let end = try? await device.snapshot()
    await replaying.finish()
    return end
  }

  /// Whether a replay runs the line: every line but those that write a file or only look.
  static func isReplayed(_ line: String) -> Bool {
    let words = CommandWords.split(line)
    guard let first = words.first?.lowercased() else { return true }
    if first == "save" { return words.count == 1 }
    return !notReplayed.contains(first)
  }
}

/// A line run since checking began, as a replay runs it again.
struct PlayedLine: Sendable {
  /// The line, as run.
  var line: String
  /// Whether it answered a question (then it is replayed whatever its words).
  var answer: Bool
  /// The files it read (`load`), in order, as they were then.
  var filesRead: [Data]
}
