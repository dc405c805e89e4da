import Foundation
import QuietPlacesGame
import QuietPlacesJWS
import QuietPlacesStore
import QuietPlacesStoreKit
import Synchronization
import Testing

private let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private func loadRules() throws -> Rules {
  try Rules.load(configurationDirectory: packageRoot.appendingPathComponent("Configuration"))
}

/// The save in memory; a test can make writes fail, and read what was saved at any instant.
private final class InMemorySaveStorage: SaveStorage {
  private struct State {
    var save: AppSave?
    var failingWrites = 0
  }

  private let state: Mutex<State>

  init(_ save: AppSave? = nil) {
    state = Mutex(State(save: save))
  }

  /// What a read would return now.
  var saved: AppSave? { state.withLock { $0.save } }

  /// Makes the next write fail, leaving the save as it was.
  func failNextWrite() { state.withLock { $0.failingWrites += 1 } }

  func read() throws(SaveError) -> AppSave? { saved }

  func write(_ save: AppSave) throws(SaveError) {
    let failed = state.withLock { state in
      guard state.failingWrites == 0 else {
        state.failingWrites -= 1
        return true
      }
      state.save = save
      return false
    }
    if failed { throw .writeFailed(file: "memory", reason: "the test refused the write") }
  }

  func delete() { state.withLock { $0.save = nil } }
}

/// A flag raised from any thread.
private final class Flag: Sendable {
  private let state = Mutex(false)

  func raise() { state.withLock { $0 = true } }

  var isRaised: Bool { state.withLock { $0 } }
}

/// A `StoreClient` whose every answer the test scripts, and whose `updates` stream the test holds:
/// it yields into the continuation as the App Store would (the isowords way).
private actor ScriptedStore: StoreClient {
  /// The store's signing key; the app verifies with its public key.
  let key: ES256PrivateKey
  /// The products the store returns.
  var catalogue: [Product] = ProductID.allCases.map { id in
    Product(
      id: id.fullID, type: id.type, displayName: id.rawValue, description: "", displayPrice: "£0.99")
  }
  /// What the next purchase sheets end in, in order.
  var purchaseResults: [PurchaseResult] = []
  /// What `unfinished` answers.
  var unfinishedTransactions: [SignedTransaction] = []
  /// What `currentEntitlements` answers.
  var entitlements: [SignedTransaction] = []
  /// Transactions finished, in order.
  private(set) var finished: [TransactionID] = []
  /// Called at each `finish`, so a test can look at the save at that instant.
  let onFinish: @Sendable (TransactionID) -> Void

  /// The app's end of `updates`.
  nonisolated let stream: AsyncStream<SignedTransaction>
  /// The test's end of `updates`.
  nonisolated let continuation: AsyncStream<SignedTransaction>.Continuation
  private nonisolated let streamEnded = Flag()

  init(onFinish: @escaping @Sendable (TransactionID) -> Void = { _ in }) throws {
    key = try ES256PrivateKey()
    self.onFinish = onFinish
    (stream, continuation) = AsyncStream.makeStream(of: SignedTransaction.self)
    continuation.onTermination = { [streamEnded] _ in streamEnded.raise() }
  }

  /// Whether the app stopped listening to `updates`.
  nonisolated var updatesEnded: Bool { streamEnded.isRaised }

  func script(purchase result: PurchaseResult) { purchaseResults.append(result) }
  func script(unfinished: [SignedTransaction]) { unfinishedTransactions = unfinished }
  func script(entitlements: [SignedTransaction]) { self.entitlements = entitlements }

  func products(for identifiers: [String]) async throws(StoreError) -> [Product] {
    catalogue.filter { identifiers.contains($0.id) }
  }

  func purchase(_ product: Product) async throws(StoreError) -> PurchaseResult {
    guard !purchaseResults.isEmpty else { throw .purchaseFailed }
    return purchaseResults.removeFirst()
  }

  func updates() async -> AsyncStream<SignedTransaction> { stream }

  func unfinished() async -> [SignedTransaction] { unfinishedTransactions }

  func currentEntitlements() async -> [SignedTransaction] { entitlements }

  func sync() async throws(StoreError) {}

  func finish(_ id: TransactionID) async {
    onFinish(id)
    finished.append(id)
    unfinishedTransactions.removeAll { (try? decodedID($0)) == id }
  }

  /// A transaction of this app, signed by this store (or by `key` to forge one).
  nonisolated func signed(
    _ id: TransactionID, _ product: ProductID, revokedAt: Int64? = nil, key: ES256PrivateKey? = nil
  ) throws -> SignedTransaction {
    let transaction = Transaction(
      transactionId: id, originalTransactionId: id, bundleId: ProductID.bundleID, productId: product.fullID,
      purchaseDate: 1_000, type: product.type.rawValue, signedDate: 1_000, revocationDate: revokedAt,
      revocationReason: revokedAt == nil ? nil : 0, storefront: "GBR")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return SignedTransaction(
      jwsRepresentation: try JWS.sign(
        payload: try encoder.encode(transaction), key: key ?? self.key, certificateChain: []))
  }

  private func decodedID(_ signed: SignedTransaction) throws -> TransactionID {
    try JSONDecoder().decode(Transaction.self, from: JWS.unverifiedPayload(of: signed.jwsRepresentation))
      .transactionId
  }
}

