import QuietPlacesAppStore
import QuietPlacesStore
import QuietPlacesStoreKit

/// One of the simulated App Store's test controls, as StoreKitTest's `SKTestSession` has them, with
/// its argument and the kind of answer it gives; ``Device/control(_:)`` applies it.
public struct StoreControl<Answer: Sendable>: Sendable {
  /// What the control does to the store.
  let apply: @Sendable (SimulatedAppStore) async throws(AppStoreError) -> Answer
}

extension StoreControl where Answer == Void {
  /// Switches the storefront.
  public static func storefront(_ storefront: Storefront) -> Self {
    Self { store throws(AppStoreError) in try await store.setStorefront(storefront) }
  }
  /// Ask to Buy on or off.
  public static func askToBuy(_ on: Bool) -> Self {
    Self { store throws(AppStoreError) in try await store.setAskToBuy(on) }
  }
  /// Interrupted purchases on or off.
  public static func interrupted(_ on: Bool) -> Self {
    Self { store throws(AppStoreError) in try await store.setInterrupted(on) }
  }
  /// Failing purchases on or off.
  public static func failPurchases(_ on: Bool) -> Self {
    Self { store throws(AppStoreError) in try await store.setFailPurchases(on) }
  }
  /// The next purchase sheet is cancelled by the user.
  public static var cancelNext: Self { Self { store throws(AppStoreError) in try await store.cancelNext() } }
  /// A StoreKit error setting on (with an error's name, or the default) or off.
  public static func storeKitError(_ api: StoreKitErrorSetting.API, _ error: String?, on: Bool) -> Self {
    Self { store throws(AppStoreError) in try await store.setStoreKitError(api, error, on: on) }
  }
  /// A new device: its StoreKit cache is empty until it syncs.
  public static var newDevice: Self { Self { store throws(AppStoreError) in try await store.newDevice() } }
  /// A product in or out of the store's answers.
  public static func available(_ product: ProductID, _ available: Bool) -> Self {
    Self { store throws(AppStoreError) in try await store.setAvailable(productID: product.fullID, available) }
  }
  /// The next restore waits after reading current entitlements.
  public static var delayRestore: Self {
    Self { store throws(AppStoreError) in try await store.delayRestore() }
  }
  /// A waiting restore continues.
  public static var continueRestore: Self {
    Self { store throws(AppStoreError) in try await store.continueRestore() }
  }
  /// The account is emptied (settings and key stay).
  public static var clear: Self { Self { store throws(AppStoreError) in try await store.clear() } }
}

extension StoreControl where Answer == Int {
  /// The store unreachable, or reachable again (the device then syncs); answers how many updates
  /// were held back and arrive now.
  public static func offline(_ on: Bool) -> Self {
    Self { store throws(AppStoreError) in try await store.setOffline(on) }
  }
}

extension StoreControl where Answer == String {
  /// Switches the device's locale; answers the CLDR locale it resolved to.
  public static func locale(_ locale: String) -> Self {
    Self { store throws(AppStoreError) in try await store.setLocale(locale) }
  }
  /// Sets a product's price in the configuration; answers it as this storefront writes it.
  public static func price(_ product: ProductID, _ price: String) -> Self {
    Self { store throws(AppStoreError) in try await store.setPrice(productID: product.fullID, price) }
  }
}

extension StoreControl where Answer == AccountTransaction {
  /// Approves a purchase waiting for approval (the oldest without an ID).
  public static func approve(_ id: UInt64?) -> Self {
    Self { store throws(AppStoreError) in try await store.approve(id) }
  }
  /// Resolves an interrupted purchase (the oldest without an ID).
  public static func resolve(_ id: UInt64?) -> Self {
    Self { store throws(AppStoreError) in try await store.resolve(id) }
  }
  /// A purchase on another device.
  public static func buyOutside(_ product: ProductID) -> Self {
    Self { store throws(AppStoreError) in try await store.buyOutside(productID: product.fullID) }
  }
  /// A transaction sent through updates again.
  public static func replay(_ id: UInt64) -> Self {
    Self { store throws(AppStoreError) in try await store.replay(id) }
  }
  /// A signed transaction of a product ID that is not one of the app's.
  public static func foreign(_ productID: String) -> Self {
    Self { store throws(AppStoreError) in
      try await store.foreign(productID: productID, appProductIDs: Set(ProductID.allCases.map(\.fullID)))
    }
  }
  /// Apple refunds a transaction.
  public static func refund(_ id: UInt64) -> Self {
    Self { store throws(AppStoreError) in try await store.refund(transaction: id) }
  }
  /// Apple refunds a product's latest purchase.
  public static func refundLatest(_ product: ProductID) -> Self {
    Self { store throws(AppStoreError) in try await store.refund(productID: product.fullID) }
  }
}

extension StoreControl where Answer == WaitingPurchase {
  /// Declines a purchase waiting for approval (the oldest without an ID).
  public static func decline(_ id: UInt64?) -> Self {
    Self { store throws(AppStoreError) in try await store.decline(id) }
  }
}

extension StoreControl where Answer == Transaction {
  /// A forged token sent through updates; answers its payload.
  public static func forge(_ product: ProductID) -> Self {
    Self { store throws(AppStoreError) in try await store.forge(productID: product.fullID) }
  }
}
