import QuietPlacesStoreKit

/// The simulated store's test controls, as `SKTestSession` has them; part of the account.
public struct AppStoreSettings: Sendable, Codable, Equatable, Hashable {
  /// The error a StoreKit error setting makes `api` fail with now, if it is on.
  public func simulatedError(_ api: StoreKitErrorSetting.API) -> StoreError? {
    guard let error = storeKitErrors?[api.rawValue] else { return nil }
    return .simulated(api: api.rawValue, error: error.isEmpty ? "the default error" : error)
  }

  /// The storefront: currency of prices and localization of names.
  public var storefront: Storefront
  /// Prices edited during the session (`store price`), by full product ID, as decimal strings;
  /// nil or absent means every product costs what the configuration says.
  public var prices: [String: String]?
  /// The device's locale, which writes prices and picks localizations (`store locale`); nil is the
  /// configuration's `_locale`.
  public var locale: String?
  /// Purchases wait for approval.
  public var askToBuy: Bool
  /// Purchases are interrupted until resolved.
  public var interrupted: Bool
  /// Purchases fail.
  public var failPurchases: Bool
  /// The next purchase sheet is cancelled by the user (one shot).
  public var cancelNext: Bool
  /// The store cannot be reached: no catalogue, no purchase, no sync.
  public var offline: Bool
  /// Full IDs of the products missing from the store's answers, sorted.
  public var unavailable: [String]
  /// The StoreKit errors on, by API name (`Purchase`): the error's name, or "" for the default;
  /// nil or absent means none.
  public var storeKitErrors: [String: String]?
  /// The next restore's `sync` waits for `continueRestore` before it completes (one shot).
  public var delayRestore: Bool

  /// Makes settings.
  public init(
    storefront: Storefront, locale: String? = nil, askToBuy: Bool = false, interrupted: Bool = false,
    failPurchases: Bool = false,
    cancelNext: Bool = false, offline: Bool = false, unavailable: [String] = [], delayRestore: Bool = false
  ) {
    self.storefront = storefront
    self.locale = locale
    self.askToBuy = askToBuy
    self.interrupted = interrupted
    self.failPurchases = failPurchases
    self.cancelNext = cancelNext
    self.offline = offline
    self.unavailable = unavailable.sorted()
    self.delayRestore = delayRestore
  }

  /// The settings a new account starts with, from the configuration's defaults.
  public init(catalogue: StoreCatalogue) {
    self.init(
      storefront: catalogue.defaultStorefront, askToBuy: catalogue.askToBuyEnabled,
      failPurchases: catalogue.failTransactionsEnabled)
    if !catalogue.storeKitErrors.isEmpty {
      storeKitErrors = Dictionary(
        uniqueKeysWithValues: catalogue.storeKitErrors.map { ($0.key.rawValue, $0.value) })
    }
  }
}