/// One launch of the app over a storage and a store.
private func launch(
  _ rules: Rules, _ storage: InMemorySaveStorage, _ store: ScriptedStore,
  crashHook: @escaping CrashHook = AppModel.neverCrashes
) async throws -> (AppModel, LaunchReport) {
  try await AppModel.launch(
    at: rules.startClock, rules: rules, storage: storage, store: store,
    verifier: TransactionVerifier(publicKey: store.key.publicKey), crashHook: crashHook,
    newGame: { GameState(seed: 1, clock: rules.startClock, rules: rules) }, settle: { _ in })
}

/// A crash hook that dies once at `point`.
private func crashOnce(at point: AppCrash.Point) -> CrashHook {
  let armed = Mutex(true)
  return { reached in
    reached == point
      && armed.withLock { armed in
        defer { armed = false }
        return armed
      }
  }
}

/// The app side on its own: the delivery pipeline, saves and reconciliation, driven by a scripted
/// store and an in-memory save.
@Suite struct AppModelTests {
  @Test func aPurchaseIsDeliveredThenSavedAndOnlyThenFinished() async throws {
    let rules = try loadRules()
    let storage = InMemorySaveStorage()
    let ledgerAtFinish = Mutex<[TransactionID]>([])
    let store = try ScriptedStore { _ in
      ledgerAtFinish.withLock { $0 = storage.saved?.ledger.ids ?? [] }
    }
    let (app, report) = try await launch(rules, storage, store)
    #expect(report.startedNewGame)
    await store.script(purchase: .success(try store.signed(1, .marks550)))

    let outcome = try await app.purchase(.marks550)

    guard case .purchased(let product) = outcome else {
      Issue.record("expected a purchase, got \(outcome)")
      return
    }
    #expect(product.id == ProductID.marks550.fullID)
    // A new game holds 0 Postmarks; the pack adds balance.json's packPostmarks.marks550 = 550.
    #expect(await app.game.postmarks == 0 + 550)
    #expect(storage.saved?.game.postmarks == 550)
    #expect(storage.saved?.ledger.ids == [1])
    #expect(await store.finished == [1])
    // When `finish` came, the save on the device already held the transaction.
    #expect(ledgerAtFinish.withLock { $0 } == [1])
    #expect(await app.drainJournal() == [.delivered(id: 1, product: .marks550, source: .purchase)])
  }

  @Test func aFailedSaveRollsTheDeliveryBackAndLeavesItUnfinishedForTheNextLaunch() async throws {
    let rules = try loadRules()
    let storage = InMemorySaveStorage()
    let store = try ScriptedStore()
    let (app, _) = try await launch(rules, storage, store)
    let pack = try store.signed(1, .marks100)
    await store.script(purchase: .success(pack))
    await store.script(unfinished: [pack])
    storage.failNextWrite()

    _ = try await app.purchase(.marks100)

    #expect(await app.game.postmarks == 0)
    #expect(await app.save.ledger.ids.isEmpty)
    #expect(await store.finished.isEmpty)
    #expect(await app.drainJournal() == [.saveFailed(id: 1, product: .marks100, source: .purchase)])
    // The same transaction sent again through updates waits for the launch, not delivered now.
    store.continuation.yield(pack)
    await app.settle(sent: 1)
    #expect(await app.drainJournal() == [.heldForLaunch(id: 1, product: .marks100, source: .updates)])
    #expect(await app.game.postmarks == 0)

    _ = await app.close()
    let (relaunched, report) = try await launch(rules, storage, store)
    #expect(report.storeEvents == [.delivered(id: 1, product: .marks100, source: .unfinished)])
    // 0 Postmarks, then packPostmarks.marks100 = 100 delivered once.
    #expect(await relaunched.game.postmarks == 100)
    #expect(await store.finished == [1])
  }

  @Test func updatesTheTestYieldsAreDeliveredExactlyOnce() async throws {
    let rules = try loadRules()
    let storage = InMemorySaveStorage()
    let store = try ScriptedStore()
    let (app, _) = try await launch(rules, storage, store)
    let charts = try store.signed(7, .charts)

    store.continuation.yield(charts)
    await app.settle(sent: 1)
    #expect(await app.game.owns(.charts))
    #expect(await app.drainJournal() == [.delivered(id: 7, product: .charts, source: .updates)])

    // The store sends it again (a replay): finished again, never delivered twice.
    store.continuation.yield(charts)
    await app.settle(sent: 2)
    #expect(await app.drainJournal() == [.alreadyDelivered(id: 7, product: .charts, source: .updates)])
    #expect(await app.save.ledger.ids == [7])
    #expect(await store.finished == [7, 7])
  }

