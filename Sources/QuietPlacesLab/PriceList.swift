import QuietPlacesGame

/// One thing buyable with Discoveries, priced for a state.
public struct PriceRow: Sendable, Equatable {
  /// What it is.
  public var item: Buyable
  /// The price of the next one, or `nil` when there is none (cargo at its limit, every route chartered).
  public var cost: Double?
  /// Levels owned (equipment), scouts hired (scout) or the current route (charter).
  public var level: Int
  /// Whether the Discoveries held pay for it now.
  public var affordable: Bool
  /// Seconds until it is affordable at the current ordinary rate (0 when it is).
  public var secondsToAfford: Double
  /// Ordinary rate it adds, in Discoveries per second.
  public var gain: Double
  /// Hours of free hold it adds (cargo only).
  public var holdHours: Int
  /// Cookie Monster's payback in seconds: `max(0, cost − Discoveries) / rate + cost / gain`;
  /// `nil` where the gain is 0 (or there is nothing to buy).
  public var payback: Double?
  /// The next scout is a pathfinder.
  public var pathfinder: Bool
}

/// Everything a state can buy with Discoveries, with payback, then what Postmarks buy.
public struct PriceList: Sendable, Equatable {
  /// Sails, spyglass, cargo, scout, charter, in that order.
  public var rows: [PriceRow]
  /// The least payback (ties in row order), if any has one.
  public var best: Buyable?
  /// The cheapest that can be bought (ties in row order).
  public var cheapest: Buyable?
  /// The state's ordinary rate, Discoveries per second.
  public var ordinaryRate: Double
  /// Discoveries held.
  public var discoveries: Double
  /// Postmarks held.
  public var postmarks: Int
  /// Postmarks for a crate of supplies, and the Discoveries it gives now.
  public var suppliesPrice: Int
  public var suppliesDiscoveries: Double
  /// Postmarks for a sail colour, and each colour with whether it is owned.
  public var colourPrice: Int
  public var colours: [(colour: SailColour, owned: Bool)] {
    SailColour.allCases.map { ($0, ownedColours.contains($0)) }
  }
  /// The colours owned (listed by ``colours`` only when asked, as a strategy never asks).
  private var ownedColours: [SailColour]

  /// The row of an item.
  public func row(_ item: Buyable) -> PriceRow? { rows.first { $0.item == item } }

  public static func == (lhs: PriceList, rhs: PriceList) -> Bool {
    lhs.rows == rhs.rows && lhs.best == rhs.best && lhs.cheapest == rhs.cheapest
      && lhs.ordinaryRate == rhs.ordinaryRate && lhs.discoveries == rhs.discoveries
      && lhs.postmarks == rhs.postmarks && lhs.suppliesPrice == rhs.suppliesPrice
      && lhs.suppliesDiscoveries == rhs.suppliesDiscoveries && lhs.colourPrice == rhs.colourPrice
      && lhs.colours.map(\.colour) == rhs.colours.map(\.colour)
      && lhs.colours.map(\.owned) == rhs.colours.map(\.owned)
  }

  /// Prices for `game`; cargo's gain counts the offline credit it adds under `sessions`
  /// (``forEachRow(game:rules:sessions:rates:_:)`` says how each row is priced).
  public init(game: GameState, rules: Rules, sessions: SessionModel = .always) {
    let rates = game.rates(rules)
    ordinaryRate = rates.ordinary
    discoveries = game.discoveries
    postmarks = game.postmarks
    suppliesPrice = rules.suppliesPrice
    // `suppliesAmount` is `ordinaryRate × suppliesSeconds`: the same product, without a second rates pass.
    suppliesDiscoveries = rates.ordinary * rules.suppliesSeconds
    colourPrice = rules.colourPrice
    ownedColours = game.ownedColours
    var rows: [PriceRow] = []
    rows.reserveCapacity(Buyable.allCases.count)
    var choices = Choices()
    Self.forEachRow(game: game, rules: rules, sessions: sessions, rates: rates) { row in
      rows.append(row)
      choices.consider(row)
    }
    self.rows = rows
    best = choices.best?.item
    cheapest = choices.cheapest?.item
  }

  /// What a strategy reads of the prices of `game`: the row it would choose, whether any row is
  /// affordable and the ordinary rate — the same as ``PriceList/init(game:rules:sessions:)`` and
  /// ``Strategy/choice(_:)`` give, with no list kept.
  static func reading(
    for kind: StrategyKind, game: GameState, rules: Rules, sessions: SessionModel
  ) -> (choice: PriceRow?, cheapest: PriceRow?, noneAffordable: Bool, ordinaryRate: Double) {
    let rates = game.rates(rules)
    var choices = Choices()
    var anyAffordable = false
    forEachRow(game: game, rules: rules, sessions: sessions, rates: rates) { row in
      choices.consider(row)
      if row.affordable { anyAffordable = true }
    }
    let choice: PriceRow? =
      switch kind {
      case .idle: nil
      case .payback: choices.best
      case .cheapest: choices.cheapest
      }
    return (choice, choices.cheapest, !anyAffordable, rates.ordinary)
  }

