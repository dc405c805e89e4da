import FoundationEssentials
import QuietPlacesUtilities

/// Turns a parsed `.storekit` JSON value into a ``StoreKitConfiguration``, reading what Xcode
/// writes in every version, noting what Quiet Places ignores, and collecting every problem of a
/// file it cannot use (each with its JSON path) instead of stopping at the first.
struct StoreKitConfigurationReader {
  /// A problem before it has a line and column: the JSON path of the value and the message.
  struct Finding: Equatable {
    var path: String
    var message: String
  }

  /// The newest major version whose layout this reader knows.
  static let newestKnownMajor = 5
  static let productKeys: Set<String> = [
    "displayPrice", "familyShareable", "internalID", "localizations", "productID", "referenceName", "type",
  ]
  static let localizationKeys: Set<String> = ["description", "displayName", "locale"]
  static let topKeys: Set<String> = [
    "identifier", "nonRenewingSubscriptions", "products", "settings", "subscriptionGroups", "version",
  ]
  /// Top-level keys Xcode writes that Quiet Places has no use for.
  static let unusedTopKeys: [String] = ["appPolicies", "subscriptionOffersKeyPair"]

  let formats: PriceFormats
  private(set) var findings: [Finding] = []
  private(set) var notes: [String] = []
  private(set) var warnings: [String] = []
  /// The kind of each subscription's product ID (`auto-renewable subscription`).
  private(set) var subscriptionKinds: [String: String] = [:]
  /// The enabled StoreKit errors the simulated store applies.
  private(set) var storeKitErrors: [StoreKitErrorSetting] = []
  private var unknownKeys: [String] = []

  init(formats: PriceFormats) { self.formats = formats }

  /// The note of a file without `products`, which loads as one with none.
  static let missingProducts = "the file has no \"products\": read as no products"
  /// The note of a file whose `products` is `null`, which loads as one with none.
  static let nullProducts = "\"products\" is null: read as no products"

  private mutating func problem(_ path: String, _ message: String) {
    findings.append(Finding(path: path, message: message))
  }

  private static func child(_ path: String, _ key: String) -> String {
    path.isEmpty ? key : "\(path).\(key)"
  }

  /// The configuration, or nil when there are findings.
  mutating func configuration(_ json: JSONValue) -> StoreKitConfiguration? {
    guard case .object(var top) = json else {
      problem("", "the top level is \(json.shortDescription), expected an object")
      return nil
    }
    let version = readVersion(top.removeValue(forKey: "version"))
    var identifier: String?
    if let value = top.removeValue(forKey: "identifier") {
      switch value {
      case .string(let text): identifier = text
      case .null: break
      default: problem("identifier", "is \(value.shortDescription), expected a string like \"9D3E61A4\"")
      }
    }
    let settings = readSettings(top.removeValue(forKey: "settings"))
    var products: [StoreKitConfiguration.Product] = []
    switch top.removeValue(forKey: "products") {
    case nil: notes.append(Self.missingProducts)
    case .null?: notes.append(Self.nullProducts)
    case .array(let values)?:
      var seen: [String: Int] = [:]
      for (index, value) in values.enumerated() {
        guard let product = readProduct(value, path: "products[\(index)]") else { continue }
        if let first = seen[product.id] {
          problem(
            "products[\(index)].productID",
            "'\(product.id)' is also the ID of products[\(first)]; give each product its own ID")
          continue
        }
        seen[product.id] = index
        products.append(product)
      }
    case let other?: problem("products", "is \(other.shortDescription), expected an array")
    }
    // A price with more decimals than the storefront's currency shows is shown rounded: said, since
    // nothing on the shop's line tells it from a price that was written that way.
    if let currency = formats.storefront(settings.storefront ?? "USA")?.currency {
      let rounded = products.compactMap { product in
        product.displayPriceText.flatMap {
          formats.isRounded($0, in: currency) ? "\($0) (\(product.id))" : nil
        }
      }
      if !rounded.isEmpty {
        let digits = formats.decimalDigits(currency)
        warnings.append(
          "\(rounded.count == 1 ? "the price" : "the prices") \(rounded.joinedAsList("and")) "
            + "\(rounded.count == 1 ? "has" : "have") more decimals than \(currency) shows (\(digits)): shown "
            + "rounded in the file's storefront, as StoreKit testing does")
      }
    }
    var configuration = StoreKitConfiguration(
      identifier: identifier, version: version ?? .init(major: 1, minor: 0), products: products,
      settings: settings)
    if let value = top.removeValue(forKey: "nonRenewingSubscriptions") {
      configuration.nonRenewingSubscriptions = value
      if case .array(let subscriptions) = value {
        configuration.ignoredProductIDs += subscriptions.compactMap(Self.productID)
        for id in subscriptions.compactMap(Self.productID) {
          subscriptionKinds[id] = "a non-renewing subscription"
        }
        if !subscriptions.isEmpty {
          notes.append(
            "ignored: \(Self.count(subscriptions.count, "non-renewing subscription")) (Quiet Places sells none)"
          )
        }
      }
    }
    if let value = top.removeValue(forKey: "subscriptionGroups") {
      configuration.subscriptionGroups = value
      noteSubscriptionGroups(value, into: &configuration)
    }
    let unused = Self.unusedTopKeys.filter { top[$0] != nil }
    if !unused.isEmpty {
      notes.append(
        "ignored: \(unused.joined(separator: ", ")) (Quiet Places does not use \(unused.count == 1 ? "it" : "them"))"
      )
    }
    unknownKeys += top.keys.filter { !Self.unusedTopKeys.contains($0) }.sorted()
    if !unknownKeys.isEmpty {
      notes.append(
        "ignored: \(unknownKeys.count == 1 ? "a key" : "keys") this reader does not know: "
          + unknownKeys.joined(separator: ", "))
    }
    configuration.otherKeys = top
    return findings.isEmpty && version != nil ? configuration : nil
  }

