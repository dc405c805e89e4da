import QuietPlacesDevice
import QuietPlacesGame
import QuietPlacesLab

/// The rules a session's game plays under when they are not the configuration's: `new --set`
/// changes numbers of the configuration's balance, checked as `simulate --set` checks them.
extension Session {
  /// The configuration's rules with `settings` changed, or `nil` when there are none; the same keys,
  /// bounds and errors as the lab's `--set`.
  func changedRules(_ settings: [BalanceSetting]) throws(CommandError) -> ChangedRules? {
    do throws(LabError) {
      return try Self.changedRules(settings, of: device.configuration.rules)
    } catch {
      throw .lab(error)
    }
  }

  /// `rules` with `settings` changed, or `nil` when there are none.
  static func changedRules(_ settings: [BalanceSetting], of rules: Rules) throws(LabError) -> ChangedRules? {
    guard !settings.isEmpty else { return nil }
    let balance = try BalanceVariant.apply(settings, to: rules.balance)
    do {
      return ChangedRules(rules: try Rules(balance: balance), changes: settings.map(\.text))
    } catch {
      throw .balance(error)
    }
  }

  /// The rules a bundle's game played under: the configuration's with its balance changes, or
  /// `nil` for the configuration's own; why not, in words, when a change does not apply here.
  func changedRules(ofBundle changes: [String]?) -> Result<ChangedRules?, LabError> {
    guard let changes, !changes.isEmpty else { return .success(nil) }
    do throws(LabError) {
      let settings = try changes.map { text throws(LabError) in try BalanceSetting.parse(text) }
      return .success(try Self.changedRules(settings, of: device.configuration.rules))
    } catch {
      return .failure(error)
    }
  }

  /// `balance: 0123456789ab with KEY=VALUE, …` (the configuration's fingerprint when the session
  /// knows it), or `nil` when the game plays under the configuration's own balance.
  var balanceLine: String? {
    guard let changes = device.changedRules?.changes else { return nil }
    let balance = environment.provenance?.fingerprint(named: "balance") ?? "the configuration's"
    return
      "balance: \(balance) with \(changes.joined(separator: ", ")) (new without --set plays it unchanged)"
  }
}
