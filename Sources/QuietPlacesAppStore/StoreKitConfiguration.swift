import FoundationEssentials
import QuietPlacesStoreKit
import QuietPlacesUtilities

/// An Xcode StoreKit configuration file (`.storekit`): the products and the test settings.
///
/// Reads file versions 1 to 5. Consumables and non-consumables become ``Product`` values;
/// non-renewing subscriptions and subscription groups are kept for writing back but not
/// sold, and their product IDs are listed in ``ignoredProductIDs``. Every key is kept, so
/// ``xcodeFormattedData()`` writes a loaded file back byte for byte in Xcode's layout.
public struct StoreKitConfiguration: Sendable, Equatable, Codable {
  /// The kind of in-app purchase.
  public enum ProductType: String, Sendable, Equatable, Codable, CaseIterable {
    /// Bought any number of times; not restorable.
    case consumable = "Consumable"
    /// Bought once, owned permanently, restorable.
    case nonConsumable = "NonConsumable"
  }

  /// A product's name and description in one locale.
  public struct Localization: Sendable, Equatable, Codable {
    /// The locale, such as `en_GB`.
    public var locale: String
    /// The name the store shows.
    public var displayName: String
    /// The description the store shows.
    public var description: String
    var otherKeys: [String: StoreKitJSON] = [:]

    /// Makes a localization.
    public init(locale: String, displayName: String, description: String) {
      self.locale = locale
      self.displayName = displayName
      self.description = description
    }
  }

  /// A consumable or non-consumable product.
  public struct Product: Sendable, Equatable, Codable, Identifiable {
    /// The product ID, such as `com.gallaxgames.quietplaces.charts`.
    public var id: String
    /// Consumable or non-consumable.
    public var type: ProductType
    /// The configured price, without currency; the storefront supplies the currency.
    public var displayPrice: Decimal
    /// Whether Family Sharing is on.
    public var familyShareable: Bool
    /// Xcode's internal identifier (8 upper-case hex digits in files Xcode writes).
    public var internalID: String
    /// The name in App Store Connect, never shown to players.
    public var referenceName: String
    /// The localizations, in file order.
    public var localizations: [Localization]
    var displayPriceText: String?
    var otherKeys: [String: StoreKitJSON] = [:]

    /// Makes a product.
    public init(
      id: String, type: ProductType, displayPrice: Decimal, familyShareable: Bool = false, internalID: String,
      referenceName: String, localizations: [Localization]
    ) {
      self.id = id
      self.type = type
      self.displayPrice = displayPrice
      self.familyShareable = familyShareable
      self.internalID = internalID
      self.referenceName = referenceName
      self.localizations = localizations
    }

