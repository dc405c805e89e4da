import QuietPlacesGame

/// A new game at the rules' start clock, as `new --seed SEED` starts one.
public func newGame(seed: UInt64 = 1, rules: Rules = rules) -> GameState {
  GameState(seed: seed, clock: rules.startClock, rules: rules)
}
