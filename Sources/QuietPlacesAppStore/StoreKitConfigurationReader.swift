import FoundationEssentials

/// Turns a parsed `.storekit` JSON value into a ``StoreKitConfiguration``, checking every key
/// it uses and naming the path, product and key of the first problem.
struct StoreKitConfigurationReader {
  typealias Object = [String: StoreKitJSON]
  typealias Failure = StoreKitConfigurationError

  let path: String

  func configuration(_ json: StoreKitJSON) throws(Failure) -> StoreKitConfiguration {
    guard case .object(var top) = json else {
      throw .notJSON(path: path, detail: "the top level is \(json.shortDescription), expected an object")
    }
    let version = try readVersion(take(&top, "version", nil))
    let identifier = try string(take(&top, "identifier", nil), "identifier", nil)
    let productsValue = try take(&top, "products", nil)
    guard case .array(let productValues) = productsValue else {
      throw invalid(productsValue, "products", nil, "an array")
    }
    let settings = try readSettings(take(&top, "settings", nil))
    var products: [StoreKitConfiguration.Product] = []
    for (index, value) in productValues.enumerated() {
      let product = try readProduct(value, number: index + 1)
      guard !products.contains(where: { $0.id == product.id }) else {
        throw .duplicateProduct(path: path, productID: product.id)
      }
      products.append(product)
    }
    var configuration = StoreKitConfiguration(
      identifier: identifier, version: version, products: products, settings: settings)
    if let value = top.removeValue(forKey: "nonRenewingSubscriptions") {
      guard case .array(let subscriptions) = value else {
        throw invalid(value, "nonRenewingSubscriptions", nil, "an array")
      }
      configuration.nonRenewingSubscriptions = value
      configuration.ignoredProductIDs += subscriptions.compactMap(Self.productID)
    }
    if let value = top.removeValue(forKey: "subscriptionGroups") {
      guard case .array(let groups) = value else {
        throw invalid(value, "subscriptionGroups", nil, "an array")
      }
      configuration.subscriptionGroups = value
      for group in groups {
        if case .object(let members) = group, case .array(let subscriptions)? = members["subscriptions"] {
          configuration.ignoredProductIDs += subscriptions.compactMap(Self.productID)
        }
      }
    }
    configuration.otherKeys = top
    return configuration
  }

  private static func productID(_ value: StoreKitJSON) -> String? {
    guard case .object(let members) = value, case .string(let id)? = members["productID"] else { return nil }
    return id
  }

  private func readVersion(_ value: StoreKitJSON) throws(Failure) -> StoreKitConfiguration.Version {
    guard case .object(let members) = value else { throw invalid(value, "version", nil, "an object") }
    let major = try integer(members, "major", "version")
    guard (1...5).contains(major) else { throw .unsupportedVersion(path: path, major: major) }
    let minor = try integer(members, "minor", "version")
    return StoreKitConfiguration.Version(major: major, minor: minor)
  }

  private func readSettings(_ value: StoreKitJSON) throws(Failure) -> StoreKitConfiguration.Settings {
    guard case .object(var members) = value else { throw invalid(value, "settings", nil, "an object") }
    var settings = StoreKitConfiguration.Settings()
    if let storefront = members.removeValue(forKey: "_storefront") {
      guard case .string(let code) = storefront, code.utf8.count == 3,
        code.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") })
      else {
        throw invalid(storefront, "_storefront", "settings", "an ISO 3166-1 alpha-3 code like \"GBR\"")
      }
      settings.storefront = code
    }
    if let locale = members.removeValue(forKey: "_locale") {
      settings.locale = try localeCode(locale, "_locale", "settings")
    }
    if let value = members.removeValue(forKey: "_askToBuyEnabled") {
      settings.askToBuyEnabled = try bool(value, "_askToBuyEnabled", "settings")
    }
    if let value = members.removeValue(forKey: "_failTransactionsEnabled") {
      settings.failTransactionsEnabled = try bool(value, "_failTransactionsEnabled", "settings")
    }
    settings.otherKeys = members
    return settings
  }

