import Foundation
import QuietPlacesAppStore
import QuietPlacesJWS
import QuietPlacesStore
import QuietPlacesStoreKit
import QuietPlacesTestSupport
import Testing

private func makeStore(file: URL? = nil) throws -> SimulatedAppStore {
  try SimulatedAppStore(
    configuration: try StoreKitConfiguration.load(from: Fixtures.storeKitFile), bundleID: ProductID.bundleID,
    accountFile: file)
}

/// The test controls by the app's product names, as the REPL calls them.
extension SimulatedAppStore {
  fileprivate func setAvailable(_ product: ProductID, _ available: Bool) throws(AppStoreError) {
    try setAvailable(productID: product.fullID, available)
  }

  @discardableResult
  fileprivate func refund(_ product: ProductID) throws(AppStoreError) -> AccountTransaction {
    try refund(productID: product.fullID)
  }

  @discardableResult
  fileprivate func buyOutside(_ product: ProductID) throws(AppStoreError) -> AccountTransaction {
    try buyOutside(productID: product.fullID)
  }

  @discardableResult
  fileprivate func forge(_ product: ProductID) throws(AppStoreError) -> Transaction {
    try forge(productID: product.fullID)
  }

  @discardableResult
  fileprivate func foreign(_ productID: String) throws(AppStoreError) -> AccountTransaction {
    try foreign(productID: productID, appProductIDs: Set(ProductID.allCases.map(\.fullID)))
  }
}

private func decode(_ signed: SignedTransaction, _ key: ES256PublicKey) throws -> Transaction {
  let payload = try JWS.verify(signed.jwsRepresentation, publicKey: key).get()
  return try JSONDecoder().decode(Transaction.self, from: payload)
}

private func product(_ store: SimulatedAppStore, _ id: ProductID) async throws -> Product {
  try #require(try await store.products(for: [id.fullID]).first)
}

private func buy(_ store: SimulatedAppStore, _ id: ProductID) async throws -> PurchaseResult {
  try await store.purchase(try await product(store, id))
}

private func ids(_ signed: [SignedTransaction], _ store: SimulatedAppStore) throws -> [TransactionID] {
  try signed.map { try decode($0, store.publicKey).transactionId }
}

private func purchasedTransaction(_ result: PurchaseResult, _ store: SimulatedAppStore) throws -> Transaction
{
  guard case .success(let signed) = result else {
    Issue.record("expected a successful purchase, got \(result)")
    throw CancellationError()
  }
  return try decode(signed, store.publicKey)
}

// MARK: - Signing

@Test func purchasesAreSignedAndDecodeWithApplesFieldNames() async throws {
  let store = try makeStore()
  await store.setClock(1_000)
  let result = try await buy(store, .charts)
  guard case .success(let signed) = result else { Issue.record("not a success: \(result)"); return }
  let transaction = try decode(signed, store.publicKey)
  #expect(
    transaction
      == Transaction(
        transactionId: 1, originalTransactionId: 1, bundleId: "com.gallaxgames.quietplaces",
        productId: "com.gallaxgames.quietplaces.charts", purchaseDate: 1_000, type: "Non-Consumable",
        quantity: 1, inAppOwnershipType: "PURCHASED", environment: "Xcode", signedDate: 1_000,
        storefront: "GBR"))

  let payload = try JWS.unverifiedPayload(of: signed.jwsRepresentation)
  let object = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
  #expect(
    Set(object.keys) == [
      "transactionId", "originalTransactionId", "bundleId", "productId", "purchaseDate", "type", "quantity",
      "inAppOwnershipType", "environment", "signedDate", "storefront",
    ])
  let text = String(decoding: payload, as: UTF8.self)
  #expect(text.hasPrefix(#"{"bundleId":"com.gallaxgames.quietplaces","environment":"Xcode""#))

  let header = try JWS.unverifiedHeader(of: signed.jwsRepresentation)
  #expect(header.alg == "ES256")
  #expect(header.x5c == [store.certificate])

  let other = try ES256PrivateKey().publicKey
  #expect(JWS.verify(signed.jwsRepresentation, publicKey: other) == .failure(.invalidSignature))
}

