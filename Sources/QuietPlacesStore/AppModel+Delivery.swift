import QuietPlacesGame
import QuietPlacesStoreKit
import QuietPlacesUtilities

extension AppModel {
  /// The one delivery pipeline, in order: unverified → unrecognised → revoked → already in the
  /// ledger → deliver, save, and only then finish.
  func process(_ signed: SignedTransaction, source: DeliverySource) async throws(AppCrash) {
    let transaction: Transaction
    switch verifier.verify(signed) {
    case .verified(let verified):
      transaction = verified
    case .unverified(let decoded, let reason):
      #if QP_PLANTED_DEFECTS
        if PlantedDefect.planted(.deliverUnverified), let decoded {
          transaction = decoded
          break
        }
      #endif
      journal.append(
        .rejectedUnverified(
          id: decoded?.transactionId, productID: decoded?.productId, reason: reason, source: source))
      return
    }
    let id = transaction.transactionId
    guard transaction.bundleId == ProductID.bundleID, let product = ProductID(fullID: transaction.productId)
    else {
      journal.append(
        .rejectedUnrecognised(
          id: id, productID: transaction.productId, bundleID: transaction.bundleId, source: source))
      return
    }
    if heldForLaunch.contains(id) {
      journal.append(.heldForLaunch(id: id, product: product, source: source))
      return
    }
    if transaction.revocationDate != nil {
      try await revoke(transaction, product: product, source: source)
      return
    }
    if save.ledger.contains(id) {
      #if QP_PLANTED_DEFECTS
        if PlantedDefect.planted(.grantOnReplay), source == .updates, let pack = product.pack {
          var again = save
          again.game.receivePack(rules.postmarks(in: pack), transaction: id)
          if (try? storage.write(again)) != nil { save = again }
        }
      #endif
      // Owning a permanent purchase is a state, not a count: a valid, unrevoked transaction the
      // ledger knows, of one the app no longer owns (removed by a read that did not list it),
      // proves the entitlement again. A pack is never granted twice.
      let refunded = save.ledger.entry(id)?.revoked ?? false
      if let permanent = product.permanent, !save.game.owns(permanent), !refunded {
        try await ownAgain(permanent, id: id, product: product, source: source)
        return
      }
      await store.finish(id)
      journal.append(.alreadyDelivered(id: id, product: product, source: source))
      return
    }
    try checkpoint(.beforeSave, id)
    var next = save
    if let permanent = product.permanent {
      next.game.grant(permanent)
    } else if let pack = product.pack {
      next.game.receivePack(rules.postmarks(in: pack), transaction: id)
    }
    next.ledger.record(.init(id: id, product: product))
    #if QP_PLANTED_DEFECTS
      if PlantedDefect.planted(.finishBeforeSave) { await store.finish(id) }
    #endif
    try await saveThenFinish(
      next, id: id, product: product, source: source,
      done: .delivered(id: id, product: product, source: source))
  }

  /// A transaction already in the ledger proves a permanent purchase the app does not own now: it
  /// is owned again, saved, and only then finished; nothing enters the ledger a second time.
  private func ownAgain(
    _ permanent: PermanentPurchase, id: TransactionID, product: ProductID, source: DeliverySource
  ) async throws(AppCrash) {
    try checkpoint(.beforeSave, id)
    var next = save
    next.game.grant(permanent)
    try await saveThenFinish(
      next, id: id, product: product, source: source,
      done: .ownedAgain(id: id, product: product, source: source))
  }

  /// Writes `next`, the save with `id`'s delivery in it, and only then finishes `id` and journals
  /// `done`; a permanent purchase it grants is stamped against reads begun earlier. A failed write
  /// changes nothing and leaves `id` unfinished, held for the next launch — unless it came from
  /// current entitlements: restored ownership comes from them, not from an unfinished transaction,
  /// and the next reconciliation (launch or restore) grants it again.
  private func saveThenFinish(
    _ next: AppSave, id: TransactionID, product: ProductID, source: DeliverySource, done: StoreEvent
  ) async throws(AppCrash) {
    do {
      try storage.write(next)
    } catch {
      if source != .entitlements { heldForLaunch.insert(id) }
      journal.append(.saveFailed(id: id, product: product, source: source))
      return
    }
    save = next
    if let permanent = product.permanent { markGranted(permanent) }
    try checkpoint(.beforeFinish, id)
    await store.finish(id)
    journal.append(done)
  }

