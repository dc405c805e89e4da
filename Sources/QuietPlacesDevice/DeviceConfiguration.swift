import FoundationEssentials
import QuietPlacesAppStore
import QuietPlacesGame
import QuietPlacesJWS

/// What a device is made from: the rules, the StoreKit configuration its App Store sells from, the
/// storefront and seed a fresh device starts with, and where it keeps its save and account.
public struct DeviceConfiguration: Sendable {
  /// Where a device keeps its save, its App Store account and its clock.
  public enum Storage: Sendable, Equatable {
    /// In a folder: `save.json`, the account file and the clock file, kept between runs.
    case folder(URL)
    /// In memory: nothing outlives the device.
    case memory
  }

  /// The game's rules.
  public var rules: Rules
  /// The StoreKit configuration the simulated App Store sells from.
  public var storeKit: StoreKitConfiguration
  /// The storefront of a new App Store account; the configuration's default when `nil`.
  public var storefront: Storefront?
  /// The seed of the new game a launch without a save starts.
  public var seed: UInt64
  /// Where the device keeps what it keeps.
  public var storage: Storage

  public init(
    rules: Rules, storeKit: StoreKitConfiguration, storefront: Storefront? = nil, seed: UInt64 = 1,
    storage: Storage = .memory
  ) {
    self.rules = rules
    self.storeKit = storeKit
    self.storefront = storefront
    self.seed = seed
    self.storage = storage
  }

  /// SHA-256 digests of the StoreKit configuration and the balance, each of its canonical JSON (keys
  /// sorted), so the same configuration gives the same fingerprint whatever its layout.
  public var fingerprints: DeviceBundle.Fingerprints {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let storeKitData = (try? encoder.encode(storeKit)) ?? Data()
    let balanceData = (try? encoder.encode(rules.balance)) ?? Data()
    return DeviceBundle.Fingerprints(
      storeKit: "sha256:" + SHA256.hex(storeKitData), balance: "sha256:" + SHA256.hex(balanceData))
  }
}
