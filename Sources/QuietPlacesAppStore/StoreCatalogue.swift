import FoundationEssentials
import QuietPlacesStoreKit
import QuietPlacesUtilities

/// What the simulated store sells and how it starts: the products and default settings of a
/// StoreKit configuration file.
public struct StoreCatalogue: Sendable, Equatable {
  /// One product as configured: ID, type, price decimal and its localizations.
  public struct Item: Sendable, Hashable {
    /// The full product ID.
    public var productID: String
    /// Consumable or non-consumable.
    public var type: ProductType
    /// The configured price as a decimal string, such as `0.99`; the storefront adds the currency.
    public var displayPrice: String
    /// Name and description by locale (`en_GB`, `en_US`).
    public var localizations: [String: Localization]

    /// Makes a configured product.
    public init(
      productID: String, type: ProductType, displayPrice: String, localizations: [String: Localization]
    ) {
      self.productID = productID
      self.type = type
      self.displayPrice = displayPrice
      self.localizations = localizations
    }
  }

  /// A product's name and description in one locale.
  public struct Localization: Sendable, Hashable {
    /// The localised display name.
    public var displayName: String
    /// The localised description.
    public var description: String
  }

  /// The app the store sells to: its transactions carry this bundle ID, and only its
  /// non-consumables are current entitlements.
  public var bundleID: String
  /// The products, in the configuration's order.
  public var items: [Item]
  /// The storefront a new account starts in.
  public var defaultStorefront: Storefront
  /// The locale used when the storefront's own localization is missing.
  public var defaultLocale: String {
    didSet { made = MadeProducts() }
  }
  /// Whether a new account starts with Ask to Buy on.
  public var askToBuyEnabled: Bool
  /// Whether a new account starts with failing purchases on.
  public var failTransactionsEnabled: Bool
  /// The StoreKit errors a new account starts with, by API: the error's name, or "" for the default.
  public var storeKitErrors: [StoreKitErrorSetting.API: String] = [:]
  /// Every storefront's currency and every locale's way of writing prices (CLDR).
  public var formats: PriceFormats {
    didSet { made = MadeProducts() }
  }
  /// The products made so far, shared by the catalogue's copies.
  private var made = MadeProducts()

  /// Makes a catalogue.
  public init(
    bundleID: String, items: [Item], defaultStorefront: Storefront = .gbr, defaultLocale: String = "en_GB",
    askToBuyEnabled: Bool = false, failTransactionsEnabled: Bool = false, formats: PriceFormats = .standard
  ) {
    self.bundleID = bundleID
    self.items = items
    self.defaultStorefront = defaultStorefront
    self.defaultLocale = defaultLocale
    self.askToBuyEnabled = askToBuyEnabled
    self.failTransactionsEnabled = failTransactionsEnabled
    self.formats = formats
  }

  /// A product ID without the app's bundle prefix (`charts`), or the full ID of another bundle's.
  public func shortName(_ productID: String) -> String {
    let prefix = bundleID + "."
    return productID.hasPrefix(prefix) ? String(productID.dropFirst(prefix.count)) : productID
  }

  /// The configured product with this full ID.
  public func item(_ productID: String) -> Item? {
    items.first { $0.productID == productID }
  }

  /// The product as the store returns it in `storefront` for a device in `locale` (nil: the
  /// configuration's `_locale`): the localization of that locale (else of its language, else the
  /// configuration's, else the first), and the price in the storefront's currency written by the
  /// locale's CLDR rules. A name left empty is shown as the product ID.
  ///
  /// A product is a pure function of the item, storefront and locale (and of the catalogue's
  /// default locale and formats), so each is made once: the shop asks for all five at every look.
  public func product(_ item: Item, in storefront: Storefront, locale: String? = nil) -> Product {
    let key = MadeProducts.Key(item: item, storefront: storefront, locale: locale ?? defaultLocale)
    if let product = made.products[key] { return product }
    let product = makeProduct(item, in: storefront, locale: key.locale)
    made.products[key] = product
    return product
  }

