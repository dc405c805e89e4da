import FoundationEssentials

/// The numbers of the rules by their names in the game: what things cost, what they need and what
/// they give. Callers outside the engine ask these instead of reading the balance.
extension Rules {
  // MARK: - Discoveries

  /// The price rule of a piece of equipment: the next level from `L` costs `base · growth^L`.
  public func price(of item: Equipment) -> GeometricPrice {
    let table = balance.equipment
    let entry =
      switch item {
      case .sails: table.sails
      case .spyglass: table.spyglass
      case .cargo: table.cargo
      }
    return GeometricPrice(base: entry.basePrice, growth: entry.priceGrowth)
  }

  /// The price of the next level of `item` when `level` levels are owned (`25 · 1.6^L` for sails):
  /// the same number ``GeometricPrice/cost(from:count:)`` gives, from the table when the level is
  /// in it.
  public func price(of item: Equipment, level: Int) -> Double {
    let table =
      switch item {
      case .sails: sailsPrices
      case .spyglass: spyglassPrices
      case .cargo: cargoPrices
      }
    return table.indices.contains(level) ? table[level] : price(of: item).cost(from: level, count: 1)
  }

  /// The price rule of hiring scouts: the next hire after `n` this voyage costs `base · growth^n`.
  public var scoutPrice: GeometricPrice {
    GeometricPrice(base: balance.scouts.basePrice, growth: balance.scouts.priceGrowth)
  }

  /// The price of the next scout when `hired` were hired this voyage (`10 · 1.15^n`): the same
  /// number ``GeometricPrice/cost(from:count:)`` gives, from the table when `hired` is in it.
  public func scoutPrice(hired: Int) -> Double {
    scoutPrices.indices.contains(hired) ? scoutPrices[hired] : scoutPrice.cost(from: hired, count: 1)
  }

  /// The highest level of `item` that can be owned, if it has one (cargo: 4).
  public func levelLimit(of item: Equipment) -> Int? {
    item == .cargo ? balance.equipment.cargo.levelLimit : nil
  }

  /// The ship's speed in knots with `level` sails levels and no current: `10 · 1.1^L`, at most
  /// ``maximumSpeedKnots``.
  public func shipSpeed(sailsLevel level: Int) -> Double {
    min(balance.ship.baseSpeedKnots * sailsPower(level), maximumSpeedKnots)
  }

  /// Whether the `number`th scout of a fleet (from 1) is a pathfinder: every fifth is.
  public func isPathfinder(scout number: Int) -> Bool {
    number % balance.scouts.pathfinderEvery == 0
  }

  /// Production added by each generation (1 is +100%).
  public var productionPerGeneration: Double { balance.multipliers.perGeneration }

  // MARK: - Postmarks

  /// Postmarks for one crate of supplies (25).
  public var suppliesPrice: Int { balance.postmarks.suppliesPrice }

  /// Seconds of ordinary production a crate of supplies grants (3,600).
  public var suppliesSeconds: Double { balance.postmarks.suppliesSeconds }

  /// Postmarks for a sail colour that is not free (40).
  public var colourPrice: Int { balance.postmarks.colourPrice }

  // MARK: - Prestige

  /// The least Knowledge New Bearings must give before it can be taken (10).
  public var bearingsMinimumKnowledge: Int { balance.prestige.bearings.minimumKnowledge }

  /// Postmarks New Bearings grants (2).
  public var bearingsPostmarks: Int { balance.prestige.bearings.postmarks }

  /// The factor of New Bearings' formula `⌊factor · ∛(progress / scale)⌋` (10).
  public var bearingsFactor: Double { balance.prestige.bearings.factor }

  /// The scale of New Bearings' formula `⌊factor · ∛(progress / scale)⌋` (100,000).
  public var bearingsProgressScale: Double { balance.prestige.bearings.progressScale }

  /// The voyage progress at which New Bearings gives `knowledge`: `(knowledge / factor)³ · scale`.
  public func bearingsProgress(forKnowledge knowledge: Int) -> Double {
    let k = Double(knowledge) / bearingsFactor
    return k * k * k * bearingsProgressScale
  }

  /// The Knowledge held that Passing the Atlas needs (1,000).
  public var atlasKnowledgeRequired: Int { balance.prestige.atlas.knowledgeRequired }

  /// Postmarks Passing the Atlas grants (10).
  public var atlasPostmarks: Int { balance.prestige.atlas.postmarks }
}
