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
  public var colours: [(colour: SailColour, owned: Bool)]

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
  public init(game: GameState, rules: Rules, sessions: SessionModel = .always) {
    let rate = game.ordinaryRate(rules)
    ordinaryRate = rate
    discoveries = game.discoveries
    postmarks = game.postmarks
    suppliesPrice = rules.balance.postmarks.suppliesPrice
    suppliesDiscoveries = game.suppliesAmount(rules)
    colourPrice = rules.balance.postmarks.colourPrice
    colours = SailColour.allCases.map { ($0, game.ownedColours.contains($0)) }

    func row(_ item: Buyable, cost: Double?, level: Int, affordable: Bool, after: GameState?) -> PriceRow {
      var gain = 0.0
      var hold = 0
      if let after {
        if item == .cargo {
          hold = after.holdHours(rules) - game.holdHours(rules)
          if case .cycle(let on, let off) = sessions {
            let missed = max(0, Double(off) - Double(game.holdHours(rules)) * 3600)
            gain = min(Double(hold) * 3600, missed) * rate / Double(on + off)
          }
        } else {
          gain = after.ordinaryRate(rules) - rate
        }
      }
      let wait = cost.map { affordable ? 0 : max(0, $0 - game.discoveries) / rate } ?? .infinity
      var payback: Double?
      if let cost, gain > 0 {
        payback = max(0, cost - game.discoveries) / rate + cost / gain
      }
      let pathfinder =
        item == .scout
        && (game.fleetSize(rules) + 1) % rules.balance.scouts.pathfinderEvery == 0
      return PriceRow(
        item: item, cost: cost, level: level, affordable: affordable, secondsToAfford: wait, gain: gain,
        holdHours: hold, payback: payback, pathfinder: pathfinder)
    }

    var rows: [PriceRow] = []
    for item in [Equipment.sails, .spyglass, .cargo] {
      let level = game.equipment[item]
      let buyable: Buyable = item == .sails ? .sails : item == .spyglass ? .spyglass : .cargo
      if let limit = GameState.levelLimit(of: item, rules), level >= limit {
        rows.append(row(buyable, cost: nil, level: level, affordable: false, after: nil))
        continue
      }
      var after = game
      after.equipment[item] = level + 1
      rows.append(
        row(
          buyable, cost: GameState.price(of: item, rules).cost(from: level, count: 1), level: level,
          affordable: game.satisfies(.affordableEquipment(item), rules: rules), after: after))
    }
    var hired = game
    hired.hiredScouts += 1
    rows.append(
      row(
        .scout, cost: GameState.scoutPrice(rules).cost(from: game.hiredScouts, count: 1),
        level: game.hiredScouts, affordable: game.satisfies(.affordableScout, rules: rules), after: hired))
    if let cost = game.nextCharterCost(rules) {
      var chartered = game
      chartered.route += 1
      chartered.legIndex = 0
      rows.append(
        row(
          .charter, cost: cost, level: game.route,
          affordable: game.satisfies(.affordableCharter, rules: rules),
          after: chartered))
    } else {
      rows.append(row(.charter, cost: nil, level: game.route, affordable: false, after: nil))
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
}
