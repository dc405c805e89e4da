import QuietPlacesGame
import QuietPlacesStore

/// A strategy with its options: what it buys, when it prestiges, how the player's sessions go and
/// what they bought in the App Store at the start.
public struct Strategy: Sendable, Hashable {
  /// What it buys.
  public var kind: StrategyKind
  /// New Bearings is taken when its gain ≥ max(minimum, R × Knowledge); `nil` never takes it.
  public var bearingsAt: Double?
  /// Pass the Atlas as soon as it is available.
  public var atlas: Bool
  /// When Postmarks are spent on supplies.
  public var supplies: SuppliesPolicy
  /// The player's sessions.
  public var sessions: SessionModel
  /// Products bought at the start through the simulated App Store, in this order.
  public var owned: [ProductID]

  public init(
    kind: StrategyKind, bearingsAt: Double? = 0.5, atlas: Bool = true, supplies: SuppliesPolicy = .bridge,
    sessions: SessionModel = .always, owned: [ProductID] = []
  ) {
    self.kind = kind
    self.bearingsAt = bearingsAt
    self.atlas = atlas
    self.supplies = supplies
    self.sessions = sessions
    self.owned = owned
  }

  // MARK: - Reading options

  /// `--bearings-at R|never`.
  public static func parseBearingsAt(_ text: String) throws(LabError) -> Double? {
    if text.lowercased() == "never" { return nil }
    guard let value = Double(text), value.isFinite, value >= 0, value <= 1_000 else {
      throw .notARatio(text)
    }
    return value
  }

  /// `on|off` of `--atlas` and `--supplies`.
  public static func parseSwitch(_ text: String, option: String) throws(LabError) -> Bool {
    switch text.lowercased() {
    case "on": return true
    case "off": return false
    default: throw .notASwitch(text, option: option)
    }
  }

  /// `--owned none` or a comma-separated list of products (`charts,hold,signal`, `marks100`).
  public static func parseOwned(_ text: String) throws(LabError) -> [ProductID] {
    if text.lowercased() == "none" { return [] }
    var products: [ProductID] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let word = String(part).lowercased()
      guard let id = ProductID(rawValue: word) ?? ProductID(fullID: word) else {
        // `none,charts` reads as two variants to compare: that is --owned none --owned charts.
        if word == "none" { throw .noneInOwnedList(text) }
        throw .notAnOwnedProduct(String(part))
      }
      if products.contains(id), id.permanent != nil { throw .repeatedProduct(id) }
      products.append(id)
    }
    return products
  }

  /// The owned list as `--owned` reads it: `none`, `charts,hold`.
  public static func ownedList(_ owned: [ProductID]) -> String {
    owned.isEmpty ? "none" : owned.map(\.rawValue).joined(separator: ",")
  }

  /// The owned list as a name: `none`, `charts+hold`.
  public static func ownedName(_ owned: [ProductID]) -> String {
    owned.isEmpty ? "none" : owned.map(\.rawValue).joined(separator: "+")
  }

  /// A ratio as written: `0.5`, `1`.
  public static func ratioText(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }

  // MARK: - Rules of play

  /// The Knowledge New Bearings must give before this strategy takes it, or `nil` if it never does.
  func bearingsTarget(_ game: GameState, _ rules: Rules) -> Int? {
    guard let ratio = bearingsAt else { return nil }
    let minimum = rules.bearingsMinimumKnowledge
    let wanted = (ratio * Double(game.knowledge)).rounded(.up)
    return wanted > Double(minimum) ? Int(min(wanted, 1e15)) : minimum
  }

  /// Whether this strategy takes New Bearings now.
  func bearingsDue(_ game: GameState, _ rules: Rules) -> Bool {
    guard let target = bearingsTarget(game, rules) else { return false }
    return game.bearingsGainReaches(target, rules)
  }

  /// Whether this strategy passes the Atlas now.
  func atlasDue(_ game: GameState, _ rules: Rules) -> Bool {
    atlas && game.knowledge >= rules.atlasKnowledgeRequired
  }

  /// Whether this strategy buys supplies now whatever it waits for (`eager`).
  func suppliesDue(_ game: GameState, _ rules: Rules) -> Bool {
    supplies == .eager && game.postmarks >= rules.suppliesPrice
  }

  /// Whether a `bridge` strategy buys a crate now, waiting for `choice` (not affordable) with
  /// `onlineLeft` seconds of the session left (`nil` when always online): when the wait, at the
  /// ordinary rate, outlasts the session (always online: the crate's hour), and the crate's
  /// Discoveries are spent before a prestige takes them — the strategy, playing on as it does (away
  /// and back under a session model), buys something with Discoveries before it next takes New
  /// Bearings or passes the Atlas (``BridgePlayout``).
  func bridgesWait(for choice: PriceRow, onlineLeft: Int64?, _ game: GameState, _ rules: Rules) -> Bool {
    let wait = choice.secondsToAfford
    guard supplies == .bridge, game.postmarks >= rules.suppliesPrice, wait.isFinite, wait > 0,
      wait > onlineLeft.map(Double.init) ?? rules.suppliesSeconds
    else { return false }
    var opened = game
    do {
      _ = try opened.apply(.buySupplies, rules: rules)
    } catch {
      return false
    }
    return BridgePlayout(strategy: self, rules: rules, onlineLeft: onlineLeft).spendsCrate(from: opened)
  }

  /// What this strategy wants to buy next, from the prices of the state.
  func choice(_ prices: PriceList) -> PriceRow? {
    switch kind {
    case .idle: return nil
    case .payback: return prices.best.flatMap { prices.row($0) }
    case .cheapest: return prices.cheapest.flatMap { prices.row($0) }
    }
  }
}
