import QuietPlacesUtilities

/// One entry of Xcode's StoreKit error settings (`settings._storeKitErrors` of a `.storekit` file):
/// an API whose calls fail, while `enabled`, with the error `current` names.
///
/// Xcode writes `{"current" : null, "enabled" : false, "name" : "Purchase"}` for each API it offers;
/// `current` is read tolerantly (null, a string, a number or an object naming the error).
public struct StoreKitErrorSetting: Sendable, Equatable, Hashable {
  /// The APIs the simulated store fails as the setting asks.
  public enum API: String, Sendable, CaseIterable, Codable {
    /// `Product.products(for:)`: the catalogue fails.
    case loadProducts = "Load Products"
    /// `product.purchase()`: the purchase fails with the error.
    case purchase = "Purchase"
    /// Transactions arrive unverified (their signature does not verify).
    case verification = "Verification"
    /// `AppStore.sync()`: a restore fails.
    case appStoreSync = "App Store Sync"

    /// What the simulated store does while the error is on.
    public var effect: String {
      switch self {
      case .loadProducts: "loading products fails, so the shop has no prices and nothing can be bought"
      case .purchase: "every purchase fails with it; nothing is charged or granted"
      case .verification: "every transaction arrives unverified, so the app delivers none"
      case .appStoreSync: "AppStore.sync() fails, so restore fails"
      }
    }

    /// The API a setting's name means (any letter case, spaces optional), if the store models it.
    public init?(name: String) {
      let squeezed = name.lowercased().filter { !$0.isWhitespace }
      guard
        let api = Self.allCases.first(where: {
          $0.rawValue.lowercased().filter { !$0.isWhitespace } == squeezed
        })
      else { return nil }
      self = api
    }
  }

  /// The errors StoreKit 2 throws, by their case names: `StoreKitError`'s, `Product.PurchaseError`'s
  /// and `VerificationResult.VerificationError`'s, which StoreKit testing's error settings choose
  /// from. `store error API NAME` takes one of these (in any letter case).
  public static let errorNames = [
    "unknown", "userCancelled", "networkError", "systemError", "notAvailableInStorefront", "notEntitled",
    "unsupported", "invalidQuantity", "productUnavailable", "purchaseNotAllowed", "ineligibleForOffer",
    "invalidOfferIdentifier", "invalidOfferPrice", "invalidOfferSignature", "missingOfferParameters",
    "revokedCertificate", "invalidCertificateChain", "invalidDeviceVerification", "invalidEncoding",
    "invalidSignature", "missingRequiredProperties",
  ]

  /// The error name `word` means (any letter case), as StoreKit spells it; `nil` for none.
  public static func errorName(_ word: String) -> String? {
    errorNames.first { $0.lowercased() == word.lowercased() }
  }

  /// The API's name as the file writes it.
  public var name: String
  /// Whether the error is on.
  public var enabled: Bool
  /// The error `current` names, or nil when it names none (Xcode's default for the API).
  public var error: String?

  /// Makes a setting.
  public init(name: String, enabled: Bool, error: String?) {
    self.name = name
    self.enabled = enabled
    self.error = error
  }

  /// The API the simulated store fails for this setting, or nil for one it does not model.
  public var api: API? { API(name: name) }

  /// The error's name as messages show it.
  public var errorName: String { error ?? "the default error" }

  /// The error a `current` value names: a string as it is, a number as `code N`, an object by its
  /// first string among `name`, `error`, `type`, `code` and `description` (else its first string
  /// value, one level down too); nil for null or anything else.
  static func errorName(_ value: JSONValue?) -> String? {
    switch value {
    case .string(let text)?: return text.isEmpty ? nil : text
    case .number(let text)?: return "code \(text)"
    case .object(let members)?:
      for key in ["name", "error", "type", "code", "description"] {
        if case .string(let text)? = members[key], !text.isEmpty { return text }
        if case .number(let text)? = members[key] { return "code \(text)" }
      }
      for key in members.keys.sorted() {
        if case .string(let text)? = members[key], !text.isEmpty { return text }
      }
      for key in members.keys.sorted() {
        if case .object = members[key], let inner = errorName(members[key]) { return inner }
      }
      return nil
    default: return nil
    }
  }
}
