import FoundationEssentials
import QuietPlacesAppStore
import QuietPlacesGame
import QuietPlacesJWS
import QuietPlacesStore
import QuietPlacesStoreKit
import QuietPlacesUtilities

/// One simulated device: the app (``AppModel``, which holds the game), the simulated App Store, the
/// one clock, the faults a tester arms, and the storage of the save (a folder, or memory).
///
/// Whatever plays the game — the REPL, the lab, a checkpoint, a bundle — plays a `Device`, made by
/// ``DeviceFactory``; nothing else assembles the app. Its methods are the device's verbs: time
/// passes (``advance(by:)``), the app closes and launches, the player acts and buys, the App Store's
/// controls change the account, and the whole device is kept and put back (``snapshot()``,
/// ``restore(from:)``). They answer with typed results; whoever drives the device words them.
///
/// The clock moves only by ``advance(by:)``, ``newGame(seed:storefront:)``, ``replaceGame(with:)``
/// and ``restore(from:)``; the App Store's clock follows it, set here alone, before anything asks
/// the store (a step that only sails never waits for the store).
public final class Device {
  /// The App Store account's file in a device's folder.
  public static let accountFileName = "appstore-account.json"
  /// Where the clock is kept between runs, in a device's folder.
  public static let clockFileName = "device-clock"

  /// What the device was made from.
  public let configuration: DeviceConfiguration
  /// The rules the game plays under: the configuration's, or those a new game or a snapshot put in
  /// their place (``changedRules``).
  public private(set) var rules: Rules
  /// The rules in place of the configuration's, with the changes that made them; `nil` when the game
  /// plays under the configuration's own.
  public private(set) var changedRules: ChangedRules?
  /// The simulated now, in seconds since 1970.
  public private(set) var now: Int64
  /// The seed of the new game a launch without a save starts.
  public private(set) var seed: UInt64
  /// What replaced the device's history from outside the app's own flow, counted: a checker that
  /// keeps history starts afresh when one moves.
  public private(set) var epochs = DeviceEpochs()

  private let faults = AppFaults()
  /// The save's storage, as the device keeps it (the app writes through the faults in front of it).
  private var storage: any SaveStorage {
    didSet { files = storage as? FileSaveStorage }
  }
  /// The storage when it is a folder's file, found once (every inspection asks).
  private var files: FileSaveStorage?
  /// The folder the device lives in, or `nil` in memory.
  private let folder: URL?
  private var store: SimulatedAppStore
  /// The app's check of the store's signatures, which keeps the tokens that verified; a new store
  /// (a new account, a restored one) brings a new one.
  private var verifier: TransactionVerifier
  /// The time the App Store's clock was last set to, or `nil` when it has not been set.
  private var storeClock: Int64?
  /// The running app, or `nil` while it is closed.
  private var app: AppModel?
  /// Whether a player's action's save waits for the disk (``setActionSavesFlushed(_:)``).
  private var actionSavesFlushed = true
  /// A restore that has not finished (it may wait for the store's `continue`).
  private var restoreInFlight: RestoreProgress?

  private init(
    configuration: DeviceConfiguration, store: SimulatedAppStore, storage: any SaveStorage, folder: URL?,
    now: Int64, verifier: TransactionVerifier? = nil
  ) {
    self.configuration = configuration
    rules = configuration.rules
    seed = configuration.seed
    self.store = store
    // A verifier shared with other devices of the same key keeps what any of them verified.
    if let verifier, verifier.publicKey == store.publicKey {
      self.verifier = verifier
    } else {
      self.verifier = TransactionVerifier(publicKey: store.publicKey)
    }
    self.storage = storage
    files = storage as? FileSaveStorage
    self.folder = folder
    self.now = now
  }

