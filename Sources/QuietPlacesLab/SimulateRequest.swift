import QuietPlacesAppStore
import QuietPlacesStore

/// What a sweep runs: every seed with every variant, and where each run stops.
///
/// A plain value, filled in by `quietplaces simulate` (the lab parses no command line). Each list
/// but the seeds is one dimension; the variants are the cross product of every dimension's values
/// (`settings` are grouped by key, each key a dimension), and the variations make one more, last: the
/// baseline and then each value of each varied key on its own. An empty dimension keeps the strategy's
/// default.
public struct SimulateRequest: Sendable, Equatable {
  /// The seeds, in order.
  public var seeds: [UInt64]
  /// What the strategies buy.
  public var strategies: [StrategyKind]
  /// When New Bearings is taken (`nil`: never).
  public var bearingsAt: [Double?]
  /// Whether the Atlas is passed.
  public var atlas: [Bool]
  /// When supplies are bought.
  public var supplies: [SuppliesPolicy]
  /// How the player's sessions go.
  public var sessions: [SessionModel]
  /// What was bought in the App Store at the start.
  public var owned: [[ProductID]]
  /// Balance files played instead of the configuration's.
  public var balanceFiles: [String]
  /// Changes to the balance, `KEY=VALUE`.
  public var settings: [BalanceSetting]
  /// Keys varied one at a time around the balance (`--vary`): one dimension, the baseline first.
  public var variations: [BalanceVariation]
  /// Where each run stops.
  public var milestones: [Milestone]
  /// The longest a run plays, in simulated seconds.
  public var limit: Int64
  /// Each dimension's values as they were written (`on` for `eager`, `900s/8h` for `15m/8h`), by
  /// option name, in order: an error about a value shows what was typed. A dimension without them
  /// (a request made in code) is shown in the values' own words.
  public var written: [String: [String]] = [:]

  /// A request; by default seeds 1–100 with the payback strategy until the first New Bearings, for
  /// at most 10 years.
  public init(
    seeds: [UInt64] = Array(1...100), strategies: [StrategyKind] = [.payback], bearingsAt: [Double?] = [],
    atlas: [Bool] = [], supplies: [SuppliesPolicy] = [], sessions: [SessionModel] = [],
    owned: [[ProductID]] = [],
    balanceFiles: [String] = [], settings: [BalanceSetting] = [], variations: [BalanceVariation] = [],
    milestones: [Milestone] = [.bearings(1)],
    limit: Int64 = PlayGoal.defaultLimit
  ) {
    self.seeds = seeds
    self.strategies = strategies
    self.bearingsAt = bearingsAt
    self.atlas = atlas
    self.supplies = supplies
    self.sessions = sessions
    self.owned = owned
    self.balanceFiles = balanceFiles
    self.settings = settings
    self.variations = variations
    self.milestones = milestones
    self.limit = limit
  }

  /// An option's values as they were written; empty when none were kept.
  public subscript(written option: String) -> [String] {
    get { written[option] ?? [] }
    set { written[option] = newValue }
  }
}

extension SimulateRequest {
  /// The first product `--owned` names that `configuration` does not sell: the store would answer
  /// that it is unavailable, and no grant stands in for a purchase, so no run could own it.
  public func ownedNotSold(by configuration: StoreKitConfiguration) -> ProductID? {
    ProductID.allCases.first { id in
      owned.contains { $0.contains(id) } && configuration.product(id: id.fullID) == nil
    }
  }
}