@Test func aRefundCarriesItsRevocationInThePayload() async throws {
  let store = try makeStore()
  await store.setClock(10)
  _ = try await buy(store, .hold)
  await store.setClock(50)
  try await store.refund(.hold)
  let signed = try #require(await store.unfinished().first)
  let transaction = try decode(signed, store.publicKey)
  #expect(transaction.revocationDate == 50)
  #expect(transaction.revocationReason == 0)
  #expect(transaction.purchaseDate == 10)
  let text = String(decoding: try JWS.unverifiedPayload(of: signed.jwsRepresentation), as: UTF8.self)
  #expect(text.contains(#""revocationDate":50,"revocationReason":0"#))
}

// MARK: - Catalogue

@Test(arguments: [
  (ProductID.marks100, "0.99", "100 Postmarks", "100 Postmarks for supplies or sail colours."),
  (.marks550, "3.99", "550 Postmarks", "550 Postmarks for supplies or sail colours."),
  (.charts, "4.99", "Luminous charts", "Permanently earn 50% more Discoveries."),
  (.hold, "2.99", "Deep hold", "Keep up to 32 hours of offline earnings."),
  (.signal, "2.99", "Companion signal", "One permanent scout; 20% more scout income."),
])
func pricesAndTextsFollowTheConfigurationAndStorefront(
  id: ProductID, price: String, name: String, description: String
) async throws {
  let store = try makeStore()
  let british = try await product(store, id)
  #expect(british.displayPrice == "£" + price)
  #expect(british.displayName == name)
  #expect(british.description == description)
  #expect(british.type == id.type)

  // The United States storefront prices in dollars, written for the file's locale en_GB, where
  // CLDR's (en_001) symbol for USD is US$; with the locale en_US it is $.
  try await store.setStorefront(.usa)
  let american = try await product(store, id)
  #expect(american.displayPrice == "US$" + price)
  try await store.setLocale("en_US")
  #expect(try await product(store, id).displayPrice == "$" + price)
  #expect(american.displayName == name)
  #expect(american.description == description)
}

@Test func theCatalogueStartsWithTheConfigurationsDefaults() async throws {
  let store = try makeStore()
  let settings = await store.snapshot().settings
  #expect(settings == AppStoreSettings(storefront: .gbr))
  let all = try await store.products(for: ProductID.allCases.map(\.fullID) + ["com.example.unknown"])
  #expect(all.map(\.id) == ProductID.allCases.map(\.fullID))
}

@Test func unavailableProductsAreMissingAndCannotBeBought() async throws {
  let store = try makeStore()
  let charts = try await product(store, .charts)
  try await store.setAvailable(.charts, false)
  let all = try await store.products(for: ProductID.allCases.map(\.fullID))
  #expect(!all.map(\.id).contains(ProductID.charts.fullID))
  #expect(all.count == 4)
  await #expect(throws: StoreError.productUnavailable(ProductID.charts.fullID)) {
    try await store.purchase(charts)
  }
  #expect(await store.snapshot().settings.unavailable == [ProductID.charts.fullID])
  try await store.setAvailable(.charts, true)
  #expect(try await store.products(for: ProductID.allCases.map(\.fullID)).count == 5)
  #expect(await store.snapshot().transactions.isEmpty)
}

@Test func offlineFailsCatalogueSyncAndPurchaseButEntitlementsStillAnswer() async throws {
  let store = try makeStore()
  let signal = try await product(store, .signal)
  _ = try await store.purchase(signal)
  try await store.setOffline(true)
  await #expect(throws: StoreError.networkError) { try await store.products(for: [signal.id]) }
  await #expect(throws: StoreError.networkError) { try await store.sync() }
  await #expect(throws: StoreError.networkError) { try await store.purchase(signal) }
  #expect(try ids(await store.currentEntitlements(), store) == [1])
  try await store.setOffline(false)
  try await store.sync()
}