  /// The least payback and the least cost seen (ties in row order).
  private struct Choices {
    var best: PriceRow?
    var cheapest: PriceRow?

    mutating func consider(_ row: PriceRow) {
      if let payback = row.payback, payback.isFinite, payback < best?.payback ?? .infinity { best = row }
      if let cost = row.cost, cost.isFinite, cost < cheapest?.cost ?? .infinity { cheapest = row }
    }
  }

  /// Each row of the prices of `game` in order (sails, spyglass, cargo, scout, charter), from its
  /// `rates`. Cargo's gain is the extra offline credit per cycle of `sessions`,
  /// `min(hold added, max(0, OFF − hold)) × rate`, spread over `ON + OFF`; 0 when always online.
  ///
  /// Gains come from one pass of the ordinary rates: a sails level scales travel by the new speed
  /// over the old, a spyglass level by its reward factor, a scout adds `eff(n+1) − eff(n)` scouts'
  /// worth; only a charter reads the rates of the next route afresh (with no copy of the game).
  private static func forEachRow(
    game: GameState, rules: Rules, sessions: SessionModel, rates: Rates, _ body: (PriceRow) -> Void
  ) {
    let rate = rates.ordinary
    let held = game.discoveries
    let fleet = game.fleetSize(rules)

    /// The engine's rule for "the Discoveries held pay for it" (`GeometricPrice.pays`): the closed
    /// form may round a few units in the last place above the sum of the single prices.
    func pays(_ cost: Double) -> Bool {
      cost.isFinite && cost <= held + abs(held) * 1e-12
    }

    func row(_ item: Buyable, cost: Double?, level: Int, gain: Double, hold: Int = 0) -> PriceRow {
      let affordable = cost.map(pays) ?? false
      let wait = cost.map { affordable ? 0 : max(0, $0 - held) / rate } ?? .infinity
      var payback: Double?
      if let cost, gain > 0 {
        payback = max(0, cost - held) / rate + cost / gain
      }
      let pathfinder = item == .scout && rules.isPathfinder(scout: fleet + 1)
      return PriceRow(
        item: item, cost: cost, level: level, affordable: affordable, secondsToAfford: wait, gain: gain,
        holdHours: hold, payback: payback, pathfinder: pathfinder)
    }

    // Sails: the speed of one more level (capped as the engine caps it) over the speed now.
    let sailsLevel = game.equipment.sails
    let faster = rules.shipSpeed(sailsLevel: sailsLevel + 1)
    body(
      row(
        .sails, cost: rules.price(of: .sails, level: sailsLevel), level: sailsLevel,
        gain: rates.travel * (faster / rates.speed) - rates.travel))
    // Spyglass: every arrival reward × its effect.
    let spyglassLevel = game.equipment.spyglass
    body(
      row(
        .spyglass, cost: rules.price(of: .spyglass, level: spyglassLevel),
        level: spyglassLevel, gain: rates.travel * rules.spyglassEffect - rates.travel))
    // Cargo: hold, and under a session model the offline credit it adds per cycle.
    let cargoLevel = game.equipment.cargo
    if let limit = rules.levelLimit(of: .cargo), cargoLevel >= limit {
      body(row(.cargo, cost: nil, level: cargoLevel, gain: 0))
    } else {
      let holdNow = game.holdHours(rules)
      let hold = game.holdHours(rules, cargoLevel: cargoLevel + 1) - holdNow
      var gain = 0.0
      if case .cycle(let on, let off) = sessions {
        let missed = max(0, Double(off) - Double(holdNow) * 3600)
        gain = min(Double(hold) * 3600, missed) * rate / Double(on + off)
      }
      body(
        row(
          .cargo, cost: rules.price(of: .cargo, level: cargoLevel),
          level: cargoLevel,
          gain: gain, hold: hold))
    }
    // Scout: the effective scouts one more hire adds, each worth the scout rate of one.
    let added = GameState.effectiveScouts(fleet + 1, rules: rules) - rates.effectiveScouts
    let perScout =
      rates.effectiveScouts > 0 ? rates.scouts / Double(rates.effectiveScouts) : Self.scoutWorth(game, rules)
    body(
      row(
        .scout, cost: rules.scoutPrice(hired: game.hiredScouts),
        level: game.hiredScouts,
        gain: Double(added) * perScout))
    // Charter: the rates of the next route from its first place, as after chartering.
    if let cost = game.nextCharterCost(rules) {
      body(
        row(
          .charter, cost: cost, level: game.route,
          gain: game.rates(rules, onRoute: game.route + 1).ordinary - rate))
    } else {
      body(row(.charter, cost: nil, level: game.route, gain: 0))
    }
  }

  /// What one effective scout earns per second now: `yield · mK · mG · mC · (1.2 if signal)`.
  static func scoutWorth(_ game: GameState, _ rules: Rules) -> Double {
    game.scoutRate(effectiveScouts: 1, rules)
  }
}
