import QuietPlacesGame
import QuietPlacesStoreKit

/// The running app: the game, its save, and the purchases that flow into both.
///
/// One actor owns the state, so the purchase flow, the `updates` observer and the player's commands
/// never interleave inside a step. Every transaction, from any source, goes through one pipeline
/// (``process(_:source:)``): verify, recognise, revoke, de-duplicate, deliver, save, finish.
public actor AppModel {
  /// The game, balances, entitlements and ledger, as last changed (saved or not).
  public internal(set) var save: AppSave
  /// Whether the app died at a crash point; a crashed app does nothing more.
  public private(set) var hasCrashed = false
  /// Where it died, if it did at a crash point.
  public private(set) var crashReport: AppCrash?
  /// Whether the app closed; a closed app writes nothing more (a restore it started ends with it).
  public private(set) var hasClosed = false

  let rules: Rules
  let storage: any SaveStorage
  let store: any StoreClient
  let verifier: TransactionVerifier
  let crashHook: CrashHook
  var journal: [StoreEvent] = []
  /// Transactions whose delivery could not be saved: they wait for the next launch.
  var heldForLaunch: Set<TransactionID> = []
  /// When each permanent purchase was granted in this run (0 for those loaded from the save).
  var grantStamps: [PermanentPurchase: UInt64] = [:]
  var stamp: UInt64 = 0
  /// Payloads the launch just took from `unfinished`: when the store yields the same transaction,
  /// unchanged, to the new `updates` observer, the launch does not handle it a second time.
  var handledAtLaunch: Set<Substring> = []
  private var processedUpdates = 0
  private var settleWaiters: [CheckedContinuation<Void, Never>] = []
  private var observer: Task<Void, Never>?

  init(
    save: AppSave, rules: Rules, storage: any SaveStorage, store: any StoreClient,
    verifier: TransactionVerifier, crashHook: @escaping CrashHook
  ) {
    self.save = save
    self.rules = rules
    self.storage = storage
    self.store = store
    self.verifier = verifier
    self.crashHook = crashHook
  }

  /// The crash hook of what ships: the app never dies on purpose.
  public static let neverCrashes: CrashHook = { _ in false }

  /// The game as it stands.
  public var game: GameState { save.game }

  /// Runs a player's command on the game.
  public func perform(_ command: GameCommand) throws(GameError) -> [GameEvent] {
    try save.game.apply(command, rules: rules)
  }

  /// Replaces the game with one loaded from a file (a player's save), keeping nothing of the old one.
  public func replace(with loaded: AppSave) {
    save = loaded
    grantStamps = [:]
    heldForLaunch = []
  }

  /// What the pipeline and reconciliation did since the last call.
  public func drainJournal() -> [StoreEvent] {
    defer { journal = [] }
    return journal
  }

  /// Writes the save now.
  public func saveNow() throws(SaveError) {
    try storage.write(save)
  }

  /// Dies here if the crash hook says so: the app is marked dead and the crash thrown.
  func checkpoint(_ point: AppCrash.Point, _ id: TransactionID) throws(AppCrash) {
    guard crashHook(point) else { return }
    let report = AppCrash(point: point, transaction: id)
    crash(report)
    throw report
  }

  // MARK: - Updates

  /// Starts observing `Transaction.updates` for the rest of the app's life.
  func observeUpdates() async {
    let stream = await store.updates()
    observer = Task { [weak self] in
      for await signed in stream {
        guard let self else { return }
        await self.handleUpdate(signed)
      }
    }
  }

  private func handleUpdate(_ signed: SignedTransaction) async {
    if handledAtLaunch.remove(signed.payloadSegment) != nil {
      // Left unfinished by this launch (rejected, or waiting after a failed save): already said.
    } else if !hasCrashed {
      do {
        try await process(signed, source: .updates)
      } catch {
        crash(error)
      }
    }
    processedUpdates += 1
    resumeSettleWaiters()
  }

  /// Returns once `sent` updates (as the store counts what it yielded to this app) have gone
  /// through the pipeline, or the app crashed.
  public func settle(sent: Int) async {
    while !hasCrashed && processedUpdates < sent {
      await withCheckedContinuation { settleWaiters.append($0) }
    }
  }

  /// What the app did once `sent` updates went through the pipeline (or it crashed): what the
  /// pipeline reported since it was last asked, and where it died if it did; one call where the
  /// device would otherwise make four.
  public func settled(sent: Int) async -> (events: [StoreEvent], crashed: Bool, crash: AppCrash?) {
    await settle(sent: sent)
    return (drainJournal(), hasCrashed, crashReport)
  }

  private func resumeSettleWaiters() {
    let waiters = settleWaiters
    settleWaiters = []
    for waiter in waiters { waiter.resume() }
  }

  /// Marks the app dead: it stops observing and does nothing more.
  func crash(_ report: AppCrash) {
    hasCrashed = true
    crashReport = report
    observer?.cancel()
    resumeSettleWaiters()
  }

  /// Stops observing `updates`: the observing task is cancelled, which ends the stream (the store
  /// sees it end), and this returns once that task has finished.
  private func stopObserving() async {
    guard let observer else { return }
    self.observer = nil
    observer.cancel()
    await observer.value
  }

  /// Ends the app's life without saving (a crash or the app being deleted).
  public func terminate() async {
    hasCrashed = true
    resumeSettleWaiters()
    await stopObserving()
  }

  /// Closes the app: it stops observing updates, any current ends, and the game is saved.
  public func close() async -> (events: [GameEvent], saved: Result<Void, SaveError>) {
    hasClosed = true
    await stopObserving()
    let events = (try? save.game.apply(.close, rules: rules)) ?? []
    do {
      try storage.write(save)
      return (events, .success(()))
    } catch {
      return (events, .failure(error))
    }
  }
}
