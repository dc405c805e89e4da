import FoundationEssentials
import QuietPlacesJWS
import QuietPlacesStoreKit
import QuietPlacesUtilities

/// The test controls, as `SKTestSession` has them; each saves the account before it returns.
extension SimulatedAppStore {
  /// Switches the storefront: the currency of prices and the localization of names.
  public func setStorefront(_ storefront: Storefront) throws(AppStoreError) {
    guard catalogue.formats.storefront(storefront.code) != nil else {
      throw .unsupportedStorefront(storefront.code)
    }
    try commit { $0.settings.storefront = storefront }
  }

  /// Switches the device's locale, as `SKTestSession.locale` does: how prices are written and
  /// which localization names come from. Returns the CLDR locale it resolved to.
  @discardableResult
  public func setLocale(_ locale: String) throws(AppStoreError) -> String {
    guard let resolved = catalogue.formats.resolve(locale) else { throw .unknownLocale(locale) }
    try commit { $0.settings.locale = locale }
    return resolved
  }

  /// Turns Ask to Buy on or off: purchases wait for `approve` or `decline`.
  public func setAskToBuy(_ on: Bool) throws(AppStoreError) {
    try commit { $0.settings.askToBuy = on }
  }

  /// Turns interrupted purchases on or off: purchases wait for `resolve`.
  public func setInterrupted(_ on: Bool) throws(AppStoreError) {
    try commit { $0.settings.interrupted = on }
  }

  /// Turns failing purchases on or off.
  public func setFailPurchases(_ on: Bool) throws(AppStoreError) {
    try commit { $0.settings.failPurchases = on }
  }

  /// Turns a StoreKit error setting on (with `error`, or the default error when nil) or off, as
  /// Xcode's StoreKit error settings do during a session.
  public func setStoreKitError(_ api: StoreKitErrorSetting.API, _ error: String?, on: Bool)
    throws(AppStoreError)
  {
    try commit { account in
      var errors = account.settings.storeKitErrors ?? [:]
      errors[api.rawValue] = on ? (error ?? "") : nil
      account.settings.storeKitErrors = errors.isEmpty ? nil : errors
    }
  }

  /// Makes the user cancel the next purchase sheet (one shot).
  public func cancelNext() throws(AppStoreError) {
    try commit { $0.settings.cancelNext = true }
  }

  /// Takes the store off the network or back: catalogue, purchases and sync fail while offline, and
  /// nothing from the App Store reaches the device. Back online, the device syncs: the updates held
  /// meanwhile arrive. Returns how many were held.
  @discardableResult
  public func setOffline(_ on: Bool) throws(AppStoreError) -> Int {
    let held = currentAccount.queue.filter { $0.held == true }.count
    try commit { $0.settings.offline = on }
    if !on { syncDevice() }
    return on ? 0 : held
  }

  /// A new device: its StoreKit cache is empty (no transactions, no entitlements, nothing
  /// unfinished) until it syncs, by a restore or by the network coming back; the account keeps
  /// everything.
  public func newDevice() throws(AppStoreError) {
    try commit { account in
      account.deviceCache = []
      for index in account.queue.indices { account.queue[index].held = true }
    }
  }

  /// Changes a product's configured price (by full ID), as editing it in Xcode's StoreKit
  /// configuration editor during a session does: `price` is a decimal such as `4900` or `0.99`, in
  /// the currency of whatever storefront is chosen. Returns the product's new `displayPrice`.
  @discardableResult
  public func setPrice(productID: String, _ price: String) throws(AppStoreError) -> String {
    if StoreKitConfigurationReader.isAboveHighestPrice(price) {
      throw .priceTooHigh(price, highest: StoreKitConfigurationReader.highestPrice)
    }
    guard StoreKitConfigurationReader.decimal(price) != nil else { throw .badPrice(price) }
    var item = try item(productID)
    try commit { account in
      var prices = account.settings.prices ?? [:]
      prices[item.productID] = price
      account.settings.prices = prices
    }
    item.displayPrice = price
    let settings = currentAccount.settings
    return catalogue.displayPrice(item, in: settings.storefront, locale: settings.locale)
  }

  /// Removes a product (by full ID) from the store's answers, or puts it back.
  public func setAvailable(productID: String, _ available: Bool) throws(AppStoreError) {
    let id = try item(productID).productID
    try commit { account in
      var unavailable = Set(account.settings.unavailable)
      if available { unavailable.remove(id) } else { unavailable.insert(id) }
      account.settings.unavailable = unavailable.sorted()
    }
  }

  /// Approves a purchase waiting for approval (the oldest without an ID); it arrives through `updates`.
  @discardableResult
  public func approve(_ id: UInt64? = nil) throws(AppStoreError) -> AccountTransaction {
    let waiting = try pendingApproval(id)
    guard !currentAccount.settings.unavailable.contains(waiting.productID) else {
      throw .waitingProductUnavailable(catalogue.shortName(waiting.productID), approval: true)
    }
    return try complete(waiting) { $0.pendingApprovals.removeAll { $0.id == waiting.id } }
  }

