import Foundation
import QuietPlacesJWS
import QuietPlacesStore
import QuietPlacesStoreKit

/// A `StoreClient` whose every answer the test scripts, and whose `updates` stream the test holds:
/// it yields into the continuation as the App Store would (the isowords way).
public actor ScriptedStoreClient: StoreClient {
  /// The store's signing key; the app verifies with its public key.
  public let key: ES256PrivateKey
  /// The products the store returns.
  public var catalogue: [Product] = ProductID.allCases.map { id in
    Product(
      id: id.fullID, type: id.type, displayName: id.rawValue, description: "", displayPrice: "£0.99")
  }
  /// What the next purchase sheets end in, in order.
  public var purchaseResults: [PurchaseResult] = []
  /// What `unfinished` answers.
  public var unfinishedTransactions: [SignedTransaction] = []
  /// What `currentEntitlements` answers.
  public var entitlements: [SignedTransaction] = []
  /// What the next `sync` sends through `updates` before it returns (a device catching up).
  public var syncSends: [SignedTransaction] = []
  /// What the next `sync` waits for once it has sent ``syncSends``, before it returns (the app's
  /// observer getting to them first).
  public var syncWaits: (@Sendable () async -> Void)?
  /// What the next `currentEntitlements` waits for once it has taken its answer, before it returns
  /// (an update the app handles while the read is in flight).
  public var entitlementsWaits: (@Sendable () async -> Void)?
  /// How many transactions `sync` has sent through `updates`.
  public private(set) var syncSent = 0
  /// Transactions finished, in order.
  public private(set) var finished: [TransactionID] = []
  /// Called at each `finish`, so a test can look at the save at that instant.
  public let onFinish: @Sendable (TransactionID) -> Void

  /// The app's end of `updates`.
  public nonisolated let stream: AsyncStream<SignedTransaction>
  /// The test's end of `updates`.
  public nonisolated let continuation: AsyncStream<SignedTransaction>.Continuation
  private nonisolated let streamEnded = Flag()

  /// A store with a new signing key; `onFinish` is called at each `finish`.
  public init(onFinish: @escaping @Sendable (TransactionID) -> Void = { _ in }) throws {
    key = try ES256PrivateKey()
    self.onFinish = onFinish
    (stream, continuation) = AsyncStream.makeStream(of: SignedTransaction.self)
    continuation.onTermination = { [streamEnded] _ in streamEnded.raise() }
  }

  /// Whether the app stopped listening to `updates`.
  public nonisolated var updatesEnded: Bool { streamEnded.isRaised }

  /// Queues what the next purchase sheet ends in.
  public func script(purchase result: PurchaseResult) { purchaseResults.append(result) }
  /// Sets what `unfinished` answers.
  public func script(unfinished: [SignedTransaction]) { unfinishedTransactions = unfinished }
  /// Sets what `currentEntitlements` answers.
  public func script(entitlements: [SignedTransaction]) { self.entitlements = entitlements }
  /// Sets what the next `sync` sends through `updates`.
  public func script(syncSends: [SignedTransaction]) { self.syncSends = syncSends }
  /// Sets what the next `currentEntitlements` waits for after it took its answer.
  public func script(entitlementsWaits: @escaping @Sendable () async -> Void) {
    self.entitlementsWaits = entitlementsWaits
  }
  /// Sets what the next `sync` waits for after it sent ``syncSends``.
  public func script(syncWaits: @escaping @Sendable () async -> Void) { self.syncWaits = syncWaits }

  public func products(for identifiers: [String]) async throws(StoreError) -> [Product] {
    catalogue.filter { identifiers.contains($0.id) }
  }

  public func purchase(_ product: Product) async throws(StoreError) -> PurchaseResult {
    guard !purchaseResults.isEmpty else { throw .purchaseFailed }
    return purchaseResults.removeFirst()
  }

  public func updates() async -> AsyncStream<SignedTransaction> { stream }

  public func unfinished() async -> [SignedTransaction] { unfinishedTransactions }

  public func currentEntitlements() async -> [SignedTransaction] {
    let answer = entitlements
    if let wait = entitlementsWaits {
      entitlementsWaits = nil
      await wait()
    }
    return answer
  }

  public func sync() async throws(StoreError) {
    for signed in syncSends { continuation.yield(signed) }
    syncSent += syncSends.count
    syncSends = []
    if let wait = syncWaits {
      syncWaits = nil
      await wait()
    }
  }

  public func finish(_ id: TransactionID) async {
    onFinish(id)
    finished.append(id)
    unfinishedTransactions.removeAll { (try? decodedID($0)) == id }
  }

  /// A transaction of this app, signed by this store (or by `key` to forge one).
  public nonisolated func signed(
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
