import FoundationEssentials
import QuietPlacesUtilities

extension GameState {
  /// Runs one command: the state changes and the events say how, or a ``GameError`` is thrown and
  /// the state is exactly as it was.
  public mutating func apply(
    _ command: GameCommand, rules: Rules, method: SailingMethod = .closedForm
  ) throws(GameError) -> [GameEvent] {
    // Every command checks everything before its first change, so it runs on the state itself: no
    // copy of the state on the path of any command, and none of a state a command refused.
    switch command {
    case .launch(let now):
      return [.launched(try launch(at: now, rules: rules, method: method))]
    case .advance(let seconds):
      return [.sailed(try sail(seconds: seconds, rules: rules, method: method))]
    default:
      let events = try run(command, rules: rules, method: method)
      saturateTotals()
      return events
    }
  }

  /// Open sailing for `seconds`: what `apply(.advance(seconds:))` does, without a list of events
  /// to make (a search that tries many stretches on copies of the state reads only the state).
  @discardableResult
  public mutating func sail(
    seconds: Int64, rules: Rules, method: SailingMethod = .closedForm
  ) throws(GameError) -> SailingReport {
    guard isOpen else { throw .appClosed }
    let report = try advance(seconds: seconds, rules: rules, method: method)
    saturateTotals()
    return report
  }

  /// Opens the app at `now` and credits the absence: what `apply(.launch(clock:))` does, returning
  /// the report itself rather than a list of events (the benchmark times the credit through this).
  public mutating func launch(
    at now: Int64, rules: Rules, method: SailingMethod = .closedForm
  ) throws(GameError) -> AbsenceReport {
    guard !isOpen else { throw .appOpen }
    let report = try creditAbsence(until: now, rules: rules, method: method)
    saturateTotals()
    return report
  }

  private mutating func run(
    _ command: GameCommand, rules: Rules, method: SailingMethod
  ) throws(GameError) -> [GameEvent] {
    guard isOpen else { throw .appClosed }
    switch command {
    case .launch, .advance:
      return []
    case .close:
      let ended = currentRemaining > 0
      currentRemaining = 0
      isOpen = false
      return [.closed(endedCurrent: ended)]
    case .upgrade(let item, let quantity):
      return [try upgrade(item, quantity, rules: rules)]
    case .hire(let quantity):
      return [try hire(quantity, rules: rules)]
    case .charter:
      return [try charter(rules: rules)]
    case .buySupplies:
      return [try buySupplies(rules: rules)]
    case .colour(let colour):
      return [try chooseColour(colour, rules: rules)]
    case .prestige(.bearings):
      return [try takeBearings(rules: rules)]
    case .prestige(.atlas):
      return [try passAtlas(rules: rules)]
    case .freshVoyage:
      resetVoyage(rules: rules)
      knowledge = 0
      generations = 0
      lifetime = LifetimeStatistics()
      return [.freshVoyage]
    }
  }

  /// How many of `quantity` to buy, refusing counts below 1 and counts past a limit.
  private func resolve(
    _ quantity: Quantity, item: Purchasable, price: GeometricPrice, next: Double, level: Int,
    limit: (Equipment, Int)?
  ) throws(GameError) -> (count: Int, cost: Double) {
    switch quantity {
    case .count(let count):
      guard count >= 1 else { throw .invalidCount(count) }
      if let (limited, limit) = limit, count > limit - level {
        throw .overLimit(item: limited, limit: limit, level: level, requested: count)
      }
      // One, the usual purchase, at the rules' price of the next one: the same number as the closed
      // form of one gives, without its two powers.
      let cost = count == 1 ? next : price.cost(from: level, count: count)
      guard GeometricPrice.pays(discoveries, cost) else {
        throw .notAffordable(item: item, count: count, cost: cost, held: discoveries)
      }
      return (count, cost)
    case .max:
      var count = price.maxAffordable(from: level, budget: discoveries)
      if let (limited, limit) = limit {
        guard level < limit else { throw .overLimit(item: limited, limit: limit, level: level, requested: 1) }
        count = min(count, limit - level)
      }
      guard count >= 1 else {
        throw .nothingAffordable(item: item, cost: next, held: discoveries)
      }
      return (count, price.cost(from: level, count: count))
    }
  }

  private mutating func upgrade(_ item: Equipment, _ quantity: Quantity, rules: Rules) throws(GameError)
    -> GameEvent
  {
    let level = equipment[item]
    let (count, cost) = try resolve(
      quantity, item: .equipment(item), price: rules.price(of: item),
      next: rules.price(of: item, level: level),
      level: level, limit: rules.levelLimit(of: item).map { (item, $0) })
    discoveries = max(0, discoveries - cost)
    equipment[item] = level.saturatingAdd(count)
    return .upgraded(item, levels: count, cost: cost, level: equipment[item])
  }

