import FoundationEssentials

/// The game's numbers, as a designer writes them in `Configuration/balance.json`.
///
/// Read once, validated on load, then turned into ``Rules`` for the engine.
public struct Balance: Sendable, Codable, Equatable {
  /// Where a new game's clock starts.
  public struct Clock: Sendable, Codable, Equatable {
    /// An ISO 8601 instant in UTC, such as `2026-01-05T09:00:00Z`.
    public var start: String
  }

  /// The ship before any equipment.
  public struct Ship: Sendable, Codable, Equatable {
    /// Nautical miles per hour with no sails levels and no current.
    public var baseSpeedKnots: Double
  }

  /// One place of a route and the leg that leads to it.
  public struct Place: Sendable, Codable, Equatable {
    /// The place's name, unique across the atlas.
    public var name: String
    /// Length of the leg that ends at this place, in nautical miles.
    public var legNauticalMiles: Double
    /// Base arrival reward in Discoveries.
    public var reward: Double
  }

  /// One charted loop of five places.
  public struct Route: Sendable, Codable, Equatable {
    /// The route's name.
    public var name: String
    /// Discoveries per second that one effective scout earns on this route.
    public var scoutYieldPerSecond: Double
    /// Discoveries to charter this route; `nil` for the first route.
    public var charterCost: Double?
    /// The five places in sailing order.
    public var places: [Place]
  }

  /// A piece of equipment whose next level costs `basePrice · priceGrowth^L`.
  public struct Equipment: Sendable, Codable, Equatable {
    /// Price of the first level.
    public var basePrice: Double
    /// Factor by which each level's price grows.
    public var priceGrowth: Double
    /// Multiplier each level applies (speed for sails, reward for the spyglass).
    public var effectPerLevel: Double?
    /// Hours of free hold each level adds (cargo).
    public var holdHoursPerLevel: Double?
    /// Highest level that can be owned, if any.
    public var levelLimit: Int?
  }

  /// The three pieces of equipment.
  public struct EquipmentTable: Sendable, Codable, Equatable {
    public var sails: Equipment
    public var spyglass: Equipment
    public var cargo: Equipment
  }

  /// Hired scouts and the every-fifth pathfinder rule.
  public struct Scouts: Sendable, Codable, Equatable {
    /// Price of the first scout hired in a voyage.
    public var basePrice: Double
    /// Factor by which each hire's price grows.
    public var priceGrowth: Double
    /// Every this-many-th scout of the fleet is a pathfinder.
    public var pathfinderEvery: Int
    /// How many scouts a pathfinder is worth.
    public var pathfinderWorth: Int
  }

  /// The Knowledge and generation multipliers.
  public struct Multipliers: Sendable, Codable, Equatable {
    /// Production added by each Knowledge point (0.1 is +10%).
    public var perKnowledge: Double
    /// Production added by each generation.
    public var perGeneration: Double
  }

  /// What an arrival grants beyond its reward.
  public struct Arrivals: Sendable, Codable, Equatable {
    /// A first visit this voyage grants this many times the arrival grant.
    public var firstVisitBonusMultiplier: Double
    /// Postmarks for a place's first visit ever (its postmark stamp).
    public var firstVisitEverPostmarks: Int
  }

  /// A random event drawn as a geometric countdown of arrivals.
  public struct RandomEvent: Sendable, Codable, Equatable {
    /// The event happens at one arrival in this many, on average.
    public var oneIn: Double
    /// Exceptional survey: Discoveries granted, as a multiple of the arrival grant.
    public var grantMultiplier: Double?
    /// Exceptional survey: Knowledge granted.
    public var knowledge: Int?
    /// Current: how long it lasts.
    public var durationSeconds: Double?
    /// Current: ship speed multiplier while it runs.
    public var speedMultiplier: Double?
  }

  /// The exceptional survey and the current.
  public struct Events: Sendable, Codable, Equatable {
    public var survey: RandomEvent
    public var current: RandomEvent
  }

  /// New Bearings, the first prestige layer.
  public struct Bearings: Sendable, Codable, Equatable {
    /// Progress is divided by this before the cube root.
    public var progressScale: Double
    /// Knowledge gained is `⌊factor · ∛(progress / progressScale)⌋`.
    public var factor: Double
    /// New Bearings is available from this much Knowledge gained.
    public var minimumKnowledge: Int
    /// Postmarks granted.
    public var postmarks: Int
  }

  /// Passing the Atlas, the second prestige layer.
  public struct Atlas: Sendable, Codable, Equatable {
    /// Knowledge held needed.
    public var knowledgeRequired: Int
    /// Postmarks granted.
    public var postmarks: Int
  }

  /// The two prestige layers.
  public struct Prestige: Sendable, Codable, Equatable {
    public var bearings: Bearings
    public var atlas: Atlas
  }

  /// How many hours of absence are credited.
  public struct Hold: Sendable, Codable, Equatable {
    /// The free hold at the start.
    public var baseHours: Double
    /// Hours each generation adds, up to `generationCap` generations.
    public var hoursPerGeneration: Double
    /// Generations beyond this add nothing.
    public var generationCap: Int
    /// The hold with Deep hold owned.
    public var deepHoldHours: Double
  }

  /// What Postmarks buy.
  public struct PostmarkPrices: Sendable, Codable, Equatable {
    /// Postmarks for one crate of supplies.
    public var suppliesPrice: Int
    /// Supplies grant this many seconds of ordinary production.
    public var suppliesSeconds: Double
    /// Postmarks for a sail colour that is not free.
    public var colourPrice: Int
  }

  /// A sail colour.
  public struct Colour: Sendable, Codable, Equatable {
    /// Lower-case name.
    public var name: String
    /// Owned from the start.
    public var free: Bool
  }

  /// The benefits of the purchases.
  public struct Purchases: Sendable, Codable, Equatable {
    /// Luminous charts: Discovery grants from arrivals and scouts × this.
    public var chartsMultiplier: Double
    /// Companion signal: total scout income × this.
    public var signalScoutMultiplier: Double
    /// Companion signal: permanent scouts added to the fleet.
    public var signalScouts: Int
    /// Postmarks in each pack of Postmarks, by the pack's key (``PostmarkPack``).
    public var packPostmarks: [String: Int]
  }

  public var clock: Clock
  public var ship: Ship
  public var routes: [Route]
  public var equipment: EquipmentTable
  public var scouts: Scouts
  public var multipliers: Multipliers
  public var arrivals: Arrivals
  public var events: Events
  public var prestige: Prestige
  public var hold: Hold
  public var postmarks: PostmarkPrices
  public var sailColours: [Colour]
  public var purchases: Purchases
}
