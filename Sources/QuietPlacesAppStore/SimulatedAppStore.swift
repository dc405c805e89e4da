import FoundationEssentials
import QuietPlacesJWS
import QuietPlacesStoreKit

/// The simulated App Store: StoreKit 2 as the app sees it, plus `SKTestSession`'s test controls.
///
/// It owns one test account — transactions, finished flags, refunds, the queue of updates not yet
/// acknowledged, purchases waiting for approval or resolution, the test controls and the signing
/// key — and writes it atomically to its account file on every change, so a process killed at any
/// instant resumes exactly where the store stood. Without a file the account lives in memory.
///
/// Decisions where StoreKit leaves room:
/// - Transaction IDs start at 1 and only ever increase in one account, across `clear` too, so an
///   app's ledger from before a `clear` never mistakes a new purchase for one already delivered.
///   Waiting purchases and forged tokens take the next ID when they start; a declined request's ID
///   and a forged token's ID are never used by an account transaction.
/// - Buying (approving, resolving, buying outside) a non-consumable already owned makes no new
///   transaction: the existing one is returned (or queued again).
/// - A refund marks the transaction unfinished again: the revocation must be acknowledged too.
/// - A forged token is not part of the account: it is yielded once to a listener and then dropped.
/// - The simulated clock belongs to the session, not to the account: it is not saved, and is 0
///   until `setClock` is called.
/// - The device sees the account through its StoreKit cache. Offline, nothing from the App Store
///   reaches it: a refund, a purchase on another device, an approval stay in the account, their
///   updates held, and `unfinished` and current entitlements answer from the cache as it stood. A
///   new device starts with an empty cache. A sync (a restore's `sync`, or the network coming
///   back) brings the cache up to the account and sends the held updates.
/// - `clear` keeps the settings and the signing key (the app keeps trusting the same store).
public actor SimulatedAppStore: StoreClient {
  /// The key that verifies every transaction this store signs.
  public nonisolated let publicKey: ES256PublicKey
  /// The store's self-signed certificate in standard base64 DER, the `x5c` of every token it signs.
  public nonisolated let certificate: String
  /// The products and defaults the store was built from.
  public nonisolated let catalogue: StoreCatalogue
  /// Where the account is saved; nil when it lives only in memory.
  public nonisolated let accountFile: URL?
  /// The last failure to save the account during a call that cannot throw it (the change was not made).
  public private(set) var lastWriteError: AppStoreError?
  /// Why the latest `purchase` failed inside the store (the account could not be saved, or it has
  /// no transaction ID left to give), or `nil` when it did not fail there.
  public private(set) var purchaseFailure: AppStoreError?

  private let key: ES256PrivateKey
  private let file: AccountFile?
  private var account: StoreAccount
  private var clock: Int64 = 0
  private let listener = UpdatesListener()
  private var restoreWaiters: [CheckedContinuation<Void, Never>] = []
  /// Callers of `restoreWaits`, by ticket, until a restore read waits or they are cancelled.
  private var restoreWatchers: [Int: CheckedContinuation<Void, Never>] = [:]
  private var nextWatcher = 0
  /// The token last signed for each transaction, with its payload: handed out again while the
  /// transaction stays as it was.
  private var tokens: [TransactionID: (payload: Transaction, token: SignedTransaction)] = [:]
  /// Tokens signed with this store's key by the other stores made from the same account, by
  /// payload; `nil` for a store with a key of its own.
  private let sharedTokens: SignedTokens?

  /// Opens the account in `accountFile`, or starts a new one there (a new signing key and the
  /// configuration's default settings); `nil` keeps a new account in memory.
  public init(catalogue: StoreCatalogue, accountFile: URL?) throws(AppStoreError) {
    let file = accountFile.map(AccountFile.init(url:))
    let account: StoreAccount
    if let existing = try file?.read() {
      account = existing
    } else {
      account = try Self.newAccount(catalogue: catalogue)
      if let file { try Self.create(file, with: account) }
    }
    try self.init(catalogue: catalogue, account: account, file: file)
  }

  private init(
    catalogue: StoreCatalogue, account: StoreAccount, file: AccountFile?, key parsed: ES256PrivateKey? = nil,
    sharedTokens: SignedTokens? = nil
  ) throws(AppStoreError) {
    let path = file?.url.path ?? "in memory"
    if let problem = account.catalogueProblem(catalogue) {
      throw .accountCorrupt(path: path, problem: problem)
    }
    if let parsed, Data(base64Encoded: account.signingKey) == parsed.pkcs8DERRepresentation,
      Data(base64Encoded: account.certificate) != nil
    {
      self.key = parsed
      self.sharedTokens = sharedTokens
    } else {
      self.sharedTokens = nil
      switch Self.readKey(of: account) {
      case .success(let key): self.key = key
      case .failure(let problem): throw .accountCorrupt(path: path, problem: problem.text)
      }
    }
    self.publicKey = key.publicKey
    self.certificate = account.certificate
    self.catalogue = catalogue
    self.accountFile = file?.url
    self.file = file
    self.account = account
  }

  /// What is wrong with an account's signing key or certificate (the words an account file's error
  /// uses), or `nil`: what a device bundle's account is checked for when the bundle is read, so that
  /// a bad one is the bundle's error, not the store's account file's.
  public static func keyProblem(of account: StoreAccount) -> String? {
    guard case .failure(let problem) = readKey(of: account) else { return nil }
    return problem.text
  }

  /// What is wrong with an account's key or certificate, as its error says it.
  private struct KeyProblem: Error {
    var text: String
  }

  /// The account's signing key, its certificate checked to be base64; or what is wrong with them.
  private static func readKey(of account: StoreAccount) -> Result<ES256PrivateKey, KeyProblem> {
    guard let der = Data(base64Encoded: account.signingKey) else {
      return .failure(KeyProblem(text: "'signingKey' is not base64"))
    }
    let key: ES256PrivateKey
    do {
      key = try ES256PrivateKey(pkcs8DERRepresentation: der)
    } catch {
      return .failure(KeyProblem(text: "'signingKey' is not a P-256 private key (\(error.description))"))
    }
    guard Data(base64Encoded: account.certificate) != nil else {
      return .failure(KeyProblem(text: "'certificate' is not base64"))
    }
    return .success(key)
  }

  /// Takes over `account` (from a device bundle or a checkpoint) and writes it to `accountFile`, so
  /// the store stands exactly where that account stood; `nil` keeps it in memory.
  public init(catalogue: StoreCatalogue, account: StoreAccount, accountFile: URL?) throws(AppStoreError) {
    if let problem = account.problem() {
      throw .accountCorrupt(path: accountFile?.path ?? "in memory", problem: problem)
    }
    let file = accountFile.map(AccountFile.init(url:))
    try self.init(catalogue: catalogue, account: account, file: file)
    if let file { try Self.create(file, with: account) }
  }

  /// Takes over `account` in memory, signing with `signingKey` when it is the account's own key
  /// (else with the key the account holds): many stores made from one account share the key
  /// parsed once, the costly part of reading an account, and the tokens signed with it
  /// (`sharedTokens`, used only with that key).
  public init(
    catalogue: StoreCatalogue, account: StoreAccount, signingKey: ES256PrivateKey,
    sharedTokens: SignedTokens? = nil
  ) throws(AppStoreError) {
    if let problem = account.problem() {
      throw .accountCorrupt(path: "in memory", problem: problem)
    }
    try self.init(
      catalogue: catalogue, account: account, file: nil, key: signingKey, sharedTokens: sharedTokens)
  }

  /// The signing key of a new account (``newAccount(catalogue:storefront:)``), for the stores made
  /// from it; `nil` when the account's key does not read.
  public static func signingKey(of account: StoreAccount) -> ES256PrivateKey? {
    Data(base64Encoded: account.signingKey).flatMap { try? ES256PrivateKey(pkcs8DERRepresentation: $0) }
  }

  /// Opens or starts the account in `accountFile` for the products of a StoreKit configuration,
  /// sold to the app `bundleID`.
  public init(configuration: StoreKitConfiguration, bundleID: String, accountFile: URL?) throws(AppStoreError)
  {
    try self.init(
      catalogue: try StoreCatalogue(configuration: configuration, bundleID: bundleID),
      accountFile: accountFile)
  }

  /// The key forged transactions are signed with: any key but a store's will do, so one is made
  /// for the whole process (making a key is most of a forgery's cost).
  static let throwawayKey = Swift.Result { () throws(ES256Error) in try ES256PrivateKey() }

  /// A new, empty test account for the products of `catalogue`: a new signing key, the
  /// configuration's default settings (in `storefront` when one is given), no transactions.
  ///
  /// Making the key is most of a new account's cost; many stores may start from one such account.
  public static func newAccount(
    catalogue: StoreCatalogue, storefront: Storefront? = nil
  ) throws(AppStoreError) -> StoreAccount {
    var settings = AppStoreSettings(catalogue: catalogue)
    if let storefront {
      guard catalogue.formats.storefront(storefront.code) != nil else {
        throw .unsupportedStorefront(storefront.code)
      }
      settings.storefront = storefront
    }
    do {
      let key = try ES256PrivateKey()
      let certificate = try SelfSignedCertificate(
        key: key, notBefore: Date(timeIntervalSince1970: 0), validityDays: 36_500)
      return StoreAccount(
        format: StoreAccount.currentFormat, nextTransactionID: 1,
        signingKey: key.pkcs8DERRepresentation.base64EncodedString(),
        certificate: certificate.base64EncodedString, settings: settings,
        transactions: [], queue: [], pendingApprovals: [], interruptedPurchases: [])
    } catch {
      throw .signingFailed(error.description)
    }
  }

  private static func create(_ file: AccountFile, with account: StoreAccount) throws(AppStoreError) {
    let folder = file.url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw .accountWriteFailed(path: file.url.path, reason: "could not create the folder \(folder.path)")
    }
    try file.write(account)
  }

  // MARK: - StoreClient

  /// The configured, available products among `identifiers`, localised for the storefront.
  public func products(for identifiers: [String]) async throws(StoreError) -> [Product] {
    let settings = account.settings
    guard !settings.offline else { throw .networkError }
    if let error = settings.simulatedError(.loadProducts) { throw error }
    let wanted = Set(identifiers)
    return catalogue.items
      .filter { wanted.contains($0.productID) && !settings.unavailable.contains($0.productID) }
      .map { item in
        var priced = item
        if let price = settings.prices?[item.productID] { priced.displayPrice = price }
        return catalogue.product(priced, in: settings.storefront, locale: settings.locale)
      }
  }

  /// Runs the purchase sheet as the test controls dictate.
  public func purchase(_ product: Product) async throws(StoreError) -> PurchaseResult {
    purchaseFailure = nil
    let settings = account.settings
    guard !settings.offline else { throw .networkError }
    guard let item = catalogue.item(product.id), !settings.unavailable.contains(product.id) else {
      throw .productUnavailable(product.id)
    }
    if let error = settings.simulatedError(.purchase) { throw error }
    guard !settings.failPurchases else { throw .purchaseFailed }
    let storefront = settings.storefront
    let now = clock
    do {
      if settings.cancelNext {
        try commit { $0.settings.cancelNext = false }
        return .userCancelled
      }
      if item.type == .nonConsumable,
        let owned = account.latestUnrevoked(item.productID, bundleID: catalogue.bundleID)
      {
        if account.deviceCache?.contains(where: { $0.id == owned.id }) == false {
          try commit { $0.putOnDevice(owned) }
        }
        return .success(sign(owned))
      }
      if settings.askToBuy || settings.interrupted {
        try commit { (account: inout StoreAccount) throws(AppStoreError) in
          let waiting = WaitingPurchase(
            id: try account.takeID(), productID: item.productID, requestDate: now, storefront: storefront,
            price: price(of: item, in: storefront).amount)
          if settings.askToBuy {
            account.pendingApprovals.append(waiting)
          } else {
            account.interruptedPurchases.append(waiting)
          }
        }
      } else {
        let transaction = try commit { (account: inout StoreAccount) throws(AppStoreError) in
          let made = try account.complete(
            bundleID: catalogue.bundleID, productID: item.productID, type: item.type, id: nil,
            storefront: storefront, date: now,
            queue: false, price: price(of: item, in: storefront))
          account.putOnDevice(made)
          return made
        }
        return .success(sign(transaction))
      }
    } catch {
      if case .accountWriteFailed = error {
        lastWriteError = error
        throw .accountNotSaved(reason: error.description)
      }
      purchaseFailure = error
      throw .purchaseFailed
    }
    if settings.askToBuy { return .pending }
    throw .purchaseInterrupted
  }

  /// Attaches the one listener (replacing any other) and yields every queued update to it first.
  ///
  /// The listener is detached when the app stops listening: when the task iterating the stream is
  /// cancelled (the app closes), or the stream is dropped.
  public func updates() async -> AsyncStream<SignedTransaction> {
    let stream = listener.attach()
    // What reached the device while the app was closed arrives now; what waits for a sync, later.
    for update in account.queue where update.held != true { emit(update) }
    if account.queue.contains(where: { $0.forgedJWS != nil && $0.held != true }) {
      record { $0.queue.removeAll { $0.forgedJWS != nil && $0.held != true } }
    }
    return stream
  }

  /// Signed copies of every transaction the app has not finished, in ID order, as the device's
  /// cache has them.
  public func unfinished() async -> [SignedTransaction] {
    account.deviceTransactions.filter { !$0.finished }.map(sign)
  }

  /// The latest unrevoked transaction of each non-consumable of this app; answers offline too.
  public func currentEntitlements() async -> [SignedTransaction] {
    entitlements().map(sign)
  }

  /// Brings the device up to date with the account (its cache, and the updates held back); fails
  /// offline. A restore begins here, so this is where an armed `delayRestore` is taken: the sync
  /// then waits for `continueRestore` (as `AppStore.sync()` waits on the network and the user's
  /// sign-in), and completes with the account as it stands then, so the entitlements read that
  /// follows it sees everything that changed meanwhile.
  public func sync() async throws(StoreError) {
    try checkSync()
    if account.settings.delayRestore {
      record { $0.settings.delayRestore = false }
      // One shot even if that save failed: this restore is the delayed one either way.
      account.settings.delayRestore = false
      await withCheckedContinuation { continuation in
        restoreWaiters.append(continuation)
        let watchers = restoreWatchers.values
        restoreWatchers = [:]
        for watcher in watchers { watcher.resume() }
      }
      // The network may have gone, or the sync started failing, while it waited.
      try checkSync()
    }
    syncDevice()
  }

  private func checkSync() throws(StoreError) {
    guard !account.settings.offline else { throw .networkError }
    if let error = account.settings.simulatedError(.appStoreSync) { throw error }
  }

  /// Marks a transaction finished and drops its queued updates. A device out of step finishes its
  /// own copy: a change it has not seen yet (a refund held back) stays unfinished and queued.
  public func finish(_ id: TransactionID) async {
    guard let index = account.index(of: id) else { return }
    record { account in
      let seen = account.deviceCache?.first { $0.id == id }
      if var copy = seen {
        copy.finished = true
        account.putOnDevice(copy)
      }
      if seen == nil || seen?.revocationDate == account.transactions[index].revocationDate {
        account.transactions[index].finished = true
        account.queue.removeAll { $0.forgedJWS == nil && $0.transactionID == id && $0.held != true }
      }
    }
  }

  // MARK: - Session

  /// Sets the simulated clock, in seconds; dates of later transactions and signatures use it.
  public func setClock(_ seconds: Int64) {
    clock = seconds
  }

  /// How many updates the current listener has been given since it attached.
  public func updatesYielded() -> Int {
    listener.yielded
  }

  /// Returns once a restore's delayed sync waits for `continueRestore` (at once if one waits now),
  /// or once the calling task is cancelled.
  public func restoreWaits() async {
    let ticket = nextWatcher
    nextWatcher += 1
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        if !restoreWaiters.isEmpty || Task.isCancelled {
          continuation.resume()
        } else {
          restoreWatchers[ticket] = continuation
        }
      }
    } onCancel: {
      Task { await self.stopWatching(ticket) }
    }
  }

  private func stopWatching(_ ticket: Int) {
    restoreWatchers.removeValue(forKey: ticket)?.resume()
  }

  /// The whole account as it stands, for a device bundle or a checkpoint.
  public func exportAccount() -> StoreAccount {
    account
  }

  /// Moves the next transaction ID up to `id` if it is below: a save's ledger loaded into this
  /// account holds IDs up to `id - 1`, and a new purchase must not reuse one of them (the app would
  /// take it for one already delivered). Returns whether it moved.
  public func reserveTransactionIDs(below id: TransactionID) throws(AppStoreError) -> Bool {
    guard account.nextTransactionID < id else { return false }
    try commit { $0.nextTransactionID = id }
    return true
  }

  /// Whether a delayed restore's sync waits for `continue`, without the rest of a snapshot.
  public var isRestoreWaiting: Bool { !restoreWaiters.isEmpty }

  /// Everything the store holds now, for display.
  public func snapshot() -> AppStoreSnapshot {
    AppStoreSnapshot(
      transactions: account.transactions, pendingApprovals: account.pendingApprovals,
      interruptedPurchases: account.interruptedPurchases, queuedUpdates: account.queue.map(\.transactionID),
      settings: account.settings, listenerAttached: listener.isAttached,
      restoreWaiting: isRestoreWaiting,
      nextTransactionID: account.nextTransactionID, clock: clock,
      deviceInStep: account.deviceCache == nil, heldUpdates: account.queue.filter { $0.held == true }.count)
  }

  // MARK: - Internals shared with the controls

  /// Applies `change` to a copy of the account, saves the copy, and only then adopts it.
  func commit<Result>(
    _ change: (inout StoreAccount) throws(AppStoreError) -> Result
  ) throws(AppStoreError) -> Result {
    var next = account
    let result = try change(&next)
    try file?.write(next)
    account = next
    return result
  }

  /// Commits a change for a call that cannot throw; a failed save is kept in `lastWriteError`.
  private func record(_ change: (inout StoreAccount) -> Void) {
    do {
      try commit { (account: inout StoreAccount) throws(AppStoreError) in change(&account) }
    } catch {
      lastWriteError = error
    }
  }

  /// The account as it stands.
  var currentAccount: StoreAccount { account }

  /// The simulated instant.
  var now: Int64 { clock }

  /// Whether a listener is attached.
  var isListening: Bool { listener.isAttached }

  /// What a purchase of `item` in `storefront` costs now: the configured decimal (or the one
  /// `store price` set) and the storefront's currency.
  func price(of item: StoreCatalogue.Item, in storefront: Storefront) -> (amount: String, currency: String) {
    let amount = account.settings.prices?[item.productID] ?? item.displayPrice
    return (amount, catalogue.formats.storefront(storefront.code)?.currency ?? storefront.code)
  }

  /// Whether what changes in the account reaches the device now: online, and its cache in step.
  var reachesDevice: Bool { !account.settings.offline && account.deviceCache == nil }

  /// Brings the device's cache up to the account and sends the updates held back meanwhile.
  ///
  /// The held updates go to the listener as one batch: forged ones are dropped when a listener was
  /// there to take the batch. Whether it is there at the end depends on the app, which may crash on
  /// an update of the batch and stop listening while the rest is still being sent; the account must
  /// not depend on how far the app got by then.
  func syncDevice() {
    let held = account.queue.filter { $0.held == true }
    guard account.deviceCache != nil || !held.isEmpty else { return }
    record { account in
      account.deviceCache = nil
      for index in account.queue.indices { account.queue[index].held = nil }
    }
    let listening = listener.isAttached
    for update in held { emit(update) }
    if held.contains(where: { $0.forgedJWS != nil }), listening {
      record { $0.queue.removeAll { $0.forgedJWS != nil } }
    }
  }

  /// Yields an update to the listener, if one is attached and the update can reach the device.
  func emit(_ update: QueuedUpdate) {
    guard listener.isAttached, reachesDevice else { return }
    let signed: SignedTransaction
    if let jws = update.forgedJWS {
      signed = SignedTransaction(jwsRepresentation: jws)
    } else if let index = account.index(of: update.transactionID) {
      signed = sign(account.transactions[index])
    } else {
      return
    }
    listener.yield(signed)
  }

  /// Resumes the oldest restore waiting in `sync`; false if none waits.
  func resumeRestore() -> Bool {
    guard !restoreWaiters.isEmpty else { return false }
    restoreWaiters.removeFirst().resume()
    return true
  }

  /// A transaction signed with the store's key: the token signed for it before while it is
  /// unchanged (as the signed transactions a device received stay on it, dated when they were
  /// signed), else a new one signed now. While the StoreKit error setting for Verification is on,
  /// the signature is spoilt, so the transaction arrives unverified.
  func sign(_ transaction: AccountTransaction) -> SignedTransaction {
    let signed: SignedTransaction
    if let kept = tokens[transaction.id],
      kept.payload == transaction.payload(signedDate: kept.payload.signedDate)
    {
      signed = kept.token
    } else {
      let payload = transaction.payload(signedDate: clock)
      if let shared = sharedTokens?[payload] {
        signed = shared
      } else {
        signed = Self.sign(payload, key: key, certificate: certificate)
        sharedTokens?[payload] = signed
      }
      tokens[transaction.id] = (payload, signed)
    }
    guard account.settings.simulatedError(.verification) != nil,
      let dot = signed.jwsRepresentation.lastIndex(of: ".")
    else { return signed }
    return SignedTransaction(
      jwsRepresentation: signed.jwsRepresentation[...dot] + Base64URL.encode(Data(repeating: 0, count: 64)))
  }

  /// Signs a payload as a JWS whose JSON has sorted keys.
  ///
  /// Signing with a key that parsed cannot fail short of libcrypto running out of memory; if it
  /// does, the token goes out without a signature, so the app rejects it visibly as unverified.
  static func sign(_ payload: Transaction, key: ES256PrivateKey, certificate: String) -> SignedTransaction {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(payload)) ?? Data()
    do {
      return SignedTransaction(
        jwsRepresentation: try JWS.sign(payload: data, key: key, certificateChain: [certificate]))
    } catch {
      let header = Base64URL.encode(Data(#"{"alg":"ES256"}"#.utf8))
      return SignedTransaction(jwsRepresentation: header + "." + Base64URL.encode(data) + ".")
    }
  }

  private func entitlements() -> [AccountTransaction] {
    var latest: [String: AccountTransaction] = [:]
    for transaction in account.deviceTransactions
    where transaction.bundleID == catalogue.bundleID && transaction.type == .nonConsumable
      && !transaction.isRevoked
    {
      latest[transaction.productID] = transaction
    }
    return latest.values.sorted { $0.id < $1.id }
  }
}