  private mutating func hire(_ quantity: Quantity, rules: Rules) throws(GameError) -> GameEvent {
    let (count, cost) = try resolve(
      quantity, item: .scouts, price: rules.scoutPrice, next: rules.scoutPrice(hired: hiredScouts),
      level: hiredScouts, limit: nil)
    discoveries = max(0, discoveries - cost)
    hiredScouts = hiredScouts.saturatingAdd(count)
    return .hired(count: count, cost: cost, hired: hiredScouts)
  }

  /// The cost of chartering the next route, or `nil` when every route is chartered.
  public func nextCharterCost(_ rules: Rules) -> Double? {
    route < rules.routeCount ? rules.charterCost(route: route + 1) : nil
  }

  private mutating func charter(rules: Rules) throws(GameError) -> GameEvent {
    guard let cost = nextCharterCost(rules) else { throw .allRoutesChartered(routes: rules.routeCount) }
    guard cost <= discoveries else {
      throw .notAffordable(item: .charter, count: 1, cost: cost, held: discoveries)
    }
    discoveries = max(0, discoveries - cost)
    route += 1
    legIndex = 0
    legRemaining = rules.legs[nextPlace]
    return .chartered(route: route, cost: cost)
  }

  private mutating func buySupplies(rules: Rules) throws(GameError) -> GameEvent {
    let price = rules.suppliesPrice
    guard postmarks >= price else {
      throw .notEnoughPostmarks(item: .supplies, cost: price, held: postmarks)
    }
    let amount = suppliesAmount(rules)
    countPostmarks { $0.supplies = $0.supplies.saturatingAdd(price) }
    postmarks -= price
    discoveries += amount
    lifetime.discoveriesEarned += amount
    return .suppliesBought(discoveries: amount, postmarks: price)
  }

  private mutating func chooseColour(_ colour: SailColour, rules: Rules) throws(GameError) -> GameEvent {
    if ownedColours.contains(colour) {
      sailColour = colour
      return .colourSelected(colour)
    }
    let price = rules.colourPrice
    var checked = true
    #if QP_PLANTED_DEFECTS
      checked = !PlantedDefect.planted(.spendUnchecked)
    #endif
    guard postmarks >= price || !checked else {
      throw .notEnoughPostmarks(item: .colour(colour), cost: price, held: postmarks)
    }
    countPostmarks { $0.colours = $0.colours.saturatingAdd(price) }
    postmarks -= price
    ownedColours.append(colour)
    ownedColours.sort()
    sailColour = colour
    return .colourBought(colour, postmarks: price)
  }

  private mutating func takeBearings(rules: Rules) throws(GameError) -> GameEvent {
    let gain = bearingsGain(rules)
    guard gain >= rules.bearingsMinimumKnowledge else {
      throw .bearingsNotReady(gain: gain, minimum: rules.bearingsMinimumKnowledge)
    }
    knowledge = knowledge.saturatingAdd(gain)
    countPostmarks { $0.bearings = $0.bearings.saturatingAdd(rules.bearingsPostmarks) }
    addPostmarks(rules.bearingsPostmarks)
    lifetime.bearings += 1
    resetVoyage(rules: rules)
    return .tookBearings(knowledge: gain, postmarks: rules.bearingsPostmarks)
  }

  private mutating func passAtlas(rules: Rules) throws(GameError) -> GameEvent {
    guard knowledge >= rules.atlasKnowledgeRequired else {
      throw .atlasNotReady(knowledge: knowledge, required: rules.atlasKnowledgeRequired)
    }
    generations = generations.saturatingAdd(1)
    countPostmarks { $0.atlas = $0.atlas.saturatingAdd(rules.atlasPostmarks) }
    addPostmarks(rules.atlasPostmarks)
    knowledge = 0
    resetVoyage(rules: rules)
    return .passedAtlas(generation: generations, postmarks: rules.atlasPostmarks)
  }

  /// Clears what every reset clears: Discoveries, equipment, hired scouts, routes, the current,
  /// this voyage's visits and progress. Keeps everything else.
  mutating func resetVoyage(rules: Rules) {
    discoveries = 0
    equipment = EquipmentLevels()
    hiredScouts = 0
    route = 1
    legIndex = 0
    legRemaining = rules.legs[0]
    currentRemaining = 0
    visited = 0
    progress = 0
  }
}
