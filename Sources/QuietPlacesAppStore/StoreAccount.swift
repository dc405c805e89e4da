import QuietPlacesStoreKit
import QuietPlacesUtilities

/// Everything the simulated store remembers between runs; the content of its account file, and the
/// account a device bundle carries. Read-only outside this module: only the store changes it.
public struct StoreAccount: Sendable, Codable, Equatable {
  /// The file format's version.
  static let currentFormat = 1

  /// The file format's version; always `currentFormat`.
  var format: Int
  /// The ID the next transaction, waiting purchase or forged token gets.
  public internal(set) var nextTransactionID: TransactionID
  /// The store's signing key, standard base64 of its PKCS#8 DER form.
  var signingKey: String
  /// The store's self-signed certificate, standard base64 DER, as `x5c` carries it.
  var certificate: String
  /// The test controls.
  public internal(set) var settings: AppStoreSettings
  /// Every transaction, in ID order.
  public internal(set) var transactions: [AccountTransaction]
  /// Updates not yet acknowledged, oldest first.
  var queue: [QueuedUpdate]
  /// Purchases waiting for approval, oldest first.
  public internal(set) var pendingApprovals: [WaitingPurchase]
  /// Interrupted purchases waiting for `resolve`, oldest first.
  public internal(set) var interruptedPurchases: [WaitingPurchase]
  /// The device's StoreKit cache while it is out of step with the account (offline, or a new device
  /// before its first sync): its copies of the transactions it has received; nil while it is in step.
  public internal(set) var deviceCache: [AccountTransaction]?

  /// The transactions as the device sees them.
  public var deviceTransactions: [AccountTransaction] { deviceCache ?? transactions }

  /// Starts the device's cache from the transactions as they stand, if the device cannot see the
  /// account's changes (offline) and has no cache yet: what changes next stays out of it.
  mutating func holdBackFromDevice() {
    if settings.offline && deviceCache == nil { deviceCache = transactions }
  }

  /// Queues an update from the App Store's side; it waits for a sync when the device cannot see the
  /// account now.
  mutating func queueUpdate(_ update: QueuedUpdate) {
    var update = update
    if settings.offline || deviceCache != nil { update.held = true }
    queue.append(update)
  }

  /// Puts `transaction`, as the device itself made or received it, in the device's cache.
  mutating func putOnDevice(_ transaction: AccountTransaction) {
    guard var cache = deviceCache else { return }
    cache.removeAll { $0.id == transaction.id }
    cache.append(transaction)
    cache.sort { $0.id < $1.id }
    deviceCache = cache
  }

  /// The transaction IDs of the updates not yet acknowledged, oldest first (forged ones included).
  public var queuedTransactionIDs: [TransactionID] { queue.map(\.transactionID) }

  /// The index of the transaction with this ID.
  func index(of id: TransactionID) -> Int? {
    transactions.firstIndex { $0.id == id }
  }

  /// The latest unrevoked transaction of a product of a bundle: the last bought, the higher ID
  /// between two bought at one instant. (A waiting purchase keeps the ID it reserved when it was
  /// asked for, so one approved or resolved later can have a lower ID than one bought meanwhile.)
  func latestUnrevoked(_ productID: String, bundleID: String) -> AccountTransaction? {
    transactions.filter { $0.bundleID == bundleID && $0.productID == productID && !$0.isRevoked }
      .max { ($0.purchaseDate, $0.id) < ($1.purchaseDate, $1.id) }
  }

  /// Takes the next transaction ID, or refuses when the account has given out the last one.
  mutating func takeID() throws(AppStoreError) -> TransactionID {
    guard FileBounds.transactionIDs.contains(nextTransactionID) else {
      throw .transactionIDsExhausted(last: FileBounds.largestTransactionID)
    }
    defer { nextTransactionID += 1 }
    return nextTransactionID
  }

  /// Whether two accounts hold the same history — transactions, waiting purchases, settings, the
  /// queue of updates and the next ID — whichever key signs them (a new account has a new key, and
  /// a forged token's bytes differ from one forging to the next, so only its ID counts).
  public func holdsSameHistory(as other: StoreAccount) -> Bool {
    nextTransactionID == other.nextTransactionID && settings == other.settings
      && transactions == other.transactions && pendingApprovals == other.pendingApprovals
      && interruptedPurchases == other.interruptedPurchases
      && queue.map(\.transactionID) == other.queue.map(\.transactionID)
      && queue.map { $0.forgedJWS == nil } == other.queue.map { $0.forgedJWS == nil }
  }

  /// What is inconsistent in a decoded account, or nil if nothing is.
  public func problem() -> String? {
    if format != Self.currentFormat {
      return "format \(format) is not supported (expected \(Self.currentFormat))"
    }
    if let problem = boundsProblem() { return problem }
    var seen = Set<TransactionID>()
    for transaction in transactions {
      guard seen.insert(transaction.id).inserted else {
        return "transaction ID \(transaction.id) appears twice"
      }
      if transaction.id >= nextTransactionID {
        return "transaction ID \(transaction.id) is not below nextTransactionID \(nextTransactionID)"
      }
    }
    for waiting in pendingApprovals + interruptedPurchases {
      guard seen.insert(waiting.id).inserted else {
        return "waiting purchase ID \(waiting.id) is already used"
      }
      if waiting.id >= nextTransactionID {
        return "waiting purchase ID \(waiting.id) is not below nextTransactionID \(nextTransactionID)"
      }
    }
    for update in queue where update.forgedJWS == nil && index(of: update.transactionID) == nil {
      return "queued update names transaction \(update.transactionID), which is not in the account"
    }
    return nil
  }
}

extension StoreAccount {
  /// Completes a purchase of a product: a new transaction, or the one already owned for a
  /// non-consumable. With `queue`, it is also queued as an update.
  mutating func complete(
    bundleID: String, productID: String, type: ProductType, id: TransactionID?, storefront: Storefront,
    date: Int64, queue: Bool, price: (amount: String, currency: String)? = nil
  ) throws(AppStoreError) -> AccountTransaction {
    if type == .nonConsumable, let owned = latestUnrevoked(productID, bundleID: bundleID) {
      if queue { queueUpdate(.transaction(owned.id)) }
      return owned
    }
    let newID: TransactionID
    if let id { newID = id } else { newID = try takeID() }
    var transaction = AccountTransaction(
      id: newID, bundleID: bundleID, productID: productID, type: type, purchaseDate: date,
      storefront: storefront)
    transaction.price = price?.amount
    transaction.currency = price?.currency
    transactions.append(transaction)
    transactions.sort { $0.id < $1.id }
    if queue { queueUpdate(.transaction(transaction.id)) }
    return transaction
  }
}
