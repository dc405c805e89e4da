import FoundationEssentials
import QuietPlacesAppStore
import QuietPlacesGame
import QuietPlacesJWS
import QuietPlacesStore

/// The one way to make a ``Device``: prepared once for a configuration, it makes as many devices as
/// asked, cheaply.
///
/// A device in memory starts with a fresh, empty App Store account (default settings, no
/// transactions, IDs from 1). Making a P-256 key and its certificate is most of a new account's
/// cost (a third of a short lab run), and a device never sees the key, only whether its
/// transactions verify; so every device in memory of one factory starts from the same empty
/// account, signed with one key made (and parsed) here. A device in a folder opens the account kept there.
public struct DeviceFactory: Sendable {
  /// What the devices are made from.
  public private(set) var configuration: DeviceConfiguration
  /// The products the devices' App Store sells.
  let catalogue: StoreCatalogue
  /// Where the devices are kept, with what was made for them there.
  private let storage: Storage

  /// A folder, or memory with the empty account every device there starts from and its key.
  private enum Storage: Sendable {
    case folder(URL)
    case memory(blankAccount: StoreAccount, key: ES256PrivateKey, shared: Shared)
  }

  /// What the devices in memory of one factory share besides the key: the tokens signed with it
  /// and the transactions that verified with it, so that the same purchase in many devices (a
  /// lab sweep's owned purchases) is signed and verified once.
  struct Shared: Sendable {
    let tokens: SignedTokens
    let verifier: TransactionVerifier
  }

  /// Prepares for `configuration`: reads its catalogue and, for devices in memory, makes the key.
  public init(_ configuration: DeviceConfiguration) throws(DeviceError) {
    self.configuration = configuration
    do throws(AppStoreError) {
      catalogue = try StoreCatalogue(configuration: configuration.storeKit, bundleID: ProductID.bundleID)
      switch configuration.storage {
      case .memory:
        let account = try SimulatedAppStore.newAccount(
          catalogue: catalogue, storefront: configuration.storefront)
        guard let key = SimulatedAppStore.signingKey(of: account) else {
          throw AppStoreError.signingFailed("the new account's key does not read back")
        }
        storage = .memory(
          blankAccount: account, key: key,
          shared: Shared(tokens: SignedTokens(), verifier: TransactionVerifier(publicKey: key.publicKey)))
      case .folder(let folder):
        storage = .folder(folder)
      }
    } catch {
      throw .store(error)
    }
  }

  /// The same factory (the same key) for devices that play under other rules.
  public func with(rules: Rules) -> DeviceFactory {
    var factory = self
    factory.configuration.rules = rules
    return factory
  }

  /// A device, its app closed: in memory, a fresh one whose launch starts a new game with `seed`
  /// (else the configuration's); in a folder, the device kept there (made if there is none).
  public func makeDevice(seed: UInt64? = nil) throws(DeviceError) -> Device {
    var configuration = configuration
    if let seed { configuration.seed = seed }
    switch storage {
    case .folder(let folder):
      return try Device.open(folder: folder, configuration: configuration, catalogue: catalogue)
    case .memory(let account, let key, let shared):
      return try Device.fresh(
        configuration: configuration, catalogue: catalogue, account: account, key: key, shared: shared)
    }
  }
}
