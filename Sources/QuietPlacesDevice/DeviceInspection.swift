import QuietPlacesAppStore
import QuietPlacesGame
import QuietPlacesStore

/// The whole device as a checker reads it at one instant: everything a snapshot holds, whether a
/// restore waits, and the device's epochs. Reading it changes nothing: no update is delivered, and
/// it is read while a restore waits too.
public struct DeviceInspection: Sendable {
  /// The clock, the save on disk, the running app's memory, the account, the faults and the seed.
  public var snapshot: DeviceSnapshot
  /// Whether a restore waits for the store's `continue`.
  public var isRestoring: Bool
  /// What replaced the device's history so far.
  public var epochs: DeviceEpochs

  public init(snapshot: DeviceSnapshot, isRestoring: Bool, epochs: DeviceEpochs) {
    self.snapshot = snapshot
    self.isRestoring = isRestoring
    self.epochs = epochs
  }

  /// The device clock, in seconds since 1970.
  public var clock: Int64 { snapshot.clock }
  /// Whether the app is open.
  public var isOpen: Bool { snapshot.isOpen }
  /// The App Store's account.
  public var account: StoreAccount { snapshot.account }
  /// The running app's save, or `nil` while the app is closed.
  public var running: AppSave? { snapshot.running?.save }
  /// Transactions the running app holds for the next launch after a failed save, in ID order.
  public var heldForLaunch: [UInt64] { snapshot.running?.held ?? [] }

  /// The save on disk, if there is one that reads.
  public func diskSave(rules: Rules) -> AppSave? { snapshot.diskSave(rules: rules) }

  /// The app's save as the player has it: the running app's, else the one on disk.
  public func save(rules: Rules) -> AppSave? { snapshot.save(rules: rules) }
}
