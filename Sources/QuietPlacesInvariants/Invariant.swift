/// One of the named properties the engine checks about itself, after every step of an exploration
/// and on demand with `check`.
///
/// The costly ones (``isCostly``) work on copies: they save and load, sail twice, or replay the
/// run; an exploration checks them at a sample of its steps. The others read the device as it
/// stands and what the checker remembers of its history.
public enum Invariant: String, CaseIterable, Sendable, Comparable {
  /// Nothing forged, foreign or unverified was ever delivered.
  case verifiedOnly = "money.verified-only"
  /// Every verified transaction is delivered at most once; each pack's grant matches one delivered
  /// transaction.
  case exactlyOnce = "money.exactly-once"
  /// No finished transaction is missing from the save on disk.
  case finishAfterSave = "money.finish-after-save"
  /// Every paid, unrevoked transaction of the account is delivered or still unfinished.
  case nothingLost = "money.nothing-lost"
  /// After a launch, a restore or drained updates, owned permanent purchases ⇔ the account's
  /// verified unrevoked transactions.
  case entitlements = "money.entitlements"
  /// Every price shown comes from the catalogue; an unavailable product is never priced or sold.
  case prices = "money.prices"
  /// Postmarks = grants − spends, never negative.
  case postmarksLedger = "postmarks.ledger"
  /// Every amount finite and ≥ 0, levels within their caps, the route within the chart.
  case gameValues = "game.values"
  /// The device clock never goes back, except by a new game or a snapshot put back.
  case clockMonotonic = "clock.monotonic"
  /// A refused command left the device unchanged.
  case refusedChangesNothing = "refused.changes-nothing"
  /// Saving then loading gives an equal device.
  case saveRoundTrip = "save.round-trip"
  /// `advance a` then `advance b` ≡ `advance a+b`, on a copy.
  case timeAdditive = "time.additive"
  /// The closed form equals the per-arrival stepper, on a copy.
  case timeStepper = "time.stepper"
  /// Replaying the run so far from its start gives the same device.
  case determinism = "determinism"

  /// Its name, as `check` takes it and findings are named.
  public var name: String { rawValue }

  /// The family it belongs to: the part of its name before the dot (`money`).
  public var family: String {
    rawValue.split(separator: ".", maxSplits: 1).first.map(String.init) ?? rawValue
  }

  /// Whether it works on copies of the device (saves and loads, sails twice, replays), and so is
  /// checked at a sample of an exploration's steps.
  public var isCostly: Bool {
    switch self {
    case .saveRoundTrip, .timeAdditive, .timeStepper, .determinism: true
    default: false
    }
  }

  /// The families in the order `check` reports them.
  public static let families: [String] = {
    var seen: [String] = []
    for invariant in allCases where !seen.contains(invariant.family) { seen.append(invariant.family) }
    return seen
  }()

  /// The invariants a name given to `check` stands for: the invariant itself, or every invariant
  /// of a family; `nil` when it names neither.
  public static func named(_ name: String) -> [Invariant]? {
    if let invariant = Invariant(rawValue: name) { return [invariant] }
    let family = allCases.filter { $0.family == name }
    return family.isEmpty ? nil : family
  }

  /// Every name `check` takes: the invariants' and the families'.
  public static var allNames: [String] {
    allCases.map(\.name) + families.filter { Invariant(rawValue: $0) == nil }
  }

  public static func < (lhs: Invariant, rhs: Invariant) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