// MARK: - Purchase controls

@Test func failingPurchasesThrowAndGrantNothing() async throws {
  let store = try makeStore()
  let pack = try await product(store, .marks100)
  try await store.setFailPurchases(true)
  await #expect(throws: StoreError.purchaseFailed) { try await store.purchase(pack) }
  #expect(await store.snapshot().transactions.isEmpty)
  try await store.setFailPurchases(false)
  #expect(try purchasedTransaction(try await store.purchase(pack), store).transactionId == 1)
}

@Test func cancelNextCancelsOnlyTheNextPurchase() async throws {
  let store = try makeStore()
  try await store.cancelNext()
  #expect(await store.snapshot().settings.cancelNext)
  #expect(try await buy(store, .marks550) == .userCancelled)
  #expect(await store.snapshot().transactions.isEmpty)
  #expect(try purchasedTransaction(try await buy(store, .marks550), store).transactionId == 1)
}

@Test func consumablesMakeNewTransactionsButAnOwnedNonConsumableReturnsTheExistingOne() async throws {
  let store = try makeStore()
  let first = try purchasedTransaction(try await buy(store, .marks100), store)
  let second = try purchasedTransaction(try await buy(store, .marks100), store)
  #expect([first.transactionId, second.transactionId] == [1, 2])
  let charts = try purchasedTransaction(try await buy(store, .charts), store)
  let again = try purchasedTransaction(try await buy(store, .charts), store)
  #expect(charts.transactionId == 3)
  #expect(again.transactionId == 3)
  #expect(await store.snapshot().transactions.count == 3)
  #expect(try ids(await store.unfinished(), store) == [1, 2, 3])
}

@Test func askToBuyWaitsThenApprovalArrivesThroughUpdatesWithTheReservedID() async throws {
  let store = try makeStore()
  try await store.setAskToBuy(true)
  await store.setClock(5)
  #expect(try await buy(store, .signal) == .pending)
  #expect(try await buy(store, .marks100) == .pending)
  var snapshot = await store.snapshot()
  #expect(snapshot.pendingApprovals.map(\.id) == [1, 2])
  #expect(snapshot.transactions.isEmpty)
  #expect(await store.unfinished().isEmpty)

  let updates = await store.updates()
  var iterator = updates.makeAsyncIterator()
  await store.setClock(9)
  let approved = try await store.approve()
  #expect(approved.id == 1)
  #expect(approved.purchaseDate == 9)
  let arrived = try decode(try #require(await iterator.next()), store.publicKey)
  #expect(arrived.transactionId == 1)
  #expect(arrived.productId == ProductID.signal.fullID)

  await #expect(throws: AppStoreError.unknownPending(7, waiting: [2])) { try await store.approve(7) }
  let declined = try await store.decline(2)
  #expect(declined.productID == ProductID.marks100.fullID)
  snapshot = await store.snapshot()
  #expect(snapshot.pendingApprovals.isEmpty)
  #expect(snapshot.transactions.map(\.id) == [1])
  #expect(await store.updatesYielded() == 1)
  await #expect(throws: AppStoreError.nothingPending(interrupted: 0, on: true)) { try await store.decline() }
  #expect(
    AppStoreError.nothingPending(interrupted: 0, on: false).description
      == "no purchase is waiting for approval; turn ask-to-buy on and buy something first")
}

