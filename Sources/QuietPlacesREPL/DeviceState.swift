import FoundationEssentials
import QuietPlacesAppStore
import QuietPlacesDevice
import QuietPlacesGame
import QuietPlacesStore
import QuietPlacesUtilities

/// The whole simulated device at one instant: what `checkpoint` keeps in memory and a bundle keeps
/// in a file. Restoring it puts every part back exactly: the clock, the save on the device, the
/// running app (or the app closed), the App Store account, the armed faults, the seed a launch
/// without a save starts with, and the event log.
struct DeviceState: Sendable {
  /// The device clock, in seconds since 1970.
  var clock: Int64
  /// The save file's bytes as they are on the device, or `nil` when there is none.
  var disk: Data?
  /// The running app's memory, or `nil` while the app is closed.
  var running: AppModel.Memory?
  /// The simulated App Store's account.
  var account: StoreAccount
  /// Faults armed in the app.
  var faults: DeviceBundle.Faults
  /// The seed of a new game a launch without a save starts.
  var seed: UInt64
  /// The event log, for `log`.
  var log: [String]

  /// Whether the app is open.
  var isOpen: Bool { running != nil }

  /// The device as a bundle file holds it.
  func bundle(fingerprints: DeviceBundle.Fingerprints, rules: Rules) -> DeviceBundle {
    var save: AppSave?
    var unreadable: String?
    if let disk {
      do {
        save = try SaveCodec.decode(disk, file: FileSaveStorage.fileName, rules: rules)
      } catch {
        unreadable = String(decoding: disk, as: UTF8.self)
      }
    }
    return DeviceBundle(
      clock: clock, open: isOpen, seed: seed, save: save, unreadableSave: unreadable,
      running: running.map { DeviceBundle.Running(save: $0.save, heldForLaunch: $0.held) },
      account: account, faults: faults, fingerprints: fingerprints, log: log)
  }

  /// The device a bundle holds; with `closed`, the app closed whatever the bundle says (its memory,
  /// if it was open, is gone as after a crash).
  init(_ bundle: DeviceBundle, closed: Bool) {
    clock = bundle.clock
    if let save = bundle.save {
      disk = try? SaveCodec.encode(save)
    } else {
      disk = bundle.unreadableSave.map { Data($0.utf8) }
    }
    running = closed ? nil : bundle.running.map { AppModel.Memory(save: $0.save, held: $0.heldForLaunch) }
    account = bundle.account
    faults = bundle.faults
    seed = bundle.seed
    log = bundle.log ?? []
  }

  init(
    clock: Int64, disk: Data?, running: AppModel.Memory?, account: StoreAccount, faults: DeviceBundle.Faults,
    seed: UInt64, log: [String]
  ) {
    self.clock = clock
    self.disk = disk
    self.running = running
    self.account = account
    self.faults = faults
    self.seed = seed
    self.log = log
  }
}

extension Session {
  /// The device as it stands. Refused while a restore waits for `store continue` (its half-done
  /// read cannot be kept).
  func captureDevice(for command: String) async throws(CommandError) -> DeviceState {
    if restoreInFlight != nil {
      throw .usage(command: command, expected: "no restore in flight; one waits for store continue")
    }
    if let app { await app.settle(sent: await store.updatesYielded()) }
    return DeviceState(
      clock: now, disk: try? Data(contentsOf: storage.url), running: await app?.memory,
      account: await store.exportAccount(), faults: DeviceBundle.Faults(faults.setting),
      seed: seed, log: recentEvents)
  }

  /// Puts the whole device back as `device` holds it. Nothing changes when the account or the save
  /// cannot be written.
  func restoreDevice(_ device: DeviceState, for command: String) async throws(CommandError) {
    if restoreInFlight != nil {
      throw .usage(command: command, expected: "no restore in flight; one waits for store continue")
    }
    let accountFile = environment.saveDirectory.appendingPathComponent(Session.accountFileName)
    let previousAccount = await store.exportAccount()
    let newStore: SimulatedAppStore
    do {
      newStore = try SimulatedAppStore(
        catalogue: store.catalogue, account: device.account, accountFile: accountFile)
    } catch {
      throw .store(error)
    }
    do {
      if let disk = device.disk {
        try AtomicFile.write(disk, to: storage.url)
      } else {
        storage.delete()
      }
    } catch {
      _ = try? SimulatedAppStore(
        catalogue: store.catalogue, account: previousAccount, accountFile: accountFile)
      throw .file(path: FileSaveStorage.fileName, reason: error.reason)
    }
    if let app {
      await app.terminate()
      self.app = nil
    }
    question = nil
    store = newStore
    now = device.clock
    await store.setClock(now)
    let armed = AppFaults()
    armed.setting = device.faults.setting
    faults = armed
    seed = device.seed
    recentEvents = device.log
    if let memory = device.running {
      let store = store
      app = await AppModel.resume(
        memory, rules: rules, storage: FaultySaveStorage(base: storage, faults: armed), store: store,
        verifier: TransactionVerifier(publicKey: store.publicKey), crashHook: armed.crashHook,
        settle: { app in await app.settle(sent: await store.updatesYielded()) })
    }
  }
}