  private mutating func noteSubscriptionGroups(
    _ value: JSONValue, into configuration: inout StoreKitConfiguration
  ) {
    guard case .array(let groups) = value else { return }
    var subscriptionCount = 0
    var offers = 0
    var codeOffers = 0
    var winBackOffers = 0
    var adHocOffers = 0
    for group in groups {
      guard case .object(let members) = group, case .array(let subscriptions)? = members["subscriptions"]
      else {
        continue
      }
      subscriptionCount += subscriptions.count
      configuration.ignoredProductIDs += subscriptions.compactMap(Self.productID)
      for id in subscriptions.compactMap(Self.productID) {
        subscriptionKinds[id] = "an auto-renewable subscription"
      }
      for subscription in subscriptions {
        guard case .object(let fields) = subscription else { continue }
        if case .array(let list)? = fields["adHocOffers"] { adHocOffers += list.count }
        if let intro = fields["introductoryOffer"], intro != .null { offers += 1 }
        if case .array(let list)? = fields["subscriptionOffers"] { offers += list.count }
        if case .array(let list)? = fields["codeOffers"] { codeOffers += list.count }
        if case .array(let list)? = fields["winbackOffers"] { winBackOffers += list.count }
      }
    }
    guard subscriptionCount > 0 else { return }
    var text = "ignored: \(Self.count(subscriptionCount, "auto-renewable subscription"))"
    if groups.count > 1 { text += " in \(groups.count) groups" }
    let extras = [
      offers > 0 ? Self.count(offers, "offer") : nil,
      codeOffers > 0 ? Self.count(codeOffers, "code offer") : nil,
      winBackOffers > 0 ? Self.count(winBackOffers, "win-back offer") : nil,
      adHocOffers > 0 ? Self.count(adHocOffers, "ad hoc offer") : nil,
    ].compactMap { $0 }
    if !extras.isEmpty { text += " with " + extras.joinedAsList("and") }
    notes.append(text + " (Quiet Places sells none)")
  }

  static func count(_ number: Int, _ noun: String) -> String {
    "\(number.withThousandsSeparators) \(noun)\(number == 1 ? "" : "s")"
  }

  private static func productID(_ value: JSONValue) -> String? {
    guard case .object(let members) = value, case .string(let id)? = members["productID"] else { return nil }
    return id
  }