@Test func interruptedPurchasesThrowThenResolveArrivesThroughUpdates() async throws {
  let store = try makeStore()
  try await store.setInterrupted(true)
  await #expect(throws: StoreError.purchaseInterrupted) { try await buy(store, .marks550) }
  #expect(await store.snapshot().interruptedPurchases.map(\.id) == [1])
  #expect(await store.snapshot().transactions.isEmpty)
  await #expect(throws: AppStoreError.unknownInterrupted(3, waiting: [1])) { try await store.resolve(3) }
  let resolved = try await store.resolve()
  #expect(resolved.id == 1)
  #expect(await store.snapshot().interruptedPurchases.isEmpty)
  #expect(await store.snapshot().queuedUpdates == [1])
  let updates = await store.updates()
  var iterator = updates.makeAsyncIterator()
  #expect(try decode(try #require(await iterator.next()), store.publicKey).transactionId == 1)
  await #expect(throws: AppStoreError.nothingInterrupted(awaitingApproval: 0, on: true)) {
    try await store.resolve()
  }
}

// MARK: - Updates

@Test func updatesWaitWhileDetachedAndAreYieldedInOrderAtAttach() async throws {
  let store = try makeStore()
  try await store.buyOutside(.marks100)
  try await store.buyOutside(.hold)
  #expect(await store.snapshot().queuedUpdates == [1, 2])
  #expect(await store.snapshot().listenerAttached == false)

  let updates = await store.updates()
  #expect(await store.updatesYielded() == 2)
  var iterator = updates.makeAsyncIterator()
  #expect(try decode(try #require(await iterator.next()), store.publicKey).transactionId == 1)
  #expect(try decode(try #require(await iterator.next()), store.publicKey).transactionId == 2)

  try await store.buyOutside(.signal)
  #expect(await store.updatesYielded() == 3)
  #expect(try decode(try #require(await iterator.next()), store.publicKey).transactionId == 3)

  await store.finish(1)
  await store.finish(3)
  #expect(await store.snapshot().queuedUpdates == [2])
  #expect(try ids(await store.unfinished(), store) == [2])

  // The app stops listening by cancelling the task that iterates: the stream ends, and the store
  // has detached the listener by the time that task has finished.
  let listening = Task { for await _ in updates {} }
  listening.cancel()
  await listening.value
  #expect(await store.snapshot().listenerAttached == false)
  #expect(await iterator.next() == nil)

  let again = await store.updates()
  var second = again.makeAsyncIterator()
  #expect(await store.updatesYielded() == 1)
  #expect(try decode(try #require(await second.next()), store.publicKey).transactionId == 2)
}

@Test func attachingANewListenerEndsTheReplacedStreamAndKeepsTheNewOneAttached() async throws {
  let store = try makeStore()
  let first = await store.updates()
  let second = await store.updates()
  var replaced = first.makeAsyncIterator()
  #expect(await replaced.next() == nil)
  // The replaced stream's end does not detach the new listener.
  #expect(await store.snapshot().listenerAttached)
  try await store.buyOutside(.marks100)
  var current = second.makeAsyncIterator()
  #expect(try decode(try #require(await current.next()), store.publicKey).transactionId == 1)
}

@Test func waitingForARestoreToWaitEndsWhenTheWaitIsCancelled() async throws {
  let store = try makeStore()
  let watch = Task { await store.restoreWaits() }
  watch.cancel()
  // No restore ever waits here: only the cancellation can end it.
  await watch.value
  #expect(await store.snapshot().restoreWaiting == false)
}

@Test func replayQueuesAFinishedTransactionAgainUntilItIsFinishedAgain() async throws {
  let store = try makeStore()
  _ = try await buy(store, .marks100)
  await store.finish(1)
  #expect(await store.unfinished().isEmpty)
  let replayed = try await store.replay(1)
  #expect(replayed.finished)
  #expect(await store.snapshot().queuedUpdates == [1])
  let updates = await store.updates()
  var iterator = updates.makeAsyncIterator()
  #expect(try decode(try #require(await iterator.next()), store.publicKey).transactionId == 1)
  await store.finish(1)
  #expect(await store.snapshot().queuedUpdates.isEmpty)
  await #expect(throws: AppStoreError.unknownTransaction(9, accountIDs: [1])) { try await store.replay(9) }
}