  /// Declines a purchase waiting for approval (the oldest without an ID); nothing is bought.
  @discardableResult
  public func decline(_ id: UInt64? = nil) throws(AppStoreError) -> WaitingPurchase {
    let waiting = try pendingApproval(id)
    try commit { $0.pendingApprovals.removeAll { $0.id == waiting.id } }
    return waiting
  }

  /// The purchase waiting for approval that `approve` or `decline` acts on: `id`'s, or the oldest.
  private func pendingApproval(_ id: UInt64?) throws(AppStoreError) -> WaitingPurchase {
    let account = currentAccount
    return try Self.pick(
      id, from: account.pendingApprovals,
      none: .nothingPending(
        interrupted: account.interruptedPurchases.count, on: account.settings.askToBuy),
      unknown: .unknownPending(id ?? 0, waiting: account.pendingApprovals.map(\.id)))
  }

  /// Resolves an interrupted purchase (the oldest without an ID); it arrives through `updates`.
  @discardableResult
  public func resolve(_ id: UInt64? = nil) throws(AppStoreError) -> AccountTransaction {
    let account = currentAccount
    let waiting = try Self.pick(
      id, from: account.interruptedPurchases,
      none: .nothingInterrupted(
        awaitingApproval: account.pendingApprovals.count, on: account.settings.interrupted),
      unknown: .unknownInterrupted(id ?? 0, waiting: account.interruptedPurchases.map(\.id)))
    guard !account.settings.unavailable.contains(waiting.productID) else {
      throw .waitingProductUnavailable(catalogue.shortName(waiting.productID), approval: false)
    }
    return try complete(waiting) { $0.interruptedPurchases.removeAll { $0.id == waiting.id } }
  }

  /// Refunds the latest unrevoked transaction of a product (by full ID); the revocation arrives
  /// through `updates`.
  @discardableResult
  public func refund(productID: String) throws(AppStoreError) -> AccountTransaction {
    guard let transaction = currentAccount.latestUnrevoked(productID, bundleID: catalogue.bundleID) else {
      throw .nothingToRefund(catalogue.shortName(productID))
    }
    return try refund(transaction: transaction.id)
  }

  /// Refunds a transaction by ID; the revocation arrives through `updates`.
  @discardableResult
  public func refund(transaction id: TransactionID) throws(AppStoreError) -> AccountTransaction {
    let account = currentAccount
    guard let index = account.index(of: id) else {
      throw .unknownTransaction(id, accountIDs: account.transactions.map(\.id))
    }
    guard !account.transactions[index].isRevoked else { throw .alreadyRefunded(id) }
    let now = now
    let refunded = try commit { account in
      account.holdBackFromDevice()
      account.transactions[index].revocationDate = now
      account.transactions[index].revocationReason = 0
      account.transactions[index].finished = false
      account.queueUpdate(.transaction(id))
      return account.transactions[index]
    }
    emit(.transaction(id))
    return refunded
  }

  /// Records a purchase of a product (by full ID) made on another device; it arrives through `updates`.
  @discardableResult
  public func buyOutside(productID: String) throws(AppStoreError) -> AccountTransaction {
    let item = try item(productID)
    guard !currentAccount.settings.unavailable.contains(productID) else {
      throw .productUnavailable(catalogue.shortName(productID))
    }
    let storefront = currentAccount.settings.storefront
    let now = now
    let transaction = try commit { (account: inout StoreAccount) throws(AppStoreError) in
      account.holdBackFromDevice()
      return try account.complete(
        bundleID: catalogue.bundleID, productID: item.productID, type: item.type, id: nil,
        storefront: storefront, date: now, queue: true, price: price(of: item, in: storefront))
    }
    emit(.transaction(transaction.id))
    return transaction
  }

  /// Queues a transaction again, finished or not, to test exact-once delivery.
  @discardableResult
  public func replay(_ id: TransactionID) throws(AppStoreError) -> AccountTransaction {
    let account = currentAccount
    guard let index = account.index(of: id) else {
      throw .unknownTransaction(id, accountIDs: account.transactions.map(\.id))
    }
    try commit { $0.queueUpdate(.transaction(id)) }
    emit(.transaction(id))
    return account.transactions[index]
  }

  /// Emits a transaction for a product (by full ID) signed by a throwaway key, so its signature does
  /// not verify.
  ///
  /// It is not part of the account: it takes an ID, is yielded once to a listener, then forgotten.
  @discardableResult
  public func forge(productID: String) throws(AppStoreError) -> Transaction {
    let item = try item(productID)
    let throwaway: ES256PrivateKey
    switch Self.throwawayKey {
    case .success(let key): throwaway = key
    case .failure(let error): throw .signingFailed(error.description)
    }
    let storefront = currentAccount.settings.storefront
    let now = now
    let listening = isListening
    let certificate = certificate
    let (payload, update) = try commit { (account: inout StoreAccount) throws(AppStoreError) in
      let id = try account.takeID()
      let payload = AccountTransaction(
        id: id, bundleID: catalogue.bundleID, productID: item.productID, type: item.type, purchaseDate: now,
        storefront: storefront
      ).payload(signedDate: now)
      let jws = Self.sign(payload, key: throwaway, certificate: certificate).jwsRepresentation
      let update = QueuedUpdate.forged(id, jws: jws)
      if !listening || account.settings.offline || account.deviceCache != nil { account.queueUpdate(update) }
      return (payload, update)
    }
    emit(update)
    return payload
  }

