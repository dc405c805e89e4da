import FoundationEssentials
import QuietPlacesStoreKit
import QuietPlacesUtilities

/// An Xcode StoreKit configuration file (`.storekit`): the products and the test settings.
///
/// Reads every version Xcode writes (1.0 to 5.x; a newer major version with a warning when its
/// products can be read). Consumables and non-consumables become ``Product`` values; non-renewing
/// subscriptions, subscription groups (with their offers), `appPolicies` and unknown keys are kept
/// but not sold, and listed once each in ``notes``. Every key and every number's exact text is
/// kept, so a loaded file holds everything needed to write it back byte for byte.
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
    var otherKeys = JSONObject()

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
    /// The name in App Store Connect, never shown to players; nil when the file has none (or `null`).
    public var referenceName: String?
    /// The localizations, in file order.
    public var localizations: [Localization]
    var displayPriceText: String?
    var referenceNameIsNull = false
    var internalIDIsAbsent = false
    var otherKeys = JSONObject()

    // The Codable form (and so a device bundle's fingerprint of the catalogue) holds what the
    // product is, not how the file spelled an absent value.
    enum CodingKeys: String, CodingKey {
      case id, type, displayPrice, familyShareable, internalID, referenceName, localizations
      case displayPriceText, otherKeys
    }

    /// Makes a product.
    public init(
      id: String, type: ProductType, displayPrice: Decimal, familyShareable: Bool = false, internalID: String,
      referenceName: String?, localizations: [Localization]
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

    /// The name to show for `locale`: its localization's display name, else the first non-empty
    /// one, else the product ID (Xcode leaves names empty until someone types one).
    public func displayName(for locale: String) -> String {
      if let name = localization(for: locale)?.displayName, !name.isEmpty { return name }
      return localizations.first { !$0.displayName.isEmpty }?.displayName ?? id
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
    var otherKeys = JSONObject()

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

  /// The file's identifier (8 upper-case hex digits in files Xcode writes); nil in files of
  /// Xcode 12.0 to 12.4, which wrote none.
  public var identifier: String?
  /// The file format version.
  public var version: Version
  /// The consumables and non-consumables, in file order.
  public var products: [Product]
  /// The test settings.
  public var settings: Settings
  /// Product IDs of non-renewing subscriptions and subscriptions, which are read but not sold.
  public internal(set) var ignoredProductIDs: [String] = []
  /// What the file holds that Quiet Places ignores, one line per kind, such as
  /// `ignored: 3 auto-renewable subscriptions (Quiet Places sells none)`.
  public internal(set) var notes: [String] = []
  /// What loaded but deserves attention (a newer version, a locale CLDR does not know).
  public internal(set) var warnings: [String] = []
  /// The kind of each ignored subscription's product ID, such as `an auto-renewable subscription`.
  public internal(set) var subscriptionKinds: [String: String] = [:]
  /// The enabled StoreKit errors (`settings._storeKitErrors`) the simulated store applies.
  public internal(set) var storeKitErrors: [StoreKitErrorSetting] = []
  /// Every storefront's currency and every locale's way of writing prices: the table the loader
  /// was given; empty for a configuration made in code (the store then uses ``PriceFormats/standard``).
  public var priceFormats = PriceFormats()
  var nonRenewingSubscriptions: JSONValue = .array([])
  var subscriptionGroups: JSONValue = .array([])
  var otherKeys = JSONObject()

  // The Codable form is the file's content; what the loader said about it (notes, warnings) and the
  // price table are not part of it.
  enum CodingKeys: String, CodingKey {
    case identifier, version, products, settings, ignoredProductIDs, nonRenewingSubscriptions
    case subscriptionGroups, otherKeys
  }

  /// The largest file read: 4 MiB (files Xcode writes are a few kilobytes).
  public static let maximumFileSize = 4 * 1024 * 1024
  /// The most problems a refused file lists.
  public static let maximumProblems = 20

  /// Makes a configuration with no subscriptions.
  public init(identifier: String?, version: Version, products: [Product], settings: Settings) {
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

  /// Reads and checks a `.storekit` file; errors name the file by `path` (default: its last path
  /// component). A file over ``maximumFileSize`` is refused before it is read.
  public static func load(
    from url: URL, path: String? = nil, formats: PriceFormats = .standard
  ) throws(StoreKitConfigurationError) -> StoreKitConfiguration {
    let name = path ?? url.lastPathComponent
    let data: Data
    do {
      data = try FileBytes.read(url, atMost: maximumFileSize)
    } catch {
      guard case .tooLarge(let bytes, _) = error else {
        throw .unreadable(path: name, reason: error.reason(for: "a StoreKit file"))
      }
      throw .tooLarge(path: name, bytes: bytes)
    }
    return try parse(data, path: name, formats: formats)
  }

  /// Checks the bytes of a `.storekit` file; `path` is how messages name it. A UTF-8 byte order
  /// mark is skipped; more than ``maximumFileSize`` bytes are refused before parsing.
  public static func parse(
    _ data: Data, path: String, formats: PriceFormats = .standard
  ) throws(StoreKitConfigurationError) -> StoreKitConfiguration {
    guard data.count <= maximumFileSize else { throw .tooLarge(path: path, bytes: data.count) }
    var bytes = [UInt8](data)
    var bomColumns = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      bytes.removeFirst(3)
      bomColumns = 1
    }
    let json: JSONValue
    do {
      json = try JSONParser.parse(bytes)
    } catch {
      let problem = StoreKitProblem(
        file: path, jsonPath: "", line: error.line, column: error.column + (error.line == 1 ? bomColumns : 0),
        message: "not JSON: \(error.problem.description)")
      throw .refused(path: path, problems: [problem], total: 1)
    }
    var reader = StoreKitConfigurationReader(formats: formats)
    guard var configuration = reader.configuration(json) else {
      // Where each problem is: parse again, recording the position of every value.
      let positions = (try? JSONParser.parseRecordingPositions(bytes).positions) ?? [:]
      let problems = reader.findings.map { finding in
        let position = positions[finding.path] ?? positions[""] ?? .init(line: 1, column: 1)
        return StoreKitProblem(
          file: path, jsonPath: finding.path, line: position.line,
          column: position.column + (position.line == 1 ? bomColumns : 0), message: finding.message)
      }.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
      throw .refused(path: path, problems: Array(problems.prefix(maximumProblems)), total: problems.count)
    }
    configuration.notes = reader.notes
    configuration.warnings = reader.warnings
    configuration.subscriptionKinds = reader.subscriptionKinds
    configuration.storeKitErrors = reader.storeKitErrors
    configuration.priceFormats = formats
    return configuration
  }

  /// A product the app sells, as the app defines it: what a file's product is checked against.
  public struct ExpectedProduct: Sendable, Equatable {
    /// The full product ID.
    public var id: String
    /// The short name messages use (`charts`).
    public var name: String
    /// The type the app gives it.
    public var type: ProductType
    /// The name the player sees (`Luminous charts`); the short name when not given.
    public var displayName: String

    /// Makes an expected product.
    public init(id: String, name: String, type: ProductType, displayName: String? = nil) {
      self.id = id
      self.name = name
      self.type = type
      self.displayName = displayName ?? name
    }
  }

  /// One warning per product of `expected` whose type in the file differs (a subscription
  /// included), naming what the simulated store and the app then do: the store sells it as the
  /// file says, as a misconfigured catalogue would.
  public func typeMismatches(_ expected: [ExpectedProduct]) -> [String] {
    expected.compactMap { wanted in
      let app = "\(wanted.type.rawValue) in the app"
      if product(id: wanted.id) == nil, let kind = subscriptionKinds[wanted.id] {
        return "\(wanted.name) is \(kind) in this file but \(app): the store sells no subscriptions, "
          + "so \(wanted.displayName) is unavailable (no price, it cannot be bought or restored)"
      }
      guard let configured = product(id: wanted.id), configured.type != wanted.type else { return nil }
      let consequence =
        configured.type == .consumable
        ? "StoreKit never lists a consumable among current entitlements, so the launch or restore after "
          + "a purchase removes \(wanted.displayName), and nothing brings it back"
        : "the App Store sells it once per account: buying it again returns the first transaction "
          + "without a charge, and the app, which delivered it already, delivers nothing"
      return "\(wanted.name) is \(configured.type.rawValue) in this file but \(app): " + consequence
    }
  }
}