@Test func refundsRevokeTheLatestTransactionAndArriveThroughUpdates() async throws {
  let store = try makeStore()
  _ = try await buy(store, .charts)
  _ = try await buy(store, .marks100)
  await store.finish(1)
  await store.finish(2)
  await store.setClock(77)
  let refunded = try await store.refund(.charts)
  #expect(refunded.id == 1)
  #expect(refunded.revocationDate == 77)
  #expect(refunded.isRevoked)
  #expect(!refunded.finished)
  #expect(await store.snapshot().queuedUpdates == [1])
  #expect(await store.currentEntitlements().isEmpty)
  await #expect(throws: AppStoreError.nothingToRefund("charts")) { try await store.refund(.charts) }
  await #expect(throws: AppStoreError.alreadyRefunded(1)) { try await store.refund(transaction: 1) }
  let pack = try await store.refund(transaction: 2)
  #expect(pack.isRevoked)
  #expect(await store.snapshot().queuedUpdates == [1, 2])
  // A new purchase of a refunded non-consumable is a new transaction.
  #expect(try purchasedTransaction(try await buy(store, .charts), store).transactionId == 3)
}

@Test func forgedTokensDoNotVerifyAndAreNotPartOfTheAccount() async throws {
  let store = try makeStore()
  let forged = try await store.forge(.signal)
  #expect(forged.productId == ProductID.signal.fullID)
  #expect(await store.snapshot().transactions.isEmpty)
  #expect(await store.snapshot().queuedUpdates == [forged.transactionId])
  let updates = await store.updates()
  var iterator = updates.makeAsyncIterator()
  let signed = try #require(await iterator.next())
  #expect(JWS.verify(signed.jwsRepresentation, publicKey: store.publicKey) == .failure(.invalidSignature))
  let payload = try JSONDecoder().decode(
    Transaction.self, from: JWS.unverifiedPayload(of: signed.jwsRepresentation))
  #expect(payload == forged)
  // Yielded once, then forgotten: a later listener does not see it again.
  #expect(await store.snapshot().queuedUpdates.isEmpty)
  _ = await store.updates()
  #expect(await store.updatesYielded() == 0)
  // Its ID is never reused.
  #expect(try purchasedTransaction(try await buy(store, .marks100), store).transactionId == 2)
}

@Test func foreignTransactionsAreSignedKeptAndStayUnfinished() async throws {
  let store = try makeStore()
  let unknown = try await store.foreign("marks9000")
  #expect(unknown.productID == "com.gallaxgames.quietplaces.marks9000")
  #expect(unknown.bundleID == ProductID.bundleID)
  let other = try await store.foreign("com.example.other.charts")
  #expect(other.bundleID == "com.example.other")
  #expect(other.type == .nonConsumable)
  await #expect(throws: AppStoreError.notForeign(ProductID.hold.fullID)) {
    try await store.foreign("hold")
  }

  let unfinished = await store.unfinished()
  let decoded = try unfinished.map { try decode($0, store.publicKey) }
  #expect(decoded.map(\.bundleId) == [ProductID.bundleID, "com.example.other"])
  #expect(decoded.map(\.productId) == ["com.gallaxgames.quietplaces.marks9000", "com.example.other.charts"])
  // Another bundle's purchase is not this app's entitlement.
  #expect(await store.currentEntitlements().isEmpty)
  let updates = await store.updates()
  _ = updates
  #expect(await store.updatesYielded() == 2)
}

@Test func aPurchaseOutsideTheAppOfAnOwnedNonConsumableQueuesTheExistingTransaction() async throws {
  let store = try makeStore()
  _ = try await buy(store, .hold)
  let outside = try await store.buyOutside(.hold)
  #expect(outside.id == 1)
  #expect(await store.snapshot().transactions.count == 1)
  #expect(await store.snapshot().queuedUpdates == [1])
}