  private func readProduct(_ value: StoreKitJSON, number: Int) throws(Failure)
    -> StoreKitConfiguration.Product
  {
    var context = "product #\(number)"
    guard case .object(var members) = value else {
      throw .invalidValue(
        path: path, context: nil, key: "products[\(number - 1)]", found: value.shortDescription,
        expected: "an object")
    }
    let id = try string(take(&members, "productID", context), "productID", context)
    context = "product '\(id)'"
    let typeValue = try take(&members, "type", context)
    guard case .string(let typeText) = typeValue,
      let type = StoreKitConfiguration.ProductType(rawValue: typeText)
    else {
      throw invalid(typeValue, "type", context, "\"Consumable\" or \"NonConsumable\"")
    }
    let priceValue = try take(&members, "displayPrice", context)
    guard case .string(let priceText) = priceValue, let price = Self.decimal(priceText) else {
      throw invalid(priceValue, "displayPrice", context, "a decimal string like \"4.99\"")
    }
    var familyShareable = false
    if let value = members.removeValue(forKey: "familyShareable") {
      familyShareable = try bool(value, "familyShareable", context)
    }
    let internalID = try string(take(&members, "internalID", context), "internalID", context)
    let referenceName = try string(take(&members, "referenceName", context), "referenceName", context)
    let localizationsValue = try take(&members, "localizations", context)
    guard case .array(let localizationValues) = localizationsValue else {
      throw invalid(localizationsValue, "localizations", context, "an array")
    }
    var localizations: [StoreKitConfiguration.Localization] = []
    for (index, localizationValue) in localizationValues.enumerated() {
      let localization = try readLocalization(localizationValue, number: index + 1, product: context)
      guard !localizations.contains(where: { $0.locale == localization.locale }) else {
        throw .duplicateLocalization(path: path, productID: id, locale: localization.locale)
      }
      localizations.append(localization)
    }
    var product = StoreKitConfiguration.Product(
      id: id, type: type, displayPrice: price, familyShareable: familyShareable, internalID: internalID,
      referenceName: referenceName, localizations: localizations)
    product.displayPriceText = priceText
    product.otherKeys = members
    return product
  }

  private func readLocalization(
    _ value: StoreKitJSON, number: Int, product: String
  ) throws(Failure) -> StoreKitConfiguration.Localization {
    var context = "\(product): localization #\(number)"
    guard case .object(var members) = value else {
      throw .invalidValue(
        path: path, context: product, key: "localizations[\(number - 1)]", found: value.shortDescription,
        expected: "an object")
    }
    let locale = try localeCode(take(&members, "locale", context), "locale", context)
    context = "\(product): localization '\(locale)'"
    let displayName = try string(take(&members, "displayName", context), "displayName", context)
    let description = try string(take(&members, "description", context), "description", context)
    var localization = StoreKitConfiguration.Localization(
      locale: locale, displayName: displayName, description: description)
    localization.otherKeys = members
    return localization
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

  private func take(_ members: inout Object, _ key: String, _ context: String?) throws(Failure)
    -> StoreKitJSON
  {
    guard let value = members.removeValue(forKey: key) else {
      throw .missingKey(path: path, context: context, key: key)
    }
    return value
  }

  private func invalid(_ value: StoreKitJSON, _ key: String, _ context: String?, _ expected: String)
    -> Failure
  {
    .invalidValue(path: path, context: context, key: key, found: value.shortDescription, expected: expected)
  }

  private func string(_ value: StoreKitJSON, _ key: String, _ context: String?) throws(Failure) -> String {
    guard case .string(let text) = value, !text.isEmpty else {
      throw invalid(value, key, context, "a non-empty string")
    }
    return text
  }

  private func localeCode(_ value: StoreKitJSON, _ key: String, _ context: String?) throws(Failure) -> String
  {
    guard case .string(let text) = value, !text.isEmpty, text.utf8.count <= 35,
      text.utf8.allSatisfy({ byte in
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
          || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
      })
    else {
      throw invalid(value, key, context, "a locale identifier like \"en_GB\"")
    }
    return text
  }

  private func bool(_ value: StoreKitJSON, _ key: String, _ context: String?) throws(Failure) -> Bool {
    guard case .bool(let flag) = value else { throw invalid(value, key, context, "true or false") }
    return flag
  }

  private func integer(_ members: Object, _ key: String, _ context: String) throws(Failure) -> Int {
    guard let value = members[key] else { throw .missingKey(path: path, context: context, key: key) }
    guard case .number(let text) = value, let number = Int(text), number >= 0 else {
      throw invalid(value, key, context, "a non-negative integer")
    }
    return number
  }
}
