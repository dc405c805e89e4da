import QuietPlacesGame
import QuietPlacesStoreKit

/// How a purchase in the app ended.
public enum PurchaseOutcome: Sendable, Equatable {
  /// Paid; what the pipeline did is in the journal.
  case purchased(Product)
  /// The App Store returned a transaction the account already had (a product it sells as a
  /// non-consumable, bought again), as StoreKit 2 does: nothing was charged; what the pipeline did
  /// with it is in the journal.
  case returnedExisting(Product)
  /// The user cancelled the sheet; nothing granted.
  case cancelled(Product)
  /// Waiting for approval; nothing granted yet.
  case pending(Product)
  /// The store refused or failed; nothing granted.
  case failed(Product, StoreError)
  /// The store did not return the product: it cannot be bought or priced.
  case unavailable(ProductID)
  /// The catalogue could not be loaded, with the store's error.
  case storeUnreachable(ProductID, StoreError)
  /// A permanent purchase the app already owns: no purchase sheet, nothing charged.
  case alreadyOwned(ProductID)
}

/// How a restore ended.
public enum RestoreOutcome: Sendable, Equatable {
  /// Synced and reconciled; what changed is in the journal.
  case restored(owned: [PermanentPurchase])
  /// The store could not be reached (or its sync failed, as the error says); ownership already
  /// saved is kept.
  case storeUnreachable(owned: [PermanentPurchase], error: StoreError)
  /// The app died at a crash point while delivering a restored purchase.
  case crashed(AppCrash)
}

/// One row of the shop.
public struct ShopItem: Sendable, Equatable {
  /// The product.
  public var id: ProductID
  /// What the store returned for it, or `nil` when it did not (unavailable, or no network).
  public var product: Product?
  /// Whether a permanent purchase is owned.
  public var owned: Bool
}

/// The shop: the five products as the store returned them, and what is owned.
public struct ShopView: Sendable, Equatable {
  /// Rows in catalogue order.
  public var items: [ShopItem]
  /// Whether the catalogue could be loaded at all.
  public var reachable: Bool
  /// Why it could not, when it could not.
  public var failure: StoreError? = nil
}

extension AppModel {
  /// The shop as the store answers now; owned items stay owned when it cannot be reached.
  public func shop() async -> ShopView {
    let products: [Product]
    var failure: StoreError?
    do {
      products = try await store.products(for: ProductID.allCases.map(\.fullID))
    } catch {
      products = []
      failure = error
    }
    let items = ProductID.allCases.map { id in
      ShopItem(
        id: id, product: products.first { $0.id == id.fullID },
        owned: id.permanent.map { save.game.owns($0) } ?? false)
    }
    return ShopView(items: items, reachable: failure == nil, failure: failure)
  }

  /// Buys a product through the store; only a product the store returned can be bought.
  public func purchase(_ id: ProductID) async throws(AppCrash) -> PurchaseOutcome {
    if let permanent = id.permanent, save.game.owns(permanent) { return .alreadyOwned(id) }
    let products: [Product]
    do {
      products = try await store.products(for: [id.fullID])
    } catch {
      return .storeUnreachable(id, error)
    }
    guard let product = products.first(where: { $0.id == id.fullID }) else { return .unavailable(id) }
    let result: PurchaseResult
    do {
      result = try await store.purchase(product)
    } catch {
      return .failed(product, error)
    }
    switch result {
    case .success(let signed):
      try await process(signed, source: .purchase)
      return .purchased(product)
    case .userCancelled:
      return .cancelled(product)
    case .pending:
      return .pending(product)
    }
  }

  /// Restores purchases: `AppStore.sync()`, then the updates the sync brought, then reconciliation
  /// with current entitlements — the order a launch follows, so the same restore always reports the
  /// same deliveries in the same order, whichever task the system runs first.
  ///
  /// `settle` must return once every update the store has sent to this app has gone through the
  /// pipeline.
  ///
  /// An app that crashes while the sync's updates go through (a crash armed before saving a delivery)
  /// ends the restore there: whether the `updates` observer got to the crash before or after the
  /// sync returned, the restore reads no entitlements and reports the crash.
  public func restore(settle: @Sendable (AppModel) async -> Void) async -> RestoreOutcome {
    // Taken before the sync: the observer delivers what the sync sends while the sync returns.
    let crashedBefore = crashReport != nil
    do {
      try await store.sync()
    } catch {
      return .storeUnreachable(owned: save.game.owned, error: error)
    }
    await settle(self)
    if !crashedBefore, let crashReport { return .crashed(crashReport) }
    do {
      try await reconcileEntitlements()
    } catch {
      crash(error)
      return .crashed(error)
    }
    return .restored(owned: save.game.owned)
  }
}
