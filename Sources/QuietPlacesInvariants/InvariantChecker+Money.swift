import QuietPlacesAppStore
import QuietPlacesDevice
import QuietPlacesGame
import QuietPlacesStore
import QuietPlacesStoreKit

/// The money invariants: what was delivered, how often, whether it was saved before it was
/// finished, whether anything paid for was lost, ownership against the account, and prices.
extension InvariantChecker {
  // MARK: - money.verified-only

  /// A delivery (or an ownership granted again) in this step of a transaction the account never
  /// issued for that product.
  func unissuedDelivery(_ step: StepRecord) -> InvariantBreak? {
    for event in step.storeEvents {
      let id: TransactionID
      let product: ProductID
      let source: DeliverySource
      switch event {
      case .delivered(let delivered, let what, let via), .ownedAgain(let delivered, let what, let via):
        (id, product, source) = (delivered, what, via)
      default:
        continue
      }
      guard history.issued[id] != product.fullID else { continue }
      return InvariantBreak(
        .verifiedOnly, expected: "only transactions the App Store signed for this app delivered",
        found: "\(Self.transaction(id, product.fullID)) delivered (via \(source.rawValue)), which the App "
          + "Store never issued for \(product.rawValue): forged, foreign or unverified")
    }
    return nil
  }

  /// A ledger entry, beyond those the checker found at the start, that the account never issued.
  func unissuedInLedger(_ saves: Saves) -> InvariantBreak? {
    for (name, save) in saves.each {
      for entry in save.ledger.entries
      where !history.baseline.contains(entry.id) && history.issued[entry.id] != entry.product.fullID {
        return InvariantBreak(
          .verifiedOnly, expected: "only transactions the App Store signed for this app delivered",
          found: "\(Self.transaction(entry.id, entry.product.fullID)) in \(name)'s ledger, which the App "
            + "Store never issued for \(entry.product.rawValue): forged, foreign or unverified")
      }
    }
    return nil
  }

  // MARK: - money.exactly-once

  /// A transaction delivered in this step that had already been delivered to the same save.
  func deliveredAgain(_ step: StepRecord, before: DeviceInspection, after: DeviceInspection)
    -> InvariantBreak?
  {
    guard before.epochs.save == after.epochs.save, before.epochs.account == after.epochs.account,
      step.storeEvents.contains(where: { if case .delivered = $0 { true } else { false } })
    else {
      return nil
    }
    var delivered = Set(before.save(rules: rules)?.ledger.ids ?? [])
    for case .delivered(let id, let product, let source) in step.storeEvents {
      guard delivered.insert(id).inserted else {
        return InvariantBreak(
          .exactlyOnce, expected: "each transaction delivered at most once",
          found:
            "\(Self.transaction(id, product.fullID)) delivered again (via \(source.rawValue)) by `\(step.line)`"
        )
      }
    }
    return nil
  }

  /// A pack whose grant is not one delivered transaction of that pack.
  func packsUnmatched(_ saves: Saves) -> InvariantBreak? {
    for (name, save) in saves.each {
      var seen: [UInt64: Int] = [:]
      for grant in save.game.currentPostmarkAudit.packs { seen[grant.transaction, default: 0] += 1 }
      if let (id, count) = seen.filter({ $0.value > 1 }).min(by: { $0.key < $1.key }) {
        let product = save.ledger.entry(id)?.product.fullID ?? "a pack"
        return InvariantBreak(
          .exactlyOnce, expected: "each pack's Postmarks granted once per transaction",
          found: "\(Self.transaction(id, product)) granted its Postmarks \(count) times in \(name)")
      }
      for grant in save.game.currentPostmarkAudit.packs {
        guard let entry = save.ledger.entry(grant.transaction), let pack = entry.product.pack else {
          return InvariantBreak(
            .exactlyOnce, expected: "each pack's grant to match a delivered pack transaction",
            found:
              "\(grant.postmarks) Postmarks granted for transaction \(grant.transaction), which \(name)'s "
              + "ledger holds as no pack")
        }
        let size = rules.postmarks(in: pack)
        if comparesPackSizes, grant.postmarks != size {
          return InvariantBreak(
            .exactlyOnce,
            expected: "\(size) Postmarks for \(Self.transaction(grant.transaction, entry.product.fullID))",
            found: "\(grant.postmarks) granted in \(name)")
        }
      }
    }
    return nil
  }

  // MARK: - money.finish-after-save

  /// A transaction finished while this save was in use, missing from the save on disk (or, revoked,
  /// not saved as revoked there).
  func finishedUnsaved(_ inspection: DeviceInspection, _ saves: Saves) -> InvariantBreak? {
    let ledger = saves.disk?.ledger
    let revoked = Set(inspection.account.transactions.lazy.filter(\.isRevoked).map(\.id))
    for id in history.finishedSince.sorted() {
      let product = history.issued[id] ?? "?"
      guard let entry = ledger?.entry(id) else {
        return InvariantBreak(
          .finishAfterSave, expected: "every finished transaction in the save on disk",
          found: "\(Self.transaction(id, product)) finished, and the save on disk "
            + (ledger.map { "holds \(Self.list($0.ids.map(String.init))) in its ledger" } ?? "is missing"))
      }
      let account = inspection.account.transactions.first { $0.id == id }
      if revoked.contains(id), account?.finished == true, !entry.revoked {
        return InvariantBreak(
          .finishAfterSave, expected: "a finished refund saved as revoked on disk",
          found: "\(Self.transaction(id, product)) refunded and finished, and not revoked in the save on disk"
        )
      }
    }
    return nil
  }

  // MARK: - money.nothing-lost