// MARK: - Entitlements and restore

@Test func entitlementsAreTheLatestUnrevokedNonConsumables() async throws {
  let store = try makeStore()
  _ = try await buy(store, .marks100)
  _ = try await buy(store, .signal)
  _ = try await buy(store, .charts)
  try await store.refund(.signal)
  #expect(try ids(await store.currentEntitlements(), store) == [3])
  _ = try await buy(store, .signal)
  #expect(try ids(await store.currentEntitlements(), store) == [3, 4])
}

@Test func aDelayedRestoresSyncWaitsAndLetsOtherCallsRunUntilContinued() async throws {
  let store = try makeStore()
  _ = try await buy(store, .charts)
  await #expect(throws: AppStoreError.noRestoreWaiting(armed: false)) { try await store.continueRestore() }
  try await store.delayRestore()
  await #expect(throws: AppStoreError.noRestoreWaiting(armed: true)) { try await store.continueRestore() }

  // A launch's read does not wait; a restore's sync does.
  #expect(try ids(await store.currentEntitlements(), store) == [1])
  #expect(await store.snapshot().settings.delayRestore)
  let restore = Task {
    try await store.sync()
    return try ids(await store.currentEntitlements(), store)
  }
  await store.restoreWaits()
  #expect(await store.snapshot().restoreWaiting)
  #expect(await store.snapshot().settings.delayRestore == false)
  // Meanwhile another purchase lands and the store keeps answering.
  let hold = try purchasedTransaction(try await buy(store, .hold), store)
  #expect(try ids(await store.currentEntitlements(), store) == [1, hold.transactionId])

  // The read follows the completed sync: it sees the purchase made while the sync waited.
  try await store.continueRestore()
  #expect(try await restore.value == [1, hold.transactionId])
  #expect(await store.snapshot().restoreWaiting == false)
}

@Test func aDelayedSyncCompletesWithTheAccountAsItStandsThen() async throws {
  let store = try makeStore()
  _ = try await buy(store, .charts)

  // The test account wiped while the sync waits: the read after it finds nothing.
  try await store.delayRestore()
  let wiped = Task {
    try await store.sync()
    return try ids(await store.currentEntitlements(), store)
  }
  await store.restoreWaits()
  try await store.clear()
  try await store.continueRestore()
  #expect(try await wiped.value == [])

  // A new device while it waits: the completed sync brings its empty cache up to the account.
  let hold = try purchasedTransaction(try await buy(store, .hold), store)
  try await store.delayRestore()
  let synced = Task {
    try await store.sync()
    return try ids(await store.currentEntitlements(), store)
  }
  await store.restoreWaits()
  try await store.newDevice()
  #expect(await store.snapshot().deviceInStep == false)
  try await store.continueRestore()
  #expect(try await synced.value == [hold.transactionId])
  #expect(await store.snapshot().deviceInStep)

  // The network gone while it waits: the sync fails when it completes.
  try await store.delayRestore()
  let failed = Task { () async -> StoreError? in
    do throws(StoreError) {
      try await store.sync()
      return nil
    } catch {
      return error
    }
  }
  await store.restoreWaits()
  try await store.setOffline(true)
  try await store.continueRestore()
  #expect(await failed.value == .networkError)
}

// MARK: - Persistence

