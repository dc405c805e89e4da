import FoundationEssentials
import QuietPlacesAppStore
import QuietPlacesGame
import QuietPlacesStore

/// The whole device at one instant: what a checkpoint keeps in memory and a bundle keeps in a file.
/// ``Device/restore(from:)`` puts every part back exactly: the clock, the save on the device, the
/// running app (or the app closed), the App Store account, the armed faults, the seed a launch
/// without a save starts with and the rules the game plays under when they are not the
/// configuration's.
public struct DeviceSnapshot: Sendable, Equatable {
  /// The save on the device as its storage holds it.
  public enum Disk: Sendable, Equatable {
    /// No save.
    case none
    /// A save file's bytes, as they are (they may not read as a save).
    case file(Data)
    /// A save kept in memory.
    case save(AppSave)
  }

  /// The device clock, in seconds since 1970.
  public var clock: Int64
  /// The save on the device.
  public var disk: Disk
  /// The running app's memory, or `nil` while the app is closed.
  public var running: AppModel.Memory?
  /// The simulated App Store's account.
  public var account: StoreAccount
  /// Faults armed in the app.
  public var faults: AppFaults.Setting
  /// The seed of the new game a launch without a save starts.
  public var seed: UInt64
  /// The rules the game plays under in place of the configuration's, or `nil` for the configuration's.
  public var changedRules: ChangedRules?

  /// Whether the app is open.
  public var isOpen: Bool { running != nil }

  public init(
    clock: Int64, disk: Disk, running: AppModel.Memory?, account: StoreAccount, faults: AppFaults.Setting,
    seed: UInt64, changedRules: ChangedRules? = nil
  ) {
    self.clock = clock
    self.disk = disk
    self.running = running
    self.account = account
    self.faults = faults
    self.seed = seed
    self.changedRules = changedRules
  }

  /// The device a bundle holds; with `closed`, the app closed whatever the bundle says (its memory,
  /// if it was open, is gone as after a crash). The bundle's balance changes are the caller's to
  /// turn into ``changedRules``: the changed rules need the configuration's balance.
  public init(_ bundle: DeviceBundle, closed: Bool, changedRules: ChangedRules? = nil) {
    clock = bundle.clock
    if let save = bundle.save {
      disk = .save(save)
    } else if let unreadable = bundle.unreadableSave {
      disk = .file(Data(unreadable.utf8))
    } else {
      disk = .none
    }
    running = closed ? nil : bundle.running.map { AppModel.Memory(save: $0.save, held: $0.heldForLaunch) }
    account = bundle.account
    faults = bundle.faults.setting
    seed = bundle.seed
    self.changedRules = changedRules
  }

  /// The save on the device, if there is one that reads.
  public func diskSave(rules: Rules) -> AppSave? {
    switch disk {
    case .none: nil
    case .file(let data): try? SaveCodec.decode(data, file: FileSaveStorage.fileName, rules: rules)
    case .save(let save): save
    }
  }

  /// The running app's save, else the one on the device if it reads, as the next launch reads it
  /// (closed: a current it was saved with has ended).
  public func save(rules: Rules) -> AppSave? {
    running?.save ?? diskSave(rules: rules)?.asTheNextLaunchReadsIt(rules: rules)
  }

  /// The game as the device shows it: the running app's, else the save's, else the new game a
  /// launch would start.
  public func game(rules: Rules) -> GameState {
    save(rules: rules)?.game ?? GameState(seed: seed, clock: clock, rules: rules)
  }

  /// The device as a bundle file holds it, with the event log of whoever played it.
  public func bundle(fingerprints: DeviceBundle.Fingerprints, rules: Rules, log: [String]?) -> DeviceBundle {
    var save: AppSave?
    var unreadable: String?
    switch disk {
    case .none: break
    case .save(let saved): save = saved
    case .file(let data):
      do {
        save = try SaveCodec.decode(data, file: FileSaveStorage.fileName, rules: rules)
      } catch {
        unreadable = String(decoding: data, as: UTF8.self)
      }
    }
    return DeviceBundle(
      clock: clock, open: isOpen, seed: seed, save: save, unreadableSave: unreadable,
      running: running.map { DeviceBundle.Running(save: $0.save, heldForLaunch: $0.held) },
      account: account, faults: DeviceBundle.Faults(faults), fingerprints: fingerprints, log: log,
      balanceChanges: changedRules?.changes)
  }
}
