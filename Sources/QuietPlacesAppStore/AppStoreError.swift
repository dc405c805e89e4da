import QuietPlacesStoreKit

/// What went wrong with the simulated store's account or one of its test controls.
public enum AppStoreError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The account file exists but cannot be read.
  case accountUnreadable(path: String, reason: String)
  /// The account file is not a valid account.
  case accountCorrupt(path: String, problem: String)
  /// The account file could not be written; the change was not made.
  case accountWriteFailed(path: String, reason: String)
  /// A signing key, certificate or signature could not be made.
  case signingFailed(String)
  /// No transaction has this ID; the account's IDs are listed.
  case unknownTransaction(TransactionID, accountIDs: [TransactionID])
  /// No purchase waits for approval; `interrupted` purchases wait for `resolve` instead; `on` is
  /// whether Ask to Buy is on.
  case nothingPending(interrupted: Int, on: Bool)
  /// No purchase waiting for approval has this ID; the waiting ones are listed.
  case unknownPending(UInt64, waiting: [UInt64])
  /// No purchase is interrupted; `awaitingApproval` purchases wait for `approve` instead; `on` is
  /// whether interrupted purchases are on.
  case nothingInterrupted(awaitingApproval: Int, on: Bool)
  /// No interrupted purchase has this ID; the interrupted ones are listed.
  case unknownInterrupted(UInt64, waiting: [UInt64])
  /// The product has no unrevoked transaction to refund.
  case nothingToRefund(String)
  /// The transaction was refunded already.
  case alreadyRefunded(TransactionID)
  /// The product is not in the store's configuration.
  case unknownProduct(String)
  /// The product is unavailable (`store unavailable`): the App Store sells it nowhere.
  case productUnavailable(String)
  /// `approve` or `resolve` of a waiting purchase whose product the store no longer sells (`approval`
  /// says which wait): completing it would make a transaction of a product the store does not sell.
  case waitingProductUnavailable(String, approval: Bool)
  /// `foreign` was given one of the app's own products.
  case notForeign(String)
  /// The configuration's default storefront is not one the store localises.
  case unsupportedStorefront(String)
  /// A price that is not a plain decimal.
  case badPrice(String)
  /// A price above the highest this store takes.
  case priceTooHigh(String, highest: String)
  /// A locale CLDR has no data for.
  case unknownLocale(String)
  /// `continue` with no restore waiting.
  case noRestoreWaiting(armed: Bool)
  /// The account has given out its last transaction ID, `last`; no purchase or transaction can start.
  case transactionIDsExhausted(last: TransactionID)

  /// One sentence: what was wrong and what would be right.
  public var description: String {
    switch self {
    case .accountUnreadable(let path, let reason):
      "the store account \(path) cannot be read (\(reason)); check its permissions or move it away"
    case .accountCorrupt(let path, let problem):
      "the store account \(path) is corrupt: \(problem); repair it or move it away to start a fresh account"
    case .accountWriteFailed(let path, let reason):
      "the store account \(path) could not be saved (\(reason)); nothing was changed"
    case .signingFailed(let detail):
      "the store could not sign: \(detail)"
    case .unknownTransaction(let id, let ids):
      "no transaction with ID \(id); "
        + (ids.isEmpty ? "the account has no transactions" : "the account has IDs \(Self.ranges(ids))")
    case .nothingPending(let interrupted, _) where interrupted > 0:
      "no purchase is waiting for approval; \(Self.purchases(interrupted)) interrupted instead: "
        + "store resolve completes \(interrupted == 1 ? "it" : "them")"
    case .nothingPending(_, let on):
      "no purchase is waiting for approval; "
        + (on ? "Ask to Buy is on: buy something first" : "turn ask-to-buy on and buy something first")
    case .unknownPending(let id, let waiting):
      "no purchase waiting for approval has ID \(id); " + Self.waitingList(waiting)
    case .nothingInterrupted(let waiting, _) where waiting > 0:
      "no purchase is interrupted; \(Self.purchases(waiting)) waiting for approval instead (Ask to Buy "
        + "comes first): store approve or store decline answers \(waiting == 1 ? "it" : "them")"
    case .nothingInterrupted(_, let on):
      "no purchase is interrupted; "
        + (on
          ? "interrupted purchases are on: buy something first"
          : "turn interrupted on and buy something first")
    case .unknownInterrupted(let id, let waiting):
      "no interrupted purchase has ID \(id); " + Self.waitingList(waiting)
    case .nothingToRefund(let product):
      "\(product) has no unrevoked transaction to refund; buy it first"
    case .alreadyRefunded(let id):
      "transaction \(id) is already refunded; refund another transaction"
    case .waitingProductUnavailable(let product, let approval):
      "\(product) is unavailable in the App Store (store available brings it back), so the purchase "
        + (approval
          ? "waiting for approval cannot complete; decline it, or make the product available and approve it"
          : "that was interrupted cannot complete; make the product available and resolve it")
    case .productUnavailable(let product):
      "\(product) is unavailable in the App Store (store available brings it back), so it cannot be bought "
        + "on another device either"
    case .unknownProduct(let product):
      "\(product) is not in the store's configuration; use one of the configured products"
    case .notForeign(let product):
      "\(product) is one of the app's own products; foreign needs an unknown product ID or another bundle's"
    case .badPrice(let price):
      "'\(price)' is not a price; write a decimal without currency, with up to 9 digits before the point and 4 after, such as 0.99, 160 or 4900"
    case .priceTooHigh(let price, let highest):
      "\(price) is above the highest price this store takes (\(highest)); no App Store price in any currency comes near it"
    case .unknownLocale(let locale) where PriceFormats.splitKeywords(locale).numbers != nil:
      "'\(locale)' is not a locale this store writes prices for; the numbering system may be latn "
        + "(ar_SA@numbers=latn, ar-SA-u-nu-latn) or left out for the locale's own"
    case .unknownLocale(let locale):
      "'\(locale)' is not a locale CLDR knows; write a locale like en_GB, en_US, ja, de or zh_CN"
    case .unsupportedStorefront(let storefront):
      "\(storefront) is not an App Store storefront; write an ISO 3166-1 alpha-3 code such as GBR, USA, JPN or DEU"
    case .noRestoreWaiting(let armed):
      armed
        ? "no restore is waiting yet; the delay applies to the next restore, so restore first"
        : "no restore is waiting; use delay-restore and then restore first"
    case .transactionIDsExhausted(let last):
      "the App Store account has given out its last transaction ID, \(last), so no new transaction "
        + "can start; new starts a fresh account"
    }
  }

  /// IDs as ranges, `1–4, 7`.
  static func ranges(_ ids: [UInt64]) -> String {
    var runs: [(first: UInt64, last: UInt64)] = []
    for id in Set(ids).sorted() {
      if let run = runs.last, id == run.last + 1 {
        runs[runs.count - 1].last = id
      } else {
        runs.append((id, id))
      }
    }
    return runs.map { $0.first == $0.last ? "\($0.first)" : "\($0.first)–\($0.last)" }.joined(separator: ", ")
  }

  /// `1 purchase is` or `3 purchases are`.
  private static func purchases(_ count: Int) -> String {
    count == 1 ? "1 purchase is" : "\(count) purchases are"
  }

  private static func waitingList(_ ids: [UInt64]) -> String {
    ids.count == 1 ? "the waiting one is \(ids[0])" : "the waiting ones are \(ranges(ids))"
  }
}
