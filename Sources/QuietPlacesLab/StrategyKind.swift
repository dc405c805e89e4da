/// What a strategy buys at each decision point.
public enum StrategyKind: String, Sendable, CaseIterable, Hashable {
  /// The option with the least payback; waits for it when it is not affordable.
  case payback
  /// The cheapest option while one is affordable; otherwise waits for the cheapest.
  case cheapest
  /// Nothing; only prestiges as its rule says.
  case idle

  /// Reads a strategy's name.
  public static func parse(_ text: String) throws(LabError) -> StrategyKind {
    guard let kind = StrategyKind(rawValue: text.lowercased()) else {
      throw .notAStrategy(text)
    }
    return kind
  }
}
