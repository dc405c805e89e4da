import QuietPlacesAppStore
import QuietPlacesDevice
import QuietPlacesGame
import QuietPlacesStore

/// What the checker remembers of a device's past, beyond what the device holds now: the clock it
/// last saw, every transaction the App Store account issued, and which transactions finished while
/// the save it knows was in use. Each part starts afresh when the matching epoch of the device
/// moves (a new game, a save loaded or deleted, a snapshot put back).
struct CheckerHistory {
  /// The device clock at the last observation.
  var clock: Int64
  /// The device's epochs at the last observation.
  var epochs: DeviceEpochs
  /// Every transaction of this app the account issued in its epoch, by ID: the full product ID.
  var issued: [UInt64: String] = [:]
  /// The ledger's IDs when the save's epoch began: delivered before the checker could see.
  var baseline: Set<UInt64> = []
  /// The transactions already finished when the save's epoch began.
  var finishedBefore: Set<UInt64> = []
  /// The transactions seen finishing since the save's epoch began.
  var finishedSince: Set<UInt64> = []
  /// The transactions finished at the last observation.
  var finished: Set<UInt64> = []

  /// The history of a device first seen as `inspection`.
  init(_ inspection: DeviceInspection, rules: Rules) {
    clock = inspection.clock
    epochs = inspection.epochs
    startAccount(inspection)
    startSave(inspection, rules: rules)
  }

  /// Takes in the device as a step left it.
  mutating func observe(_ inspection: DeviceInspection, rules: Rules) {
    if inspection.epochs.account != epochs.account { startAccount(inspection) }
    // One pass over the account: what it issued and what is finished.
    var finishedNow: Set<UInt64> = []
    for transaction in inspection.account.transactions where Self.isApps(transaction) {
      issued[transaction.id] = transaction.productID
      if transaction.finished { finishedNow.insert(transaction.id) }
    }
    if inspection.epochs.save != epochs.save || inspection.epochs.account != epochs.account {
      startSave(inspection, rules: rules)
    } else {
      finishedSince.formUnion(finishedNow.subtracting(finished))
    }
    finished = finishedNow
    clock = inspection.clock
    epochs = inspection.epochs
  }

  private mutating func startAccount(_ inspection: DeviceInspection) {
    issued = [:]
    for transaction in inspection.account.transactions where Self.isApps(transaction) {
      issued[transaction.id] = transaction.productID
    }
  }

  private mutating func startSave(_ inspection: DeviceInspection, rules: Rules) {
    baseline = Set(inspection.save(rules: rules)?.ledger.ids ?? [])
    finished = Self.finished(inspection.account)
    finishedBefore = finished
    finishedSince = []
  }

  /// Whether a transaction is one of this app's: its bundle, one of its five products.
  static func isApps(_ transaction: AccountTransaction) -> Bool {
    transaction.bundleID == ProductID.bundleID && ProductID(fullID: transaction.productID) != nil
  }

  /// This app's finished transactions in an account.
  static func finished(_ account: StoreAccount) -> Set<UInt64> {
    Set(account.transactions.lazy.filter { $0.finished && isApps($0) }.map(\.id))
  }
}