  @Test func anUnverifiedTransactionIsRejectedWithItsJWSErrorAndNeverFinished() async throws {
    let rules = try loadRules()
    let store = try ScriptedStore()
    let (app, _) = try await launch(rules, InMemorySaveStorage(), store)

    store.continuation.yield(try store.signed(3, .marks550, key: try ES256PrivateKey()))
    store.continuation.yield(SignedTransaction(jwsRepresentation: "not a token"))
    await app.settle(sent: 2)

    let events = await app.drainJournal()
    #expect(events.count == 2)
    #expect(
      events.first
        == .rejectedUnverified(
          id: 3, productID: ProductID.marks550.fullID, reason: .invalidSignature, source: .updates))
    guard case .rejectedUnverified(nil, nil, .invalidEncoding, .updates) = events.last else {
      Issue.record("expected an undecodable token rejected as invalidEncoding, got \(events)")
      return
    }
    #expect(await app.game.postmarks == 0)
    #expect(await store.finished.isEmpty)
  }

  @Test func aCrashBeforeFinishingKeepsTheSaveAndTheNextLaunchFinishesWithoutDeliveringAgain() async throws {
    let rules = try loadRules()
    let storage = InMemorySaveStorage()
    let store = try ScriptedStore()
    let (app, _) = try await launch(rules, storage, store, crashHook: crashOnce(at: .beforeFinish))
    let pack = try store.signed(1, .marks550)
    await store.script(purchase: .success(pack))
    await store.script(unfinished: [pack])

    await #expect {
      _ = try await app.purchase(.marks550)
    } throws: { error in
      let crash = error as? AppCrash
      return crash?.point == .beforeFinish && crash?.transaction == 1
    }
    #expect(await app.hasCrashed)
    #expect(storage.saved?.game.postmarks == 550)
    #expect(await store.finished.isEmpty)

    await app.terminate()
    let (relaunched, report) = try await launch(rules, storage, store)
    #expect(report.storeEvents == [.alreadyDelivered(id: 1, product: .marks550, source: .unfinished)])
    // Delivered once before the crash: 550, not 1,100.
    #expect(await relaunched.game.postmarks == 550)
    #expect(await store.finished == [1])
  }

  @Test func aCrashBeforeSavingLosesNothingTheNextLaunchDelivers() async throws {
    let rules = try loadRules()
    let storage = InMemorySaveStorage()
    let store = try ScriptedStore()
    let (app, _) = try await launch(rules, storage, store, crashHook: crashOnce(at: .beforeSave))
    let signal = try store.signed(2, .signal)
    await store.script(unfinished: [signal])
    await store.script(entitlements: [signal])

    store.continuation.yield(signal)
    await app.settle(sent: 1)
    let crash = await app.crashReport
    #expect(crash?.point == .beforeSave && crash?.transaction == 2)
    #expect(storage.saved == nil)

    await app.terminate()
    let (relaunched, report) = try await launch(rules, storage, store)
    #expect(report.storeEvents == [.delivered(id: 2, product: .signal, source: .unfinished)])
    #expect(await relaunched.game.owns(.signal))
    #expect(await store.finished == [2])
  }

  @Test func closingTheAppEndsItsUpdatesStreamAndSaves() async throws {
    let rules = try loadRules()
    let storage = InMemorySaveStorage()
    let store = try ScriptedStore()
    let (app, _) = try await launch(rules, storage, store)
    #expect(!store.updatesEnded)

    let (_, saved) = await app.close()

    // The store saw the stream end by the time `close` returned.
    #expect(store.updatesEnded)
    #expect((try? saved.get()) != nil)
    #expect(storage.saved?.game.isOpen == false)
  }

  @Test func restoreRemovesWhatTheEntitlementsNoLongerHoldAndDeliversWhatTheyAdd() async throws {
    let rules = try loadRules()
    var game = GameState(seed: 1, clock: rules.startClock, rules: rules)
    game.grant(.charts)
    var ledger = TransactionLedger()
    ledger.record(.init(id: 1, product: .charts))
    _ = try game.apply(.close, rules: rules)
    let storage = InMemorySaveStorage(AppSave(game: game, ledger: ledger))
    let store = try ScriptedStore()
    // The launch's read still holds charts.
    await store.script(entitlements: [try store.signed(1, .charts)])
    let (app, report) = try await launch(rules, storage, store)
    #expect(report.storeEvents.isEmpty)
    #expect(await app.game.owned == [.charts])

    // Charts was refunded elsewhere; hold was bought on another device.
    await store.script(entitlements: [try store.signed(4, .hold)])
    let outcome = await app.restore()

    #expect(outcome == .restored(owned: [.hold]))
    #expect(
      await app.drainJournal() == [
        .delivered(id: 4, product: .hold, source: .entitlements),
        .reconciled(granted: [], removed: [.charts]),
      ])
    #expect(storage.saved?.game.owned == [.hold])
    #expect(await store.finished == [4])
  }
}