  /// The device kept in `folder`: its App Store account (a new one when there is none), its save,
  /// and its clock where it was left: the later of the save's time and the time the last run ended.
  static func open(
    folder: URL, configuration: DeviceConfiguration, catalogue: StoreCatalogue
  ) throws(DeviceError) -> Device {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw .folder(path: folder.path)
    }
    let accountFile = folder.appendingPathComponent(accountFileName)
    let store: SimulatedAppStore
    do {
      if let storefront = configuration.storefront, !FileManager.default.fileExists(atPath: accountFile.path)
      {
        store = try SimulatedAppStore(
          catalogue: catalogue,
          account: try SimulatedAppStore.newAccount(catalogue: catalogue, storefront: storefront),
          accountFile: accountFile)
      } else {
        store = try SimulatedAppStore(catalogue: catalogue, accountFile: accountFile)
      }
    } catch {
      throw .store(error)
    }
    let rules = configuration.rules
    let storage = FileSaveStorage(directory: folder, rules: rules)
    // Peeking at the save has no side effect; the launch reads it for real (and reports a save it
    // cannot read).
    var now = rules.startClock
    if let data = try? FileBytes.read(storage.url, atMost: FileSaveStorage.maximumFileSize),
      let saved = try? SaveCodec.decode(data, file: FileSaveStorage.fileName, rules: rules)
    {
      now = saved.game.clock
    }
    if let data = try? FileBytes.read(folder.appendingPathComponent(clockFileName), atMost: 64),
      let last = Int64(String(decoding: data, as: UTF8.self).trimmingWhitespace),
      (now...GameState.latestClock).contains(last)
    {
      now = last
    }
    return Device(configuration: configuration, store: store, storage: storage, folder: folder, now: now)
  }

  /// A device in memory at the balance's start instant, no save, its App Store account `account`
  /// (whose signing key, already parsed, is `key`).
  static func fresh(
    configuration: DeviceConfiguration, catalogue: StoreCatalogue, account: StoreAccount,
    key: ES256PrivateKey,
    shared: DeviceFactory.Shared
  ) throws(DeviceError) -> Device {
    let store: SimulatedAppStore
    do {
      store = try SimulatedAppStore(
        catalogue: catalogue, account: account, signingKey: key, sharedTokens: shared.tokens)
    } catch {
      throw .store(error)
    }
    return Device(
      configuration: configuration, store: store, storage: MemorySaveStorage(), folder: nil,
      now: configuration.rules.startClock, verifier: shared.verifier)
  }

  // MARK: - What the device shows

  /// Whether the app is open.
  public var isOpen: Bool { app != nil }

  /// The products the App Store sells, with its storefronts and price formats.
  public var catalogue: StoreCatalogue { store.catalogue }

  /// The faults armed now.
  public var armedFaults: AppFaults.Setting { faults.setting }

  /// Whether a restore waits for the store's `continue`.
  public var isRestoring: Bool { restoreInFlight != nil }

  /// The game as the open app has it, or `nil` while the app is closed.
  public var game: GameState? {
    get async { await app?.game }
  }

  /// The game as the app has it, or as the storage holds it while the app is closed (a save that
  /// does not read is none). A save written while the app was open (it died without closing) is
  /// shown as the next launch reads it: closed, so its current has ended (no current runs while the
  /// app is closed).
  public func currentSave() async -> AppSave? {
    if let app { return await app.save }
    return (try? storage.read())?.asTheNextLaunchReadsIt(rules: rules)
  }

  /// Whether the open app's restore waits for `store continue` (a restore lives in the app that
  /// started it, so closing or deleting the app ends it).
  public func isRestoreWaiting() async -> Bool {
    guard app != nil else { return false }
    return await store.isRestoreWaiting
  }

  /// Everything the App Store holds now.
  public func storeSnapshot() async -> AppStoreSnapshot {
    await setStoreClock()
    return await store.snapshot()
  }

  /// The App Store's whole account.
  public func account() async -> StoreAccount {
    await store.exportAccount()
  }

  // MARK: - Time and the app's life

  /// What time passing did.
  public enum Advanced: Sendable, Equatable {
    /// The app is closed: only the clock moved.
    case clockMoved
    /// The app is open: the ship sailed (the game's report, if it made one) to this game.
    case sailed(GameEvent?, GameState)
  }

  /// Refuses a duration time cannot pass by: not from 1 second to 100 years, or beyond the last
  /// instant a save holds. A verb that passes time among other steps (an absence) asks this first,
  /// so a refusal changes nothing.
  public func checkAdvance(by seconds: Int64) throws(DeviceError) {
    try Self.checkAdvance(by: seconds, at: now)
  }

  /// ``checkAdvance(by:)`` with the clock at `now`.
  static func checkAdvance(by seconds: Int64, at now: Int64) throws(DeviceError) {
    guard seconds >= 1, seconds <= maximumAdvanceSeconds else {
      throw .game(.invalidDuration(seconds: seconds))
    }
    guard now <= GameState.latestClock - seconds else {
      throw .game(.beyondLastInstant(latest: GameState.latestClock))
    }
  }

  /// Time passes: the ship sails while the app is open; only the clock moves while it is closed.
  public func advance(by seconds: Int64) async throws(DeviceError) -> Advanced {
    try checkAdvance(by: seconds)
    guard let app else {
      now += seconds
      return .clockMoved
    }
    let events: [GameEvent]
    do {
      events = try await app.act(.advance(seconds: seconds)).events
    } catch {
      throw .game(error)
    }
    now += seconds
    return .sailed(events.first, await app.game)
  }

  /// What a player's action did.
  public struct Acted: Sendable {
    /// The game's events.
    public var events: [GameEvent]
    /// The game after it.
    public var game: GameState
    /// The save after the action failed: the action stands in memory until the next save.
    public var saveFailure: SaveError?
  }

  /// A player's action on the open app (an upgrade, a hire, a charter, supplies, a colour, a
  /// prestige, a fresh voyage), which the app saves at once. Time, closing and launching are the
  /// device's own verbs.
  public func act(_ command: GameCommand) async throws(DeviceError) -> Acted {
    precondition(command.isPlayerAction, "time, close and launch are the device's own verbs")
    guard let app else { throw .appClosed }
    do {
      let (events, saveFailure) = try await app.act(command, flushed: actionSavesFlushed)
      return Acted(events: events, game: await app.game, saveFailure: saveFailure)
    } catch {
      throw .game(error)
    }
  }

  /// Whether a player's action's save waits for the disk to hold it, as by default, or (`false`,
  /// for actions played in bulk, as `autoplay` plays them) only replaces the save file as one step:
  /// a process killed at any instant still finds the last action's save, a machine losing its power
  /// may not. Set back to `true`, the save is flushed, and a failure to flush is answered. Every
  /// other save (a delivery's before its `finish()`, the close's, a new game's) always waits.
  @discardableResult
  public func setActionSavesFlushed(_ flushed: Bool) -> SaveError? {
    actionSavesFlushed = flushed
    guard flushed else { return nil }
    do {
      try storage.flush()
      return nil
    } catch {
      return error
    }
  }

  /// Plays `body` in one visit to the open app: a stretch of
  /// the player's own steps (actions and open sailing, through ``OpenApp``) without a hop to the app
  /// for each, as a driver that owns the device (the lab) plays them. Nothing else runs on the app
  /// meanwhile; the device's clock is where the stretch's sailing left it.
  /// `state` is the driver's own, handed to `body` to change in place. Returns false, having done
  /// nothing, while the app is closed.
  public func whileOpen<State: Sendable, Failure: Error>(
    _ state: inout State,
    _ body: @Sendable (isolated AppModel, inout OpenApp, inout State) throws(Failure) -> Void
  ) async throws(Failure) -> Bool {
    guard let app else { return false }
    var open = OpenApp(now: now)
    defer { now = open.now }
    try await body(app, &open, &state)
    return true
  }

  /// The open app's clock during ``whileOpen(_:)``: its verbs are ``perform(_:on:)`` and
  /// ``sail(by:on:)``, a player's action and open sailing done as the device does them, without
  /// leaving the app.
  public struct OpenApp: Sendable {
    /// The simulated now, in seconds since 1970.
    public private(set) var now: Int64

    /// A player's action, saved at once, as ``Device/act(_:)`` does it, for a driver that reads only
    /// the game after it (the lab): the game and the save's failure, with no events kept.
    public func perform(_ command: GameCommand, on app: isolated AppModel) throws(DeviceError) -> (
      game: GameState, saveFailure: SaveError?
    ) {
      precondition(command.isPlayerAction, "time, close and launch are the device's own verbs")
      let saveFailure: SaveError?
      do {
        saveFailure = try app.act(command).saveFailure
      } catch {
        throw .game(error)
      }
      return (app.game, saveFailure)
    }

    /// Open sailing, as ``Device/advance(by:)`` does it while the app is open, for a driver that reads
    /// only the game after it (the lab): no report of the sailing is made.
    public mutating func sail(by seconds: Int64, on app: isolated AppModel) throws(DeviceError) -> GameState {
      try Device.checkAdvance(by: seconds, at: now)
      do {
        try app.sail(seconds: seconds)
      } catch {
        throw .game(error)
      }
      now += seconds
      return app.game
    }
  }

  /// What a launch, a resume and a restore wait for: every update `store` has sent to the app gone
  /// through its pipeline.
  private static func settlingUpdates(of store: SimulatedAppStore) -> @Sendable (AppModel) async -> Void {
    { app in await app.settle(sent: await store.updatesYielded()) }
  }

  /// Closes the app once the updates that arrived are delivered; it saves, and any current ends.
  /// Returns the game's events and how the save went, or `nil` when the app was closed.
  public func close() async -> (events: [GameEvent], saved: Result<Void, SaveError>)? {
    guard let app else { return nil }
    await app.settle(sent: await store.updatesYielded())
    let closed = await app.close()
    self.app = nil
    await endRestore()
    return closed
  }

  /// A restore the app started ends with it: its sync completes, and the app that is gone writes
  /// nothing. Left waiting, it would be the oldest the store's `continue` resumes, ahead of the
  /// next app's own.
  private func endRestore() async {
    guard let progress = restoreInFlight else { return }
    try? await store.continueRestore()
    _ = await progress.outcome()
    restoreInFlight = nil
  }

  /// Launches the app: it loads the save (or starts a new game with ``seed``), recovers the
  /// store's transactions and credits the absence.
  public func launch() async throws(DeviceError) -> LaunchReport {
    guard app == nil else { throw .appOpen }
    await setStoreClock()
    let seed = seed
    let clock = now
    let rules = rules
    let store = store
    do {
      let (app, report) = try await AppModel.launch(
        at: now, rules: rules, storage: FaultySaveStorage(base: storage, faults: faults), store: store,
        verifier: verifier, crashHook: faults.crashHook,
        newGame: { GameState(seed: seed, clock: clock, rules: rules) },
        settle: Self.settlingUpdates(of: store))
      self.app = app
      return report
    } catch {
      throw .launch(error)
    }
  }

  /// What a new game found and did.
  public struct NewGame: Sendable {
    /// The launch that started it.
    public var launch: Result<LaunchReport, DeviceError>
    /// The new game's first save failed.
    public var saveFailure: SaveError?
  }

  /// A fresh game and a fresh App Store account: the app and its save go, the account starts
  /// afresh (with a new key, in `storefront` or the configuration's default), the clock goes back
  /// to the balance's start, and a new game with `seed` launches and is saved at once (so a crash
  /// right after finds it).
  ///
  /// The new account is made and written first: when that fails (a storefront the store does not
  /// have, a folder that cannot be written), the running app, its save and the account stay.
  ///
  /// The new game plays under `changedRules` (`nil`: the configuration's rules), until the next new
  /// game or a snapshot put back.
  public func newGame(seed: UInt64, storefront: Storefront?, changedRules: ChangedRules? = nil)
    async throws(DeviceError) -> NewGame
  {
    let fresh: SimulatedAppStore
    do {
      let account = try SimulatedAppStore.newAccount(catalogue: store.catalogue, storefront: storefront)
      fresh = try SimulatedAppStore(
        catalogue: store.catalogue, account: account,
        accountFile: folder?.appendingPathComponent(Self.accountFileName))
    } catch {
      throw .store(error)
    }
    do {
      try await deleteApp()
    } catch {
      // The old account goes back in its file, so the device stands as it stood.
      _ = try? SimulatedAppStore(
        catalogue: store.catalogue, account: await store.exportAccount(),
        accountFile: folder?.appendingPathComponent(Self.accountFileName))
      throw error
    }
    adopt(fresh)
    play(under: changedRules)
    now = rules.startClock
    epochs.clock += 1
    epochs.account += 1
    self.seed = seed
    let launched: Result<LaunchReport, DeviceError>
    do {
      launched = .success(try await launch())
    } catch {
      launched = .failure(error)
    }
    return NewGame(launch: launched, saveFailure: await app?.saveNewGame())
  }

  /// The app is gone without saving, and its save is deleted; the App Store's account stays.
  /// The save is deleted first: when it cannot be, nothing changes (the app keeps running).
  public func deleteApp() async throws(DeviceError) {
    do {
      try storage.delete()
    } catch {
      throw .save(error)
    }
    if let app {
      await app.terminate()
      self.app = nil
    }
    await endRestore()
    epochs.save += 1
  }

  /// What the app did since the last verb: updates that arrived are delivered first. A crash at an
  /// armed point closes the app.
  public struct Settled: Sendable {
    /// What the delivery pipeline reported, in order.
    public var events: [StoreEvent]
    /// Whether the app died (and is now closed).
    public var crashed: Bool
    /// Where it died, when it died at a crash point.
    public var crash: AppCrash?
  }

  /// Delivers the updates that arrived and reports what the app did; a crashed app closes.
  public func settle() async -> Settled {
    guard let app else { return Settled(events: [], crashed: false) }
    let (events, crashed, crash) = await app.settled(sent: await store.updatesYielded())
    guard crashed else { return Settled(events: events, crashed: false) }
    await app.terminate()
    self.app = nil
    return Settled(events: events, crashed: true, crash: crash)
  }

  /// What the app's delivery pipeline reported since it was last asked.
  public func drainJournal() async -> [StoreEvent] {
    await app?.drainJournal() ?? []
  }

  /// Ends a run of the device: the app closes (which saves) and, in a folder, the clock is kept
  /// for the next run. Returns why keeping the clock failed, if it did (the next run then resumes
  /// at the save's time); the app should be closed first (``close()``), which says how its save went.
  @discardableResult
  public func shutDown() async -> String? {
    if let app {
      _ = await app.close()
      self.app = nil
    }
    guard let folder else { return nil }
    do {
      try AtomicFile.write("\(now)\n", to: folder.appendingPathComponent(Self.clockFileName))
      return nil
    } catch {
      return error.reason
    }
  }

  // MARK: - Saves

  /// Writes the save now.
  public func saveNow() async throws(DeviceError) {
    guard let app else { throw .appClosed }
    do {
      try await app.saveNow()
    } catch {
      throw .save(error)
    }
  }

  /// What replacing the game did.
  public struct Replaced: Sendable {
    /// The game now running.
    public var game: GameState
    /// The save's highest ledger ID, when the account's next transaction ID moved past it.
    public var reservedThrough: TransactionID?
  }

  /// Puts a save (a player's) in place of the running app's game, open at the later of its time and
  /// the device's (the clock moves to it). The account's next purchases are kept from taking an ID
  /// the save's ledger already holds, or the app would finish them without delivering.
  public func replaceGame(with loaded: AppSave) async throws(DeviceError) -> Replaced {
    guard let app else { throw .appClosed }
    var save = loaded
    save.game.isOpen = true
    save.game.clock = max(save.game.clock, now)
    // The account moves first: when it cannot be written, the game is not replaced either.
    var reserved: TransactionID?
    if let highest = save.ledger.ids.last {
      do {
        if try await store.reserveTransactionIDs(below: highest + 1) { reserved = highest }
      } catch {
        throw .store(error)
      }
    }
    now = save.game.clock
    await app.replace(with: save)
    epochs.save += 1
    return Replaced(game: save.game, reservedThrough: reserved)
  }

  // MARK: - The App Store

  /// The shop as the App Store answers now.
  public func shop() async throws(DeviceError) -> ShopView {
    guard let app else { throw .appClosed }
    await setStoreClock()
    return await app.shop()
  }

  /// Buys a product through the App Store.
  public func purchase(_ id: ProductID) async throws(DeviceError) -> PurchaseOutcome {
    guard let app else { throw .appClosed }
    await setStoreClock()
    // A purchase that makes no new transaction charged nothing: the store returned one it had.
    let next = await store.exportAccount().nextTransactionID
    let outcome: PurchaseOutcome
    do {
      outcome = try await app.purchase(id)
    } catch {
      throw .crashed(error)
    }
    // The simulated account itself has no transaction ID left: the tool refuses, not the store.
    if case .failed(_, .purchaseFailed) = outcome, let failure = await store.purchaseFailure,
      case .transactionIDsExhausted = failure
    {
      throw .store(failure)
    }
    if case .purchased(let product) = outcome, await store.exportAccount().nextTransactionID == next {
      return .returnedExisting(product)
    }
    return outcome
  }

  /// How far a restore got.
  public enum Restoring: Sendable, Equatable {
    /// Its sync waits for the store's `continue`.
    case waiting
    /// It finished.
    case finished(RestoreOutcome)
  }

  /// Restores purchases (sync, then reconciliation), in the background; returns once it finishes
  /// or waits for the store's `continue`, whichever comes first.
  public func restorePurchases() async throws(DeviceError) -> Restoring {
    guard let app else { throw .appClosed }
    guard restoreInFlight == nil else { throw .restoreInFlight }
    await setStoreClock()
    let progress = RestoreProgress()
    restoreInFlight = progress
    let settle = Self.settlingUpdates(of: store)
    Task {
      progress.finish(await app.restore(settle: settle))
    }
    return await awaitRestore() ?? .waiting
  }

  /// The restore in flight, once it finishes or waits for `continue`; `nil` when none is.
  public func awaitRestore() async -> Restoring? {
    guard let progress = restoreInFlight else { return nil }
    let store = store
    let finished = await withTaskGroup(of: RestoreOutcome?.self) { group in
      group.addTask { await progress.outcome() }
      group.addTask {
        await store.restoreWaits()
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first
    }
    guard let outcome = finished else { return .waiting }
    restoreInFlight = nil
    return .finished(outcome)
  }

  /// Applies one of the App Store's test controls; answers what it answers.
  public func control<Answer>(_ control: StoreControl<Answer>) async throws(AppStoreError) -> Answer {
    await setStoreClock()
    return try await control.apply(store)
  }

  // MARK: - Faults

  /// Arms how writing the save fails.
  public func setSaveFailure(_ failure: AppFaults.SaveFailure) {
    faults.saveFailure = failure
  }

  /// Arms a crash the next time the app reaches `point`.
  public func armCrash(at point: AppCrash.Point) {
    faults.armCrash(at: point)
  }

  // MARK: - Snapshots

  /// The whole device as it stands, once the updates that arrived are delivered. Refused while a
  /// restore waits for `continue` (its half-done read cannot be kept).
  public func snapshot() async throws(DeviceError) -> DeviceSnapshot {
    guard restoreInFlight == nil else { throw .restoreInFlight }
    if let app { await app.settle(sent: await store.updatesYielded()) }
    return DeviceSnapshot(
      clock: now, disk: disk(), running: await app?.memory, account: await store.exportAccount(),
      faults: faults.setting, seed: seed, changedRules: changedRules)
  }

  /// The whole device as it stands, for a checker: read without delivering anything, while a
  /// restore waits too.
  public func inspect() async -> DeviceInspection {
    DeviceInspection(
      snapshot: DeviceSnapshot(
        clock: now, disk: disk(), running: await app?.memory, account: await store.exportAccount(),
        faults: faults.setting, seed: seed, changedRules: changedRules),
      isRestoring: restoreInFlight != nil, epochs: epochs)
  }

  /// The save on the device as its storage holds it: a file's bytes, or a save kept in memory.
  private func disk() -> DeviceSnapshot.Disk {
    if let files {
      return (try? Data(contentsOf: files.url)).map(DeviceSnapshot.Disk.file) ?? .none
    }
    return (try? storage.read()).flatMap { $0 }.map(DeviceSnapshot.Disk.save) ?? .none
  }

  /// Puts the whole device back as `snapshot` holds it: the clock, the save, the account, the
  /// faults, the seed, and the app running as it was (nothing loaded, recovered or credited) or
  /// closed. Nothing changes when the account or the save cannot be written.
  public func restore(from snapshot: DeviceSnapshot) async throws(DeviceError) {
    guard restoreInFlight == nil else { throw .restoreInFlight }
    let accountFile = folder?.appendingPathComponent(Self.accountFileName)
    let previousAccount = await store.exportAccount()
    let restored: SimulatedAppStore
    do {
      restored = try SimulatedAppStore(
        catalogue: store.catalogue, account: snapshot.account, accountFile: accountFile)
    } catch {
      throw .store(error)
    }
    do throws(DeviceError) {
      try putBack(snapshot.disk)
    } catch {
      _ = try? SimulatedAppStore(
        catalogue: store.catalogue, account: previousAccount, accountFile: accountFile)
      throw error
    }
    if let app {
      await app.terminate()
      self.app = nil
    }
    adopt(restored)
    now = snapshot.clock
    epochs.clock += 1
    epochs.save += 1
    epochs.account += 1
    faults.setting = snapshot.faults
    seed = snapshot.seed
    play(under: snapshot.changedRules)
    guard let memory = snapshot.running else { return }
    await setStoreClock()
    let store = store
    app = await AppModel.resume(
      memory, rules: rules, storage: FaultySaveStorage(base: storage, faults: faults), store: store,
      verifier: verifier, crashHook: faults.crashHook,
      settle: Self.settlingUpdates(of: store))
  }

  /// Writes the save a snapshot holds to the device's storage.
  private func putBack(_ disk: DeviceSnapshot.Disk) throws(DeviceError) {
    if let files {
      let data: Data
      switch disk {
      case .none:
        do {
          try files.delete()
        } catch {
          throw .saveNotRestored(reason: "it could not be deleted")
        }
        return
      case .file(let bytes): data = bytes
      case .save(let save):
        guard let encoded = try? SaveCodec.encode(save) else {
          throw .saveNotRestored(reason: "the game could not be encoded")
        }
        data = encoded
      }
      do {
        try AtomicFile.write(data, to: files.url)
      } catch {
        throw .saveNotRestored(reason: error.reason)
      }
      return
    }
    switch disk {
    case .none:
      do {
        try storage.delete()
      } catch {
        throw .saveNotRestored(reason: "it could not be deleted")
      }
    case .save(let save):
      do {
        try storage.write(save)
      } catch {
        throw .saveNotRestored(reason: "\(error)")
      }
    case .file(let bytes):
      do {
        try storage.write(try SaveCodec.decode(bytes, file: FileSaveStorage.fileName, rules: rules))
      } catch {
        throw .saveNotRestored(reason: "a device in memory holds only a save that reads")
      }
    }
  }

  /// The game plays under `changed` (`nil`: the configuration's rules) from now on; a save in a
  /// folder is read under them too.
  private func play(under changed: ChangedRules?) {
    guard changed != changedRules else { return }
    changedRules = changed
    rules = changed?.rules ?? configuration.rules
    if let folder { storage = FileSaveStorage(directory: folder, rules: rules) }
  }

  // MARK: - The one clock

  /// A new App Store in place of the old one; its clock is set before it is next asked.
  private func adopt(_ store: SimulatedAppStore) {
    self.store = store
    if verifier.publicKey != store.publicKey { verifier = TransactionVerifier(publicKey: store.publicKey) }
    storeClock = nil
  }

  /// Sets the App Store's clock to the device's, if it is not there already.
  private func setStoreClock() async {
    guard storeClock != now else { return }
    await store.setClock(now)
    storeClock = now
  }
}