@Test func aStoreReopenedFromItsAccountFileResumesExactly() async throws {
  let folder = try TemporaryFolder().url
  defer { try? FileManager.default.removeItem(at: folder) }
  let file = folder.appendingPathComponent("nested/store.json")

  let first = try makeStore(file: file)
  _ = try await buy(first, .charts)
  _ = try await buy(first, .marks100)
  await first.finish(2)
  try await first.buyOutside(.marks550)
  try await first.setAskToBuy(true)
  _ = try await buy(first, .signal)
  try await first.setAskToBuy(false)
  try await first.setInterrupted(true)
  await #expect(throws: StoreError.purchaseInterrupted) { try await buy(first, .hold) }
  try await first.setStorefront(.usa)
  try await first.setAvailable(.marks550, false)
  try await first.cancelNext()
  try await first.delayRestore()
  _ = try await first.forge(.hold)
  let before = await first.snapshot()
  let earlierKey = first.publicKey

  let second = try makeStore(file: file)
  #expect(await second.snapshot() == before)
  #expect(second.publicKey == earlierKey)
  #expect(second.certificate == first.certificate)
  await second.setClock(500)
  try await second.setAvailable(.marks550, true)
  try await second.setInterrupted(false)
  #expect(try await second.purchase(try await product(second, .marks550)) == .userCancelled)
  let fresh = try purchasedTransaction(
    try await second.purchase(try await product(second, .marks550)), second)
  #expect(fresh.transactionId == 7)
  #expect(fresh.storefront == "USA")
  let signed = try #require(await second.unfinished().last)
  #expect(try decode(signed, earlierKey).signedDate == 500)

  let leftovers = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
  #expect(leftovers == ["store.json"])
}

@Test func aCorruptAccountFileIsAnErrorNamingTheFileAndIsLeftAlone() throws {
  let folder = try TemporaryFolder().url
  defer { try? FileManager.default.removeItem(at: folder) }
  let file = folder.appendingPathComponent("store.json")

  try Data("{ not json".utf8).write(to: file)
  #expect(throws: AppStoreError.accountCorrupt(path: file.path, problem: "it is not valid JSON")) {
    try makeStore(file: file)
  }
  #expect(try Data(contentsOf: file) == Data("{ not json".utf8))

  // JSON whose next ID is negative is JSON, with a number no ID can be: named by its key.
  try Data(#"{"format":1,"nextTransactionID":-5}"#.utf8).write(to: file)
  #expect(
    throws: AppStoreError.accountCorrupt(
      path: file.path,
      problem: "it is JSON, but key 'nextTransactionID' is -5, and no ID, count or clock is negative")
  ) {
    try makeStore(file: file)
  }

  try Data().write(to: file)
  #expect(throws: AppStoreError.accountCorrupt(path: file.path, problem: "the file is empty")) {
    try makeStore(file: file)
  }

  _ = try makeStore(file: folder.appendingPathComponent("good.json"))
  let good = try Data(contentsOf: folder.appendingPathComponent("good.json"))
  var object = try #require(try JSONSerialization.jsonObject(with: good) as? [String: Any])
  object.removeValue(forKey: "settings")
  try JSONSerialization.data(withJSONObject: object).write(to: file)
  #expect(
    throws: AppStoreError.accountCorrupt(
      path: file.path, problem: "key 'settings' is missing in the top level")
  ) {
    try makeStore(file: file)
  }

  object = try #require(try JSONSerialization.jsonObject(with: good) as? [String: Any])
  object["signingKey"] = "AAAA"
  try JSONSerialization.data(withJSONObject: object).write(to: file)
  do {
    _ = try makeStore(file: file)
    Issue.record("a bad key was accepted")
  } catch {
    #expect("\(error)".contains(file.path))
    #expect("\(error)".contains("signingKey"))
  }
  let message = AppStoreError.accountCorrupt(path: "/x/store.json", problem: "the file is empty").description
  #expect(
    message
      == "the store account /x/store.json is corrupt: the file is empty; repair it or move it away to start a fresh account"
  )
}

