import FoundationEssentials
import QuietPlacesStoreKit

/// What an account holds that only the catalogue it sells from can check: product IDs, storefronts,
/// the locale and the currencies of recorded prices.
extension StoreAccount {
  /// The first setting or recorded price the catalogue cannot stand behind, or `nil` when all can:
  /// the storefront (and every transaction's) is one of the App Store's, the locale is one CLDR
  /// writes prices for, every product the settings name (unavailable, prices) is the full ID of a
  /// product of the catalogue, and every recorded price is a decimal in its storefront's currency.
  ///
  /// An account the store wrote always passes; a hand-edited one (a support engineer's bundle) is
  /// refused instead of selling at a storefront that does not exist or overlooking an unavailable
  /// product named by its short name.
  public func catalogueProblem(_ catalogue: StoreCatalogue) -> String? {
    let formats = catalogue.formats
    if let problem = Self.storefrontProblem(settings.storefront, field: "settings.storefront", formats) {
      return problem
    }
    if let locale = settings.locale, formats.resolve(locale) == nil {
      return "'settings.locale' is '\(Self.clipped(locale))', not a locale prices are written for; "
        + "write one such as en_GB or de_DE, or leave it out for the StoreKit file's own"
    }
    for (index, productID) in settings.unavailable.enumerated() {
      if let problem = Self.productProblem(productID, field: "settings.unavailable[\(index)]", catalogue) {
        return problem
      }
    }
    for productID in (settings.prices ?? [:]).keys.sorted() {
      if let problem = Self.productProblem(
        productID, field: "settings.prices.\(Self.clipped(productID))", catalogue)
      {
        return problem
      }
    }
    for (index, transaction) in transactions.enumerated() {
      let field = "transactions[\(index)]"
      guard let info = formats.storefront(transaction.storefront.code) else {
        return Self.storefrontProblem(transaction.storefront, field: field + ".storefront", formats)
      }
      if let item = catalogue.item(transaction.productID), transaction.bundleID == catalogue.bundleID,
        item.type != transaction.type
      {
        return "'\(field).type' is \(transaction.type.rawValue), but the StoreKit file sells "
          + "\(catalogue.shortName(item.productID)) as \(item.type.rawValue); write \(item.type.rawValue)"
      }
      if let price = transaction.price, let problem = Self.priceProblem(price, field: field + ".price") {
        return problem
      }
      if let currency = transaction.currency, currency != info.currency {
        return "'\(field).currency' is '\(Self.clipped(currency))', but storefront "
          + "\(transaction.storefront.code) prices in \(info.currency); write \(info.currency)"
      }
      if (transaction.price == nil) != (transaction.currency == nil) {
        return "'\(field)' has a \(transaction.price == nil ? "currency" : "price") without a "
          + "\(transaction.price == nil ? "price" : "currency"); give both or neither"
      }
    }
    for (name, list) in [
      ("pendingApprovals", pendingApprovals), ("interruptedPurchases", interruptedPurchases),
    ] {
      for (index, waiting) in list.enumerated() {
        let field = "\(name)[\(index)]"
        if let problem = Self.storefrontProblem(waiting.storefront, field: field + ".storefront", formats)
          ?? waiting.price.flatMap({ Self.priceProblem($0, field: field + ".price") })
        {
          return problem
        }
      }
    }
    return nil
  }

  /// Why `productID`, named at `field`, is not a product of the catalogue; `nil` when it is.
  private static func productProblem(_ productID: String, field: String, _ catalogue: StoreCatalogue)
    -> String?
  {
    guard catalogue.item(productID) == nil else { return nil }
    if let item = catalogue.items.first(where: { catalogue.shortName($0.productID) == productID }) {
      return "'\(field)' is '\(productID)', a product's short name; an account names products by "
        + "their full ID: write '\(item.productID)'"
    }
    let ids = catalogue.items.map(\.productID)
    let known =
      ids.isEmpty ? "the StoreKit file sells nothing" : "its products are " + ids.joined(separator: ", ")
    return "'\(field)' is '\(clipped(productID))', not a product of the StoreKit file in use; \(known)"
  }

  /// Why `storefront`, at `field`, is not one of the App Store's; `nil` when it is.
  private static func storefrontProblem(_ storefront: Storefront, field: String, _ formats: PriceFormats)
    -> String?
  {
    guard formats.storefront(storefront.code) == nil else { return nil }
    return
      "'\(field)' is '\(storefront.code)', not an App Store storefront; write one of its codes, such as GBR "
      + "or USA"
  }

  /// Why `price`, at `field`, is not a price the store formats (digit by digit, as `store price`
  /// takes it); `nil` when it is one.
  static func priceProblem(_ price: String, field: String) -> String? {
    guard StoreKitConfigurationReader.decimal(price) == nil else { return nil }
    return "'\(field)' is '\(clipped(price))', not a price; a price is a decimal such as 0.99 or 4900"
  }

  /// `text`, cut to 40 characters with an ellipsis when longer, to quote in a message.
  private static func clipped(_ text: String) -> String {
    text.count > 40 ? String(text.prefix(40)) + "…" : text
  }
}
