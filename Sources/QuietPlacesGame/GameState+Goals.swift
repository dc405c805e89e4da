/// A moment `advance until` waits for.
public enum AdvanceGoal: Sendable, Equatable {
  /// New Bearings becomes available.
  case bearings
  /// Passing the Atlas becomes available.
  case atlas
  /// The next level of equipment becomes affordable.
  case affordableEquipment(Equipment)
  /// The next scout becomes affordable.
  case affordableScout
  /// The next charter becomes affordable.
  case affordableCharter
}

/// Why a goal can never be reached by waiting.
public enum GoalUnreachable: Error, Sendable, Equatable {
  /// The item is at its level limit.
  case atLimit(Equipment, limit: Int)
  /// Every route is chartered.
  case allRoutesChartered
  /// Not within the longest advance the engine accepts.
  case notWithinMaximum
  /// The next one costs more than the largest number Discoveries reach (the largest `Double`).
  case beyondEveryAmount
}

extension GameState {
  /// Whether the goal holds now.
  public func satisfies(_ goal: AdvanceGoal, rules: Rules) -> Bool {
    switch goal {
    case .bearings:
      bearingsGain(rules) >= rules.balance.prestige.bearings.minimumKnowledge
    case .atlas:
      knowledge >= rules.balance.prestige.atlas.knowledgeRequired
    case .affordableEquipment(let item):
      GeometricPrice.pays(discoveries, rules.price(of: item, level: equipment[item]))
    case .affordableScout:
      GeometricPrice.pays(discoveries, rules.scoutPrice(hired: hiredScouts))
    case .affordableCharter:
      nextCharterCost(rules).map { $0 <= discoveries } ?? false
    }
  }

  /// The whole seconds of open sailing until the goal first holds (0 if it holds now), or why never.
  ///
  /// Every goal only grows more true while sailing (Discoveries, progress and Knowledge never fall),
  /// so the first second is found by doubling and then halving the advance on copies of the state.
  public func secondsUntil(_ goal: AdvanceGoal, rules: Rules) -> Result<Int64, GoalUnreachable> {
    switch goal {
    case .affordableEquipment(let item):
      if let limit = rules.levelLimit(of: item), equipment[item] >= limit {
        return .failure(.atLimit(item, limit: limit))
      }
      if !rules.price(of: item, level: equipment[item]).isFinite { return .failure(.beyondEveryAmount) }
    case .affordableScout:
      if !rules.scoutPrice(hired: hiredScouts).isFinite { return .failure(.beyondEveryAmount) }
    case .affordableCharter:
      if nextCharterCost(rules) == nil { return .failure(.allRoutesChartered) }
    default:
      break
    }
    if satisfies(goal, rules: rules) { return .success(0) }
    func holds(after seconds: Int64) -> Bool {
      var copy = self
      return (try? copy.advance(seconds: seconds, rules: rules)) != nil && copy.satisfies(goal, rules: rules)
    }
    var high: Int64 = 1
    while !holds(after: high) {
      if high >= maximumAdvanceSeconds { return .failure(.notWithinMaximum) }
      high = min(high * 2, maximumAdvanceSeconds)
    }
    var low = high / 2
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if holds(after: middle) { high = middle } else { low = middle }
    }
    return .success(high)
  }
}
