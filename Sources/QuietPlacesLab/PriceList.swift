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

  /// Prices for `game`. Cargo's gain is the extra offline credit per cycle of `sessions`,
  /// `min(hold added, max(0, OFF − hold)) × rate`, spread over `ON + OFF`; 0 when always online.
  ///
  /// Gains come from one pass of the ordinary rates: a sails level scales travel by the new speed
  /// over the old, a spyglass level by its reward factor, a scout adds `eff(n+1) − eff(n)` scouts'
  /// worth; only a charter reads the rates of the next route afresh (with no copy of the game).
  public init(game: GameState, rules: Rules, sessions: SessionModel = .always) {
    let rates = game.rates(rules)
    let rate = rates.ordinary
    ordinaryRate = rate
    discoveries = game.discoveries
    postmarks = game.postmarks
    suppliesPrice = rules.suppliesPrice
    // `suppliesAmount` is `ordinaryRate × suppliesSeconds`: the same product, without a second rates pass.
    suppliesDiscoveries = rate * rules.suppliesSeconds
    colourPrice = rules.colourPrice
    ownedColours = game.ownedColours

    /// The engine's rule for "the Discoveries held pay for it" (`GeometricPrice.pays`): the closed
    /// form may round a few units in the last place above the sum of the single prices.
    func pays(_ cost: Double) -> Bool {
      cost.isFinite && cost <= game.discoveries + abs(game.discoveries) * 1e-12
    }

    func row(_ item: Buyable, cost: Double?, level: Int, gain: Double, hold: Int = 0) -> PriceRow {
      let affordable = cost.map(pays) ?? false
      let wait = cost.map { affordable ? 0 : max(0, $0 - game.discoveries) / rate } ?? .infinity
      var payback: Double?
      if let cost, gain > 0 {
        payback = max(0, cost - game.discoveries) / rate + cost / gain
      }
      let pathfinder = item == .scout && rules.isPathfinder(scout: game.fleetSize(rules) + 1)
      return PriceRow(
        item: item, cost: cost, level: level, affordable: affordable, secondsToAfford: wait, gain: gain,
        holdHours: hold, payback: payback, pathfinder: pathfinder)
    }

    var rows: [PriceRow] = []
    rows.reserveCapacity(Buyable.allCases.count)
    // Sails: the speed of one more level (capped as the engine caps it) over the speed now.
    let sailsLevel = game.equipment.sails
    let faster = rules.shipSpeed(sailsLevel: sailsLevel + 1)
    rows.append(
      row(
        .sails, cost: rules.price(of: .sails, level: sailsLevel), level: sailsLevel,
        gain: rates.travel * (faster / rates.speed) - rates.travel))
    // Spyglass: every arrival reward × its effect.
    let spyglassLevel = game.equipment.spyglass
    rows.append(
      row(
        .spyglass, cost: rules.price(of: .spyglass, level: spyglassLevel),
        level: spyglassLevel, gain: rates.travel * rules.spyglassEffect - rates.travel))
    // Cargo: hold, and under a session model the offline credit it adds per cycle.
    let cargoLevel = game.equipment.cargo
    if let limit = rules.levelLimit(of: .cargo), cargoLevel >= limit {
      rows.append(row(.cargo, cost: nil, level: cargoLevel, gain: 0))
    } else {
      let holdNow = game.holdHours(rules)
      let hold = game.holdHours(rules, cargoLevel: cargoLevel + 1) - holdNow
      var gain = 0.0
      if case .cycle(let on, let off) = sessions {
        let missed = max(0, Double(off) - Double(holdNow) * 3600)
        gain = min(Double(hold) * 3600, missed) * rate / Double(on + off)
      }
      rows.append(
        row(
          .cargo, cost: rules.price(of: .cargo, level: cargoLevel),
          level: cargoLevel,
          gain: gain, hold: hold))
    }
    // Scout: the effective scouts one more hire adds, each worth the scout rate of one.
    let fleet = game.fleetSize(rules)
    let added = GameState.effectiveScouts(fleet + 1, rules: rules) - rates.effectiveScouts
    let perScout =
      rates.effectiveScouts > 0 ? rates.scouts / Double(rates.effectiveScouts) : Self.scoutWorth(game, rules)
    rows.append(
      row(
        .scout, cost: rules.scoutPrice(hired: game.hiredScouts),
        level: game.hiredScouts,
        gain: Double(added) * perScout))
    // Charter: the rates of the next route from its first place, as after chartering.
    if let cost = game.nextCharterCost(rules) {
      rows.append(
        row(
          .charter, cost: cost, level: game.route,
          gain: game.rates(rules, onRoute: game.route + 1).ordinary - rate))
    } else {
      rows.append(row(.charter, cost: nil, level: game.route, gain: 0))
    }
    self.rows = rows

    var best: (Buyable, Double)?
    var cheapest: (Buyable, Double)?
    for row in rows {
      if let payback = row.payback, payback.isFinite, payback < best?.1 ?? .infinity {
        best = (row.item, payback)
      }
      if let cost = row.cost, cost.isFinite, cost < cheapest?.1 ?? .infinity { cheapest = (row.item, cost) }
    }
    self.best = best?.0
    self.cheapest = cheapest?.0
  }

  /// What one effective scout earns per second now: `yield · mK · mG · mC · (1.2 if signal)`.
  static func scoutWorth(_ game: GameState, _ rules: Rules) -> Double {
    game.scoutRate(effectiveScouts: 1, rules)
  }
}
