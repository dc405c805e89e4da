import QuietPlacesGame

/// Rules a device plays under other than its configuration's: the configuration's balance with some
/// numbers changed (`new --set KEY=VALUE`), and those changes as given, `KEY=VALUE` each. A snapshot
/// keeps them, so a checkpoint puts them back, and a bundle writes the changes, so it replays under
/// the same rules.
public struct ChangedRules: Sendable, Equatable {
  /// The rules the changed balance makes.
  public var rules: Rules
  /// The changes, `KEY=VALUE` each, in the order given.
  public var changes: [String]

  public init(rules: Rules, changes: [String]) {
    self.rules = rules
    self.changes = changes
  }

  /// The same changes to the same balance.
  public static func == (a: ChangedRules, b: ChangedRules) -> Bool {
    a.changes == b.changes && a.rules.balance == b.rules.balance
  }
}
