import QuietPlacesAppStore
import QuietPlacesDevice
import QuietPlacesStore

/// What the explorer reached, counted: each kind of step done or refused, each store event, each
/// fault armed and taken, each transaction state, each prestige. Every row has a place in the
/// table whether it was reached or not, so what was never reached shows.
struct Coverage: Sendable, Equatable {
  /// Counts by row: `section|row`.
  private(set) var counts: [String: Int] = [:]

  /// The table's sections, each with its rows in order.
  static let sections: [(title: String, rows: [String])] = [
    (
      "commands",
      StepKind.allCases.flatMap { ["\($0.rawValue) done", "\($0.rawValue) refused"] } + [Self.cancelRow]
    ),
    (
      "store events",
      DeliverySource.allSources.map { "delivered via \($0.rawValue)" } + [
        "already delivered", "owned again", "rejected unverified", "rejected unrecognised",
        "revoked and removed", "revoked, not owned", "revoked consumable", "save failed",
        "revocation not saved", "held for launch", "revoked during a restore's read", "reconciled",
        "reconciliation not saved",
      ]
    ),
    (
      "faults",
      [
        "save-fails once armed", "save-fails on armed", "crash-before-save armed",
        "crash-before-finish armed",
        "a one-shot save failure used", "crash before saving a delivery", "crash before finishing a delivery",
      ]
    ),
    ("transaction states", TransactionState.State.allCases.map(\.rawValue)),
    ("prestige", ["New Bearings", "Passing the Atlas", "fresh voyage"]),
  ]

  /// Why a row stays unreached however long the exploration, said beside its `never reached`: the
  /// reconciliation's guard for a refund handled while its read of current entitlements is in
  /// flight is tested with a scripted store whose read waits (`AppModelTests`); the simulated App
  /// Store answers a read at once, so nothing runs between the read and its end.
  static let unreachableWhy: [String: String] = [
    "store events|revoked during a restore's read": "(the simulated store answers a read at once)"
  ]

  /// The row of a line other than `y` or `n` typed while a question waits: it cancels the question
  /// and does nothing else, so it is counted here and not as its own command.
  static let cancelRow = "a line that cancelled a question"

  mutating func add(_ section: String, _ row: String, _ count: Int = 1) {
    counts["\(section)|\(row)", default: 0] += count
  }

  /// The count of a row.
  func count(_ section: String, _ row: String) -> Int { counts["\(section)|\(row)"] ?? 0 }

  /// Adds another run's counts.
  mutating func merge(_ other: Coverage) {
    for (key, count) in other.counts { counts[key, default: 0] += count }
  }

  /// A coverage from recorded counts.
  init(counts: [String: Int] = [:]) {
    self.counts = counts
  }

  /// Counts what a step did. An illegal line refused is counted in the row of the command it names,
  /// when that is one of `kinds` (the kinds the exploration plays): `advance 0s` refused is
  /// `advance` refused; the `illegal` row keeps the lines that name none, and any the REPL took
  /// (its done cell, which should never be reached).
  mutating func step(
    _ step: ExploreStep, among kinds: [StepKind], refused: Bool, cancelled: Bool, events: [StoreEvent],
    before: DeviceInspection?, after: DeviceInspection?
  ) {
    guard !cancelled else {
      add("commands", Self.cancelRow)
      return
    }
    var kind = step.kind
    if case .illegal(let line) = step, refused {
      kind = StepKind.named(byIllegalLine: line, among: kinds) ?? .illegal
    }
    add("commands", "\(kind.rawValue) \(refused ? "refused" : "done")")
    for event in events { add("store events", Self.row(event)) }
    if !refused {
      switch step {
      case .fault(.saveFails(let mode)) where mode != "off": add("faults", "save-fails \(mode) armed")
      case .fault(.crashBeforeSave): add("faults", "crash-before-save armed")
      case .fault(.crashBeforeFinish): add("faults", "crash-before-finish armed")
      case .answer(true): break
      default: break
      }
    }
    if let was = before?.snapshot.faults, let now = after?.snapshot.faults, !Self.resets(step) {
      if was.saveFailure == .once && now.saveFailure == .off { add("faults", "a one-shot save failure used") }
      if was.crashBeforeSave && !now.crashBeforeSave { add("faults", "crash before saving a delivery") }
      if was.crashBeforeFinish && !now.crashBeforeFinish {
        add("faults", "crash before finishing a delivery")
      }
    }
  }

  /// Whether a step puts faults back or clears them as a whole (not a fault being taken).
  private static func resets(_ step: ExploreStep) -> Bool {
    switch step {
    case .rewind, .new, .fault: true
    default: false
    }
  }

  /// Counts a prestige that was done.
  mutating func prestige(_ row: String) { add("prestige", row) }

  private static func row(_ event: StoreEvent) -> String {
    switch event {
    case .delivered(_, _, let source): "delivered via \(source.rawValue)"
    case .alreadyDelivered: "already delivered"
    case .ownedAgain: "owned again"
    case .rejectedUnverified: "rejected unverified"
    case .rejectedUnrecognised: "rejected unrecognised"
    case .revoked(_, _, let removed, _): removed ? "revoked and removed" : "revoked, not owned"
    case .revokedConsumable: "revoked consumable"
    case .saveFailed: "save failed"
    case .revocationNotSaved: "revocation not saved"
    case .revokedDuringRead: "revoked during a restore's read"
    case .heldForLaunch: "held for launch"
    case .reconciled: "reconciled"
    case .reconciliationNotSaved: "reconciliation not saved"
    }
  }

  /// A transaction in a state: the coverage table counts each transaction once for each state it
  /// was seen in.
  struct TransactionState: Hashable {
    /// The transaction's ID (a purchase waiting for approval or interrupted has one too).
    var id: UInt64
    var state: State

    /// The states of the coverage table's `transaction states` rows, in its order, by their rows' names.
    enum State: String, CaseIterable {
      case unfinished
      case finished
      case refundedUnfinished = "refunded, unfinished"
      case refundedFinished = "refunded, finished"
      case waitingForApproval = "waiting for approval"
      case interrupted
      case heldForLaunch = "held for launch"
      case foreign = "another app's or product's"
    }
  }

  /// The states each transaction of the account is in.
  static func transactionStates(_ inspection: DeviceInspection, into states: inout Set<TransactionState>) {
    let account = inspection.account
    for transaction in account.transactions {
      let state: TransactionState.State
      if transaction.bundleID != ProductID.bundleID || ProductID(fullID: transaction.productID) == nil {
        state = .foreign
      } else if transaction.isRevoked {
        state = transaction.finished ? .refundedFinished : .refundedUnfinished
      } else {
        state = transaction.finished ? .finished : .unfinished
      }
      states.insert(TransactionState(id: transaction.id, state: state))
    }
    for waiting in account.pendingApprovals {
      states.insert(TransactionState(id: waiting.id, state: .waitingForApproval))
    }
    for waiting in account.interruptedPurchases {
      states.insert(TransactionState(id: waiting.id, state: .interrupted))
    }
    for id in inspection.heldForLaunch { states.insert(TransactionState(id: id, state: .heldForLaunch)) }
  }
}

extension DeliverySource {
  /// Every source, in the pipeline's order.
  static let allSources: [DeliverySource] = [.purchase, .updates, .unfinished, .entitlements]
}
