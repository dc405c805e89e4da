/// When a strategy spends Postmarks on crates of supplies (each worth an hour of ordinary
/// production at the rate of the moment it is bought).
public enum SuppliesPolicy: String, Sendable, CaseIterable, Hashable {
  /// Whenever the Postmarks pay for a crate: with many Postmarks, all of them at once.
  case eager
  /// Only to bridge a wait for the best buy that would outlast the online session (or, always online,
  /// the crate's hour), and only when the crate's Discoveries are spent before a prestige takes them:
  /// the strategy, playing on as it does (away and back under a session model, where a prestige that
  /// fell due while away is taken at the launch before any purchase), buys with them first.
  case bridge
  /// Never.
  case hold

  /// Reads a policy; `on` and `off` are the earlier switch's words for `eager` and `hold`.
  public static func parse(_ text: String) throws(LabError) -> SuppliesPolicy {
    switch text.lowercased() {
    case "on": return .eager
    case "off": return .hold
    default:
      guard let policy = SuppliesPolicy(rawValue: text.lowercased()) else { throw .notASuppliesPolicy(text) }
      return policy
    }
  }
}