  private mutating func readVersion(_ value: JSONValue?) -> StoreKitConfiguration.Version? {
    guard let value else {
      problem("", "key 'version' is missing; Xcode writes \"version\" : { \"major\" : 4, \"minor\" : 0 }")
      return nil
    }
    guard case .object(let members) = value else {
      problem(
        "version", "is \(value.shortDescription), expected an object like { \"major\" : 4, \"minor\" : 0 }")
      return nil
    }
    let major = integer(members["major"], "version.major", "version")
    let minor = integer(members["minor"], "version.minor", "version")
    guard let major, let minor else { return nil }
    guard major >= 1 else {
      problem("version.major", "is \(major); versions start at 1")
      return nil
    }
    if major > Self.newestKnownMajor {
      warnings.append(
        "version \(major).\(minor) is newer than the versions this reader knows (1.0 to \(Self.newestKnownMajor).x); "
          + "its products were read as in version \(Self.newestKnownMajor)")
    }
    return StoreKitConfiguration.Version(major: major, minor: minor)
  }

  private mutating func integer(_ value: JSONValue?, _ path: String, _ parent: String) -> Int? {
    guard let value else {
      let key = path.split(separator: ".").last.map(String.init) ?? path
      problem(parent, "key '\(key)' is missing")
      return nil
    }
    guard case .number(let text) = value, let number = Int(text), number >= 0 else {
      problem(path, "is \(value.shortDescription), expected a whole number")
      return nil
    }
    return number
  }

  private mutating func readSettings(_ value: JSONValue?) -> StoreKitConfiguration.Settings {
    var settings = StoreKitConfiguration.Settings()
    guard let value, value != .null else { return settings }
    guard case .object(var members) = value else {
      problem("settings", "is \(value.shortDescription), expected an object")
      return settings
    }
    if let storefront = members.removeValue(forKey: "_storefront") {
      switch storefront {
      case .string(let code) where code.isEmpty: break
      case .string(let code) where formats.storefront(code) != nil && code == code.uppercased():
        settings.storefront = code
      default:
        problem(
          "settings._storefront",
          "is \(storefront.shortDescription), expected an App Store storefront's ISO 3166-1 alpha-3 code such as "
            + "\"GBR\", \"USA\", \"JPN\" or \"DEU\"")
      }
    }
    if let locale = members.removeValue(forKey: "_locale") {
      switch locale {
      case .string(let text) where text.isEmpty: break
      case .string(let text) where Self.isLocaleIdentifier(text):
        settings.locale = text
        if let numbers = PriceFormats.splitKeywords(text).numbers,
          !PriceFormats.numberingSystems.contains(numbers), !formats.storefronts.isEmpty
        {
          warnings.append(
            "settings._locale '\(text)' asks for the numbering system '\(numbers)', which this store does not "
              + "write (only latn, or the locale's own); prices are written as the currency's code and the "
              + "configuration's number (GBP 0.99)")
        } else if formats.rules(text) == nil, !formats.storefronts.isEmpty {
          warnings.append(
            "settings._locale '\(text)' is a locale CLDR has no data for; prices are written as the currency's "
              + "code and the configuration's number (GBP 0.99)")
        }
      default:
        problem(
          "settings._locale",
          "is \(locale.shortDescription), expected a locale identifier like \"en_GB\" or \"ar_SA@numbers=latn\""
        )
      }
    }
    if let value = members.removeValue(forKey: "_askToBuyEnabled") {
      settings.askToBuyEnabled = bool(value, "settings._askToBuyEnabled")
    }
    if let value = members.removeValue(forKey: "_failTransactionsEnabled") {
      settings.failTransactionsEnabled = bool(value, "settings._failTransactionsEnabled")
    }
    // Kept among the other keys, so the file is written back as it was.
    readStoreKitErrors(members["_storeKitErrors"])
    settings.otherKeys = members
    return settings
  }