@Test func aFailedSaveChangesNothing() async throws {
  let folder = try TemporaryFolder().url
  let file = folder.appendingPathComponent("store.json")
  let store = try makeStore(file: file)
  _ = try await buy(store, .marks100)
  let before = await store.snapshot()
  try FileManager.default.removeItem(at: folder)

  do {
    try await store.setAskToBuy(true)
    Issue.record("a control succeeded without saving")
  } catch {
    guard case .accountWriteFailed(let path, _) = error else { throw error }
    #expect(path == file.path)
  }
  // The purchase fails because this computer's disk refused the account, and says so.
  do {
    _ = try await buy(store, .marks550)
    Issue.record("a purchase succeeded without saving the account")
  } catch let error as StoreError {
    guard case .accountNotSaved(let reason) = error else { throw error }
    #expect(reason.contains(file.path))
  }
  await store.finish(1)
  #expect(await store.lastWriteError != nil)
  #expect(await store.snapshot() == before)
  #expect(try ids(await store.unfinished(), store) == [1])
}

// MARK: - Clear and messages

@Test func clearForgetsTheAccountButKeepsSettingsKeyAndIDSequence() async throws {
  let store = try makeStore()
  _ = try await buy(store, .charts)
  try await store.buyOutside(.marks100)
  try await store.setAskToBuy(true)
  _ = try await buy(store, .signal)
  try await store.clear()
  let snapshot = await store.snapshot()
  #expect(snapshot.transactions.isEmpty)
  #expect(snapshot.queuedUpdates.isEmpty)
  #expect(snapshot.pendingApprovals.isEmpty)
  #expect(snapshot.settings.askToBuy)
  #expect(await store.currentEntitlements().isEmpty)
  try await store.setAskToBuy(false)
  #expect(try purchasedTransaction(try await buy(store, .charts), store).transactionId == 4)
}

@Test func controlErrorsSayWhatWouldBeRight() {
  #expect(
    AppStoreError.unknownTransaction(9, accountIDs: [1, 2, 3, 4]).description
      == "no transaction with ID 9; the account has IDs 1–4")
  #expect(
    AppStoreError.unknownTransaction(9, accountIDs: [1, 2, 5]).description
      == "no transaction with ID 9; the account has IDs 1–2, 5")
  #expect(
    AppStoreError.unknownTransaction(1, accountIDs: []).description
      == "no transaction with ID 1; the account has no transactions")
  #expect(
    AppStoreError.unknownPending(4, waiting: [2]).description
      == "no purchase waiting for approval has ID 4; the waiting one is 2")
}

/// Stores made from one account share the tokens signed with its key.
@Suite struct SharedTokenTests {
  private func stores(sharing tokens: SignedTokens?, count: Int) throws -> [SimulatedAppStore] {
    let catalogue = try StoreCatalogue(
      configuration: try StoreKitConfiguration.load(from: Fixtures.storeKitFile), bundleID: ProductID.bundleID
    )
    let account = try SimulatedAppStore.newAccount(catalogue: catalogue)
    let key = try #require(SimulatedAppStore.signingKey(of: account))
    return try (0..<count).map { _ in
      try SimulatedAppStore(catalogue: catalogue, account: account, signingKey: key, sharedTokens: tokens)
    }
  }

  private func unfinishedToken(_ store: SimulatedAppStore) async throws -> SignedTransaction {
    await store.setClock(1_767_603_600)
    try await store.buyOutside(productID: ProductID.hold.fullID)
    return try #require(await store.unfinished().first)
  }

  @Test func theSamePurchaseInTwoStoresOfOneAccountIsOneToken() async throws {
    let stores = try stores(sharing: SignedTokens(), count: 2)
    let first = try await unfinishedToken(stores[0])
    let second = try await unfinishedToken(stores[1])
    #expect(first == second)
    #expect(try decode(second, stores[1].publicKey).transactionId == 1)
  }

  @Test func storesThatShareNothingSignEachTokenAfresh() async throws {
    // ES256 signatures carry a random nonce: two signings of one payload differ.
    let stores = try stores(sharing: nil, count: 2)
    let first = try await unfinishedToken(stores[0])
    let second = try await unfinishedToken(stores[1])
    #expect(first != second)
    #expect(try decode(first, stores[0].publicKey) == decode(second, stores[1].publicKey))
  }
}