  /// A paid, unrevoked transaction that is neither delivered nor still unfinished.
  func paidUndelivered(_ inspection: DeviceInspection, _ saves: Saves) -> InvariantBreak? {
    let ledger = inspection.isOpen ? saves.running?.ledger : saves.disk?.ledger
    for transaction in inspection.account.transactions
    where CheckerHistory.isApps(transaction) && !transaction.isRevoked && transaction.finished
      && !history.finishedBefore.contains(transaction.id) && ledger?.contains(transaction.id) != true
    {
      return InvariantBreak(
        .nothingLost, expected: "every paid, unrevoked transaction delivered or still unfinished",
        found: "\(Self.transaction(transaction.id, transaction.productID)) finished, and not in "
          + (inspection.isOpen ? "the running app's ledger" : "the ledger of the save on disk"))
    }
    return nil
  }

  // MARK: - money.entitlements

  /// After a launch, a finished restore or drained updates: a permanent purchase owned that the
  /// account does not hold unrevoked as the device sees it, or the other way round.
  func entitlementsMismatch(_ step: StepRecord, after: DeviceInspection) -> InvariantBreak? {
    guard let running = after.running, !after.isRestoring, after.heldForLaunch.isEmpty else { return nil }
    var products: Set<PermanentPurchase> = []
    if step.launched {
      products = Set(PermanentPurchase.allCases)
    } else if case .restored = step.restored {
      products = Set(PermanentPurchase.allCases)
    }
    for event in step.storeEvents {
      switch event {
      case .saveFailed, .heldForLaunch, .reconciliationNotSaved:
        return nil
      case .delivered(_, let product, _), .alreadyDelivered(_, let product, _),
        .ownedAgain(_, let product, _),
        .revoked(_, let product, _, _):
        if let permanent = product.permanent { products.insert(permanent) }
      default:
        break
      }
    }
    // What the device's StoreKit sees (a new device or an offline one has only its cache), and
    // nothing verified while the store's Verification error is on.
    let verifies = after.account.settings.simulatedError(.verification) == nil
    let held = Set(
      after.account.deviceTransactions.lazy.filter {
        verifies && $0.bundleID == ProductID.bundleID && $0.type == .nonConsumable && !$0.isRevoked
      }.compactMap { ProductID(fullID: $0.productID)?.permanent })
    let wrong = PermanentPurchase.allCases.filter {
      products.contains($0) && running.game.owns($0) != held.contains($0)
    }
    guard !wrong.isEmpty else { return nil }
    let names = { (items: [PermanentPurchase]) in Self.list(items.map(\.rawValue)) }
    return InvariantBreak(
      .entitlements,
      expected:
        "the app to own exactly what the account holds unrevoked (\(names(wrong.filter(held.contains))))",
      found: "after `\(step.line)` the app owns \(names(wrong.filter(running.game.owns)))")
  }

  // MARK: - money.prices

  /// A purchase in this step of a product the store did not sell (unavailable, or offline) that
  /// made a transaction.
  func unavailableSold(_ step: StepRecord, before: DeviceInspection, after: DeviceInspection)
    -> InvariantBreak?
  {
    guard let product = step.purchase else { return nil }
    let settings = before.account.settings
    guard settings.offline || settings.unavailable.contains(product.fullID) else { return nil }
    let known = Set(before.account.transactions.map(\.id))
    guard
      let made = after.account.transactions.first(where: {
        !known.contains($0.id) && $0.productID == product.fullID
      })
    else { return nil }
    return InvariantBreak(
      .prices, expected: "no purchase of \(product.rawValue) while the store does not sell it",
      found: "`\(step.line)` made \(Self.transaction(made.id, made.productID)) while it was "
        + (settings.offline ? "offline" : "unavailable"))
  }

  /// The shop, while the app is open: a price that is not the catalogue's for the storefront and
  /// locale, or a product priced that the store does not sell.
  func shopMispriced(_ inspection: DeviceInspection, device: Device) async -> InvariantBreak? {
    guard let running = inspection.running, !inspection.isRestoring else { return nil }
    let settings = inspection.account.settings
    if let checked = shopChecked, checked.settings == settings, checked.owned == running.game.owned {
      return checked.found
    }
    guard let shop = try? await device.shop() else { return nil }
    let found = mispricing(shop, settings: settings, catalogue: device.catalogue)
    shopChecked = (settings, running.game.owned, found)
    return found
  }

  private func mispricing(
    _ shop: ShopView, settings: AppStoreSettings, catalogue: StoreCatalogue
  ) -> InvariantBreak? {
    for item in shop.items {
      let sold =
        !settings.offline && settings.simulatedError(.loadProducts) == nil
        && !settings.unavailable.contains(item.id.fullID)
      guard var configured = catalogue.item(item.id.fullID), sold else {
        guard let product = item.product else { continue }
        return InvariantBreak(
          .prices, expected: "\(item.id.rawValue) shown without a price (the store does not sell it now)",
          found: "it priced at \(product.displayPrice)")
      }
      if let edited = settings.prices?[configured.productID] { configured.displayPrice = edited }
      let price = catalogue.displayPrice(configured, in: settings.storefront, locale: settings.locale)
      guard let product = item.product else {
        return InvariantBreak(
          .prices, expected: "\(item.id.rawValue) priced \(price), as the catalogue says",
          found: "it shown as unavailable")
      }
      if product.displayPrice != price {
        return InvariantBreak(
          .prices, expected: "\(item.id.rawValue) priced \(price), as the catalogue says",
          found: "it priced at \(product.displayPrice)")
      }
    }
    return nil
  }
}