  /// Adds a correctly signed transaction for an unknown product ID (a suffix or a full ID) or for
  /// another bundle (`com.example.other.charts`); it stays in the account, unfinished.
  ///
  /// `appProductIDs` are the full IDs the app itself sells, configured here or not: none of them
  /// is foreign. The type is that of the configured product with the same last component, so
  /// another bundle's `charts` is a non-consumable; otherwise a consumable.
  @discardableResult
  public func foreign(productID: String, appProductIDs: Set<String>) throws(AppStoreError)
    -> AccountTransaction
  {
    let text = productID.trimmingWhitespace
    guard !text.isEmpty, !text.hasSuffix("."), !text.hasPrefix(".") else { throw .unknownProduct(productID) }
    let ownBundle = catalogue.bundleID
    let ownPrefix = ownBundle + "."
    let fullID = text.contains(".") ? text : ownPrefix + text
    let bundleID: String
    if fullID.hasPrefix(ownPrefix) {
      bundleID = ownBundle
    } else {
      bundleID = String(fullID[..<fullID.lastIndex(of: ".")!])
    }
    if bundleID == ownBundle, catalogue.item(fullID) != nil || appProductIDs.contains(fullID) {
      throw .notForeign(fullID)
    }
    let suffix = "." + String(fullID[fullID.index(after: fullID.lastIndex(of: ".")!)...])
    let type = catalogue.items.first { $0.productID.hasSuffix(suffix) }?.type ?? .consumable
    let storefront = currentAccount.settings.storefront
    let now = now
    let transaction = try commit { (account: inout StoreAccount) throws(AppStoreError) in
      account.holdBackFromDevice()
      let transaction = AccountTransaction(
        id: try account.takeID(), bundleID: bundleID, productID: fullID, type: type, purchaseDate: now,
        storefront: storefront)
      account.transactions.append(transaction)
      account.queueUpdate(.transaction(transaction.id))
      return transaction
    }
    emit(.transaction(transaction.id))
    return transaction
  }

  /// Arms a one-shot delay: the next restore's sync waits for `continueRestore`.
  public func delayRestore() throws(AppStoreError) {
    try commit { $0.settings.delayRestore = true }
  }

  /// Lets the oldest delayed restore's sync complete.
  public func continueRestore() throws(AppStoreError) {
    guard resumeRestore() else { throw .noRestoreWaiting(armed: currentAccount.settings.delayRestore) }
  }

  /// Forgets every transaction, queued update and waiting purchase: a fresh test account.
  ///
  /// The settings, the signing key and the ID sequence stay, so IDs are never reused. A device that
  /// cannot see the account now (offline, or a new device before its sync) keeps its StoreKit cache
  /// as it stood until it syncs, as it keeps it through a refund: nothing from the App Store reaches it.
  public func clear() throws(AppStoreError) {
    try commit { account in
      account.holdBackFromDevice()
      account.transactions = []
      account.queue = []
      account.pendingApprovals = []
      account.interruptedPurchases = []
    }
  }

  // MARK: - Helpers

  private func item(_ productID: String) throws(AppStoreError) -> StoreCatalogue.Item {
    guard let item = catalogue.item(productID) else { throw .unknownProduct(productID) }
    return item
  }

  private func complete(
    _ waiting: WaitingPurchase, removing: (inout StoreAccount) -> Void
  ) throws(AppStoreError) -> AccountTransaction {
    guard let item = catalogue.item(waiting.productID) else { throw .unknownProduct(waiting.productID) }
    let now = now
    let transaction = try commit { (account: inout StoreAccount) throws(AppStoreError) in
      account.holdBackFromDevice()
      removing(&account)
      return try account.complete(
        bundleID: catalogue.bundleID, productID: item.productID, type: item.type, id: waiting.id,
        storefront: waiting.storefront, date: now,
        queue: true, price: waiting.charged(price(of: item, in: waiting.storefront)))
    }
    emit(.transaction(transaction.id))
    return transaction
  }

  private static func pick(
    _ id: UInt64?, from waiting: [WaitingPurchase], none: AppStoreError, unknown: AppStoreError
  ) throws(AppStoreError) -> WaitingPurchase {
    guard let first = waiting.first else { throw none }
    guard let id else { return first }
    guard let match = waiting.first(where: { $0.id == id }) else { throw unknown }
    return match
  }
}