  /// A revoked transaction: a non-consumable leaves (unless another purchase of it stands in the
  /// current entitlements), the removal is saved, then the transaction is finished. A consumable
  /// takes nothing back.
  ///
  /// The other purchase that stands proves the entitlement: when the app does not own it (a launch
  /// on a device whose StoreKit cache was still empty removed it, and the sync that brought this
  /// revocation brought the other purchase too), that purchase goes through the pipeline as an
  /// entitlement once the revocation is finished, and the app owns it again.
  private func revoke(_ transaction: Transaction, product: ProductID, source: DeliverySource)
    async throws(AppCrash)
  {
    let id = transaction.transactionId
    let standing = product.permanent != nil ? await entitlement(of: product, except: id) : nil
    let standsElsewhere = standing != nil
    var next = save
    var removed = false
    let before: LedgerStanding = save.ledger.entry(id).map { $0.revoked ? .refunded : .delivered } ?? .absent
    if let permanent = product.permanent, !standsElsewhere {
      removed = next.game.revoke(permanent)
      #if QP_PLANTED_DEFECTS
        if PlantedDefect.planted(.refundKeeps), removed {
          next.game.grant(permanent)
          removed = false
        }
      #endif
    }
    next.ledger.record(.init(id: id, product: product, revoked: true))
    if next != save {
      try checkpoint(.beforeSave, id)
      do {
        try storage.write(next)
      } catch {
        heldForLaunch.insert(id)
        journal.append(.revocationNotSaved(id: id, product: product, source: source))
        return
      }
      save = next
    }
    try checkpoint(.beforeFinish, id)
    await store.finish(id)
    journal.append(
      product.permanent == nil
        ? .revokedConsumable(id: id, product: product, before: before, source: source)
        : .revoked(id: id, product: product, removed: removed, source: source))
    if let standing, let permanent = product.permanent, !save.game.owns(permanent) {
      try await process(standing, source: .entitlements)
    }
  }

  /// A verified, unrevoked transaction of `product` other than `id` in the current entitlements,
  /// if they hold one: what still stands, as the device's StoreKit sees the account now. The ledger says
  /// what was delivered, not what stands: a transaction the account no longer holds (a cleared
  /// test account) stays in it, and keeping a refunded purchase for it would own what nothing pays
  /// for.
  private func entitlement(of product: ProductID, except id: TransactionID) async -> SignedTransaction? {
    for item in await store.currentEntitlements() {
      guard case .verified(let transaction) = verifier.verify(item),
        transaction.bundleId == ProductID.bundleID,
        transaction.revocationDate == nil,
        transaction.transactionId != id,
        ProductID(fullID: transaction.productId) == product
      else { continue }
      return item
    }
    return nil
  }

  /// Stamps a grant so a reconciliation whose read began earlier does not remove it.
  func markGranted(_ permanent: PermanentPurchase) {
    stamp += 1
    grantStamps[permanent] = stamp
  }

  /// Reads current entitlements and reconciles permanent ownership.
  ///
  /// An entitlement the app lacks and has never delivered goes through the one pipeline (source
  /// `entitlements`), so it is saved before it is finished and meets the same crash points as any other
  /// delivery. One the ledger already knows is granted again directly. Ownership is removed only
  /// for what was granted before the read began and is absent from it.
  func reconcileEntitlements() async throws(AppCrash) {
    let readStart = stamp
    let signed = await store.currentEntitlements()
    // An app that closed or died while the restore waited (a delayed sync) is gone: what it would
    // write now is older than the save the next launch made.
    guard !hasCrashed, !hasClosed else { return }
    var entitled: Set<PermanentPurchase> = []
    var regranted: [(permanent: PermanentPurchase, id: TransactionID)] = []
    for item in signed {
      guard case .verified(let transaction) = verifier.verify(item),
        transaction.bundleId == ProductID.bundleID,
        transaction.revocationDate == nil,
        let product = ProductID(fullID: transaction.productId),
        let permanent = product.permanent
      else { continue }
      entitled.insert(permanent)
      guard !save.game.owns(permanent) else { continue }
      if save.ledger.contains(transaction.transactionId) {
        regranted.append((permanent, transaction.transactionId))
      } else {
        try await process(item, source: .entitlements)
        if hasCrashed { return }
      }
    }
    var next = save
    var granted: [PermanentPurchase] = []
    var removed: [PermanentPurchase] = []
    for permanent in PermanentPurchase.allCases {
      // The ledger as it stands now, not as it stood at the read: a refund processed while the
      // read was in flight is newer than the read, and a restore never grants it back.
      let stillEntitled = regranted.filter { $0.permanent == permanent }.map(\.id)
      if let revoked = stillEntitled.first(where: { next.ledger.entry($0)?.revoked == true }),
        !next.game.owns(permanent)
      {
        journal.append(.revokedDuringRead(id: revoked, product: ProductID(permanent)))
      } else if !stillEntitled.isEmpty, !next.game.owns(permanent) {
        next.game.grant(permanent)
        granted.append(permanent)
      } else if !entitled.contains(permanent), next.game.owns(permanent),
        grantStamps[permanent, default: 0] <= readStart
      {
        next.game.revoke(permanent)
        removed.append(permanent)
      }
    }
    guard next != save else { return }
    do {
      try storage.write(next)
    } catch {
      journal.append(.reconciliationNotSaved)
      return
    }
    save = next
    for permanent in granted { markGranted(permanent) }
    journal.append(.reconciled(granted: granted, removed: removed))
  }
}