  /// Xcode's StoreKit error settings, read tolerantly: an entry that is not an object with a
  /// string `name` is skipped, `enabled` counts only when it is `true`, `current` may be anything.
  /// The enabled ones the simulated store models are applied; the others are named in one warning.
  private mutating func readStoreKitErrors(_ value: JSONValue?) {
    guard case .array(let entries)? = value else { return }
    var unmodelled: [String] = []
    for entry in entries {
      guard case .object(let fields) = entry, case .string(let name)? = fields["name"] else { continue }
      guard fields["enabled"] == .bool(true) else { continue }
      let setting = StoreKitErrorSetting(
        name: name, enabled: true, error: StoreKitErrorSetting.errorName(fields["current"]))
      if let api = setting.api {
        storeKitErrors.append(setting)
        notes.append("settings._storeKitErrors: \(name) is enabled (\(setting.errorName)): \(api.effect)")
      } else {
        unmodelled.append(name)
      }
    }
    guard !unmodelled.isEmpty else { return }
    warnings.append(
      "settings._storeKitErrors: \(unmodelled.joinedAsList("and")) \(unmodelled.count == 1 ? "is" : "are") "
        + "enabled but not applied: the simulated store models only "
        + StoreKitErrorSetting.API.allCases.map(\.rawValue).joinedAsList("and"))
  }

  private mutating func bool(_ value: JSONValue, _ path: String) -> Bool? {
    guard case .bool(let flag) = value else {
      problem(path, "is \(value.shortDescription), expected true or false")
      return nil
    }
    return flag
  }

  private mutating func readProduct(_ value: JSONValue, path: String) -> StoreKitConfiguration.Product? {
    guard case .object(var members) = value else {
      problem(path, "is \(value.shortDescription), expected a product object")
      return nil
    }
    let before = findings.count
    var id = ""
    switch members.removeValue(forKey: "productID") {
    case .string(let text)? where !text.isEmpty: id = text
    case nil: problem(path, "key 'productID' is missing; every product needs its product ID")
    case let other?:
      problem(
        Self.child(path, "productID"),
        "is \(other.shortDescription), expected a product ID like \"com.gallaxgames.quietplaces.charts\"")
    }
    var type = StoreKitConfiguration.ProductType.consumable
    switch members.removeValue(forKey: "type") {
    case .string(let text)?:
      if let known = StoreKitConfiguration.ProductType(rawValue: text) {
        type = known
      } else {
        problem(
          Self.child(path, "type"),
          "is '\(text)', expected \"Consumable\" or \"NonConsumable\" (subscriptions belong in subscriptionGroups)"
        )
      }
    case nil: problem(path, "key 'type' is missing; write \"Consumable\" or \"NonConsumable\"")
    case let other?:
      problem(
        Self.child(path, "type"), "is \(other.shortDescription), expected \"Consumable\" or \"NonConsumable\""
      )
    }
    var price = Decimal(0)
    var priceText = "0"
    switch members.removeValue(forKey: "displayPrice") {
    case .string(let text)? where Self.decimal(text) != nil:
      price = Self.decimal(text)!
      priceText = text
    case .string(let text)? where Self.isAboveHighestPrice(text):
      problem(
        Self.child(path, "displayPrice"),
        "is '\(text)', above the highest price this store takes (\(Self.highestPrice)); "
          + "no App Store price in any currency comes near it")
    case nil:
      problem(path, "key 'displayPrice' is missing; write the price as a decimal string like \"4.99\"")
    case let other?:
      problem(
        Self.child(path, "displayPrice"),
        "is \(other.shortDescription), expected a decimal string like \"4.99\" (no currency, no comma)")
    }
    var familyShareable = false
    if let value = members.removeValue(forKey: "familyShareable"), value != .null {
      familyShareable = bool(value, Self.child(path, "familyShareable")) ?? false
    }
    let internalID = optionalString(members.removeValue(forKey: "internalID"), Self.child(path, "internalID"))
    let referenceValue = members.removeValue(forKey: "referenceName")
    let referenceName = optionalString(referenceValue, Self.child(path, "referenceName"))
    var localizations: [StoreKitConfiguration.Localization] = []
    switch members.removeValue(forKey: "localizations") {
    case nil, .null?: break
    case .array(let values)?:
      var seen: [String: Int] = [:]
      for (index, value) in values.enumerated() {
        let itemPath = "\(path).localizations[\(index)]"
        guard let localization = readLocalization(value, path: itemPath) else { continue }
        if let first = seen[localization.locale] {
          problem(
            Self.child(itemPath, "locale"),
            "'\(localization.locale)' is also the locale of localizations[\(first)]; give each locale one localization"
          )
          continue
        }
        seen[localization.locale] = index
        localizations.append(localization)
      }
    case let other?:
      problem(Self.child(path, "localizations"), "is \(other.shortDescription), expected an array")
    }
    unknownKeys += members.keys.sorted().map { Self.child(path, $0) }
    guard findings.count == before else { return nil }
    var product = StoreKitConfiguration.Product(
      id: id, type: type, displayPrice: price, familyShareable: familyShareable, internalID: internalID ?? "",
      referenceName: referenceName, localizations: localizations)
    product.displayPriceText = priceText
    product.referenceNameIsNull = referenceValue == .null
    product.internalIDIsAbsent = internalID == nil
    product.otherKeys = members
    return product
  }