  /// Products already made by a catalogue and its copies, by what they were made from; a copy whose
  /// default locale or formats change starts afresh. Not part of what a catalogue is: two
  /// catalogues are equal whatever they made.
  struct MadeProducts: Sendable, Equatable {
    struct Key: Hashable, Sendable {
      var item: Item
      var storefront: Storefront
      var locale: String
    }

    let products = BoundedCache<Key, Product>(limit: 256)

    static func == (lhs: MadeProducts, rhs: MadeProducts) -> Bool { true }
  }

  private func makeProduct(_ item: Item, in storefront: Storefront, locale: String) -> Product {
    let language = String(PriceFormats.normalise(locale).prefix { $0 != "_" })
    let byLanguage = item.localizations.keys.sorted().first {
      PriceFormats.normalise($0).prefix { $0 != "_" } == language
    }
    let localization =
      item.localizations[locale] ?? byLanguage.flatMap { item.localizations[$0] }
      ?? item.localizations[defaultLocale] ?? item.localizations.sorted { $0.key < $1.key }.first?.value
      ?? Localization(displayName: "", description: "")
    return Product(
      id: item.productID, type: item.type,
      displayName: localization.displayName.isEmpty ? item.productID : localization.displayName,
      description: localization.description, displayPrice: displayPrice(item, in: storefront, locale: locale))
  }

  /// The item's price as StoreKit shows it in `storefront` for a device in `locale`, such as
  /// `£0.99`, `￥160` or `0,99 €`.
  public func displayPrice(_ item: Item, in storefront: Storefront, locale: String? = nil) -> String {
    let locale = locale ?? defaultLocale
    if let text = formats.displayPrice(item.displayPrice, storefront: storefront.code, locale: locale) {
      return text
    }
    let currency = formats.storefront(storefront.code)?.currency ?? storefront.code
    return currency + "\u{A0}" + item.displayPrice
  }
}

extension StoreCatalogue {
  /// The catalogue of a loaded StoreKit configuration, sold to the app `bundleID`: its products and
  /// its default settings.
  ///
  /// Prices keep at least two decimals (`5` becomes `5.00`); the storefront must be one of the
  /// App Store's (the loader has checked it against the same table).
  public init(configuration: StoreKitConfiguration, bundleID: String) throws(AppStoreError) {
    let formats = configuration.priceFormats.storefronts.isEmpty ? .standard : configuration.priceFormats
    guard let storefront = Storefront(argument: configuration.defaultStorefront, in: formats) else {
      throw .unsupportedStorefront(configuration.defaultStorefront)
    }
    let items = configuration.products.map { product in
      Item(
        productID: product.id, type: product.type == .consumable ? .consumable : .nonConsumable,
        displayPrice: Self.decimalText(product.displayPrice),
        localizations: product.localizations.reduce(into: [:]) { table, localization in
          table[localization.locale] = Localization(
            displayName: localization.displayName, description: localization.description)
        })
    }
    self.init(
      bundleID: bundleID, items: items, defaultStorefront: storefront,
      defaultLocale: configuration.defaultLocale,
      askToBuyEnabled: configuration.askToBuyEnabled,
      failTransactionsEnabled: configuration.failTransactionsEnabled, formats: formats)
    for setting in configuration.storeKitErrors {
      if let api = setting.api { storeKitErrors[api] = setting.error ?? "" }
    }
  }

  /// A price as a decimal string with at least two decimals, such as `0.99` or `5.00`.
  static func decimalText(_ price: Decimal) -> String {
    var text = "\(price)"
    guard let dot = text.firstIndex(of: ".") else { return text + ".00" }
    let decimals = text.distance(from: dot, to: text.endIndex) - 1
    if decimals < 2 { text += String(repeating: "0", count: 2 - decimals) }
    return text
  }
}
