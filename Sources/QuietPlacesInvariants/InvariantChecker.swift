import QuietPlacesAppStore
import QuietPlacesDevice
import QuietPlacesGame
import QuietPlacesStore
import QuietPlacesUtilities

/// Checks the invariants of one device as it is played, step by step.
///
/// A driver inspects the device before and after every step and hands both to ``record(_:before:after:)``
/// with what it saw the step do; the checker keeps the history some invariants need (the clock it
/// last saw, the transactions the account issued, what finished while the save was in use) and
/// checks there what only a step shows (a refused command that changed something, a clock that went
/// back, a delivery twice). ``check(_:on:device:replay:)`` then checks the device as it stands,
/// together with what the steps broke.
public final class InvariantChecker {
  /// Replays everything played so far on a fresh device and answers the device it ends as, or
  /// `nil` when there is nothing to replay.
  public typealias Replay = () async -> DeviceSnapshot?

  /// The rules the device plays under as last seen: the configuration's, or those a new game or a
  /// snapshot put in their place.
  public private(set) var rules: Rules
  /// The configuration's rules.
  let configurationRules: Rules
  var history: CheckerHistory
  /// The first break of each invariant a step showed, since the history began.
  public private(set) var stepBreaks: [Invariant: InvariantBreak] = [:]
  /// The shop last checked for `money.prices`, with what was found: the shop depends only on the
  /// account's settings while the app is open.
  var shopChecked: (settings: AppStoreSettings, owned: [PermanentPurchase], found: InvariantBreak?)?
  /// Whether a pack's grant is held to the pack's size in the rules in force (`money.exactly-once`).
  /// A save read from a file may have been granted under a balance it does not carry, so a check of
  /// what a file holds by itself leaves the sizes out and keeps the rest (a grant twice, a grant for
  /// no pack).
  public var comparesPackSizes = true
  /// Fingerprints for the bundle a `save.round-trip` check writes; any will do.
  let fingerprints = DeviceBundle.Fingerprints(storeKit: "sha256:-", balance: "sha256:-")

  /// A checker of a device first seen as `start`.
  public init(rules: Rules, start: DeviceInspection) {
    configurationRules = rules
    self.rules = start.snapshot.changedRules?.rules ?? rules
    history = CheckerHistory(start, rules: self.rules)
  }

  /// The device clock at the last observation.
  public var lastClock: Int64 { history.clock }

  /// Takes in a step: updates the history and checks what only the step shows. Returns the breaks
  /// this step showed (each also kept in ``stepBreaks``, the first of its invariant).
  @discardableResult
  public func record(_ step: StepRecord, before: DeviceInspection, after: DeviceInspection)
    -> [InvariantBreak]
  {
    rules = after.snapshot.changedRules?.rules ?? configurationRules
    history.observe(after, rules: rules)
    var breaks: [(Invariant, InvariantBreak)] = []
    func add(_ invariant: Invariant, _ found: InvariantBreak?) {
      if let found { breaks.append((invariant, found)) }
    }
    add(.clockMonotonic, clockWentBack(step, before: before, after: after))
    if step.refused { add(.refusedChangesNothing, refusalChanged(step, before: before, after: after)) }
    add(.verifiedOnly, unissuedDelivery(step))
    add(.exactlyOnce, deliveredAgain(step, before: before, after: after))
    add(.entitlements, entitlementsMismatch(step, after: after))
    add(.prices, unavailableSold(step, before: before, after: after))
    for (invariant, found) in breaks where stepBreaks[invariant] == nil { stepBreaks[invariant] = found }
    return breaks.map(\.1)
  }

  /// Checks `invariants` on the device as `inspection` shows it (the latest one recorded), with
  /// what the steps so far broke; returns one break per invariant broken, in the invariants' order.
  /// Nothing on the device changes: the costly ones work on copies, and `replay` on a device of
  /// its own.
  public func check(
    _ invariants: [Invariant], on inspection: DeviceInspection, device: Device, replay: Replay? = nil
  ) async -> [InvariantBreak] {
    let saves = Saves(inspection, rules: rules)
    var breaks: [InvariantBreak] = []
    for invariant in invariants.sorted() {
      if let recorded = stepBreaks[invariant] {
        breaks.append(recorded)
        continue
      }
      if let found = await checkNow(invariant, inspection, saves, device: device, replay: replay) {
        breaks.append(found)
      }
    }
    return breaks
  }

  /// One invariant on the device as it stands.
  private func checkNow(
    _ invariant: Invariant, _ inspection: DeviceInspection, _ saves: Saves, device: Device, replay: Replay?
  ) async -> InvariantBreak? {
    switch invariant {
    case .verifiedOnly: unissuedInLedger(saves)
    case .exactlyOnce: packsUnmatched(saves)
    case .finishAfterSave: finishedUnsaved(inspection, saves)
    case .nothingLost: paidUndelivered(inspection, saves)
    case .entitlements: nil
    case .prices: await shopMispriced(inspection, device: device)
    case .postmarksLedger: postmarksUnaccounted(saves)
    case .gameValues: valuesOutOfRange(saves)
    case .clockMonotonic: clocksApart(inspection, saves)
    case .refusedChangesNothing: nil
    case .saveRoundTrip: saveRoundTrip(inspection)
    case .timeAdditive: timeAdditive(inspection)
    case .timeStepper: timeStepper(inspection)
    case .determinism: await determinism(inspection, replay: replay)
    }
  }

  /// The saves a check reads: the running app's and the one on disk, the latter read once.
  struct Saves {
    /// The running app's save, or `nil` while it is closed.
    let running: AppSave?
    /// The save on disk, if one reads.
    let disk: AppSave?

    /// Each save there is, named for a message.
    let each: [(name: String, save: AppSave)]

    init(_ inspection: DeviceInspection, rules: Rules) {
      running = inspection.running
      disk = inspection.diskSave(rules: rules)
      var all: [(String, AppSave)] = []
      if let running { all.append(("the running app's save", running)) }
      if let disk { all.append(("the save on disk", disk)) }
      each = all
    }

    /// The save the player has: the running app's, else the one on disk.
    var current: AppSave? { running ?? disk }
  }

  // MARK: - Words

  /// `transaction 3 (marks100)`.
  static func transaction(_ id: UInt64, _ productID: String) -> String {
    "transaction \(id) (\(ProductID(fullID: productID)?.rawValue ?? productID))"
  }

  /// `a, b and c`, or `none`.
  static func list(_ items: [String]) -> String {
    items.isEmpty ? "none" : items.joinedAsList("and")
  }
}