  private mutating func optionalString(_ value: JSONValue?, _ path: String) -> String? {
    switch value {
    case nil, .null?: return nil
    case .string(let text)?: return text
    case let other?:
      problem(path, "is \(other.shortDescription), expected a string")
      return nil
    }
  }

  private mutating func readLocalization(_ value: JSONValue, path: String) -> StoreKitConfiguration
    .Localization?
  {
    guard case .object(var members) = value else {
      problem(path, "is \(value.shortDescription), expected a localization object")
      return nil
    }
    let before = findings.count
    var locale = ""
    switch members.removeValue(forKey: "locale") {
    case .string(let text)? where Self.isLocaleIdentifier(text): locale = text
    case nil: problem(path, "key 'locale' is missing; write a locale like \"en_GB\"")
    case let other?:
      problem(
        Self.child(path, "locale"),
        "is \(other.shortDescription), expected a locale identifier like \"en_GB\"")
    }
    let displayName = optionalString(
      members.removeValue(forKey: "displayName"), Self.child(path, "displayName"))
    let description = optionalString(
      members.removeValue(forKey: "description"), Self.child(path, "description"))
    unknownKeys += members.keys.sorted().map { Self.child(path, $0) }
    guard findings.count == before else { return nil }
    var localization = StoreKitConfiguration.Localization(
      locale: locale, displayName: displayName ?? "", description: description ?? "")
    localization.otherKeys = members
    return localization
  }

  /// Letters, digits, `_` and `-`, with ICU keywords after `@` (`ar_SA@numbers=latn`).
  static func isLocaleIdentifier(_ text: String) -> Bool {
    func isWord(_ part: Substring) -> Bool {
      !part.isEmpty
        && part.utf8.allSatisfy { byte in
          (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
    }
    guard text.utf8.count <= 60 else { return false }
    let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
    guard isWord(parts[0]) else { return false }
    guard parts.count == 2 else { return true }
    return parts[1].split(separator: ";", omittingEmptySubsequences: false).allSatisfy { keyword in
      let pair = keyword.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      return pair.count == 2 && isWord(pair[0]) && isWord(pair[1])
    }
  }

  /// The highest price this store takes, as written in a file: nine digits before the point, four
  /// after. No App Store price in any currency comes near it.
  static let highestPrice = "999999999.9999"

  /// Whether `text` is a decimal written as ``decimal(_:)`` wants it, only with more than nine
  /// digits before the point.
  static func isAboveHighestPrice(_ text: String) -> Bool {
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard let whole = parts.first, whole.utf8.count > 9, !whole.hasPrefix("0"),
      whole.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
    else { return false }
    return parts.count == 1 || decimal("0." + parts[1]) != nil
  }

  /// Parses a price strictly: digits without needless leading zeros, then optionally `.` and 1 to 4 digits.
  static func decimal(_ text: String) -> Decimal? {
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let isDigits: (Substring) -> Bool = { part in part.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
    guard let whole = parts.first, (1...9).contains(whole.utf8.count), isDigits(whole),
      whole == "0" || !whole.hasPrefix("0")
    else { return nil }
    if parts.count == 2 {
      guard (1...4).contains(parts[1].utf8.count), isDigits(parts[1]) else { return nil }
    }
    // No locale: the separator is then always `.`, and no ICU number formatter is opened (with a
    // locale, even en_US_POSIX, every start paid megabytes of ICU data for the separator).
    return Decimal(string: text)
  }
}