    /// The localizations keyed by locale.
    public var localizationsByLocale: [String: Localization] {
      Dictionary(localizations.map { ($0.locale, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The localization for `locale`, if the product has one.
    public func localization(for locale: String) -> Localization? {
      localizations.first { $0.locale == locale }
    }
  }

  /// The test settings Xcode keeps in the file; nil where the file does not say.
  public struct Settings: Sendable, Equatable, Codable {
    /// `_storefront`: ISO 3166-1 alpha-3 code such as `GBR`.
    public var storefront: String?
    /// `_locale`: such as `en_GB`.
    public var locale: String?
    /// `_askToBuyEnabled`.
    public var askToBuyEnabled: Bool?
    /// `_failTransactionsEnabled`.
    public var failTransactionsEnabled: Bool?
    var otherKeys: [String: StoreKitJSON] = [:]

    /// Makes settings.
    public init(
      storefront: String? = nil, locale: String? = nil, askToBuyEnabled: Bool? = nil,
      failTransactionsEnabled: Bool? = nil
    ) {
      self.storefront = storefront
      self.locale = locale
      self.askToBuyEnabled = askToBuyEnabled
      self.failTransactionsEnabled = failTransactionsEnabled
    }
  }

  /// The file format version.
  public struct Version: Sendable, Equatable, Codable {
    /// 1 to 5.
    public var major: Int
    /// Any non-negative number.
    public var minor: Int

    /// Makes a version.
    public init(major: Int, minor: Int) {
      self.major = major
      self.minor = minor
    }
  }

  /// The file's identifier (8 upper-case hex digits in files Xcode writes).
  public var identifier: String
  /// The file format version.
  public var version: Version
  /// The consumables and non-consumables, in file order.
  public var products: [Product]
  /// The test settings.
  public var settings: Settings
  /// Product IDs of non-renewing subscriptions and subscriptions, which are read but not sold.
  public internal(set) var ignoredProductIDs: [String] = []
  var nonRenewingSubscriptions: StoreKitJSON = .array([])
  var subscriptionGroups: StoreKitJSON = .array([])
  var otherKeys: [String: StoreKitJSON] = [:]

  /// Makes a configuration with no subscriptions.
  public init(identifier: String, version: Version, products: [Product], settings: Settings) {
    self.identifier = identifier
    self.version = version
    self.products = products
    self.settings = settings
  }

  /// The storefront the simulated store starts in (`_storefront`, else `USA` as Xcode assumes).
  public var defaultStorefront: String { settings.storefront ?? "USA" }
  /// The locale the simulated store starts in (`_locale`, else `en_US`).
  public var defaultLocale: String { settings.locale ?? "en_US" }
  /// Whether purchases start out needing approval (`_askToBuyEnabled`, else false).
  public var askToBuyEnabled: Bool { settings.askToBuyEnabled ?? false }
  /// Whether purchases start out failing (`_failTransactionsEnabled`, else false).
  public var failTransactionsEnabled: Bool { settings.failTransactionsEnabled ?? false }

  /// The product with ID `id`, if the file has one.
  public func product(id: String) -> Product? {
    products.first { $0.id == id }
  }

  /// Reads and checks a `.storekit` file; errors name the file by its last path component.
  public static func load(from url: URL) throws(StoreKitConfigurationError) -> StoreKitConfiguration {
    let name = url.lastPathComponent
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw .unreadable(path: name, reason: error.readableReason)
    }
    return try parse(data, path: name)
  }

  /// Checks the bytes of a `.storekit` file; `path` is how error messages name it.
  public static func parse(_ data: Data, path: String) throws(StoreKitConfigurationError)
    -> StoreKitConfiguration
  {
    let json: StoreKitJSON
    do {
      json = try StoreKitJSONParser.parse(data)
    } catch {
      throw .notJSON(path: path, detail: error.message)
    }
    return try StoreKitConfigurationReader(path: path).configuration(json)
  }

  /// The file's bytes exactly as Xcode writes them: sorted keys, `" : "`, two-space indents.
  public func xcodeFormattedData() -> Data {
    Data(json.xcodeText().utf8)
  }

  var json: StoreKitJSON {
    var top = otherKeys
    top["identifier"] = .string(identifier)
    top["nonRenewingSubscriptions"] = nonRenewingSubscriptions
    top["subscriptionGroups"] = subscriptionGroups
    top["version"] = .object(["major": .number("\(version.major)"), "minor": .number("\(version.minor)")])
    top["products"] = .array(products.map(\.json))
    top["settings"] = settings.json
    return .object(top)
  }
}

extension StoreKitConfiguration.Product {
  var json: StoreKitJSON {
    var members = otherKeys
    let text = displayPriceText.flatMap { Decimal(string: $0) == displayPrice ? $0 : nil }
    members["displayPrice"] = .string(text ?? "\(displayPrice)")
    members["familyShareable"] = .bool(familyShareable)
    members["internalID"] = .string(internalID)
    members["localizations"] = .array(localizations.map(\.json))
    members["productID"] = .string(id)
    members["referenceName"] = .string(referenceName)
    members["type"] = .string(type.rawValue)
    return .object(members)
  }
}

extension StoreKitConfiguration.Localization {
  var json: StoreKitJSON {
    var members = otherKeys
    members["description"] = .string(description)
    members["displayName"] = .string(displayName)
    members["locale"] = .string(locale)
    return .object(members)
  }
}

extension StoreKitConfiguration.Settings {
  var json: StoreKitJSON {
    var members = otherKeys
    if let storefront { members["_storefront"] = .string(storefront) }
    if let locale { members["_locale"] = .string(locale) }
    if let askToBuyEnabled { members["_askToBuyEnabled"] = .bool(askToBuyEnabled) }
    if let failTransactionsEnabled { members["_failTransactionsEnabled"] = .bool(failTransactionsEnabled) }
    return .object(members)
  }
}
