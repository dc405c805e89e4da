/// What a stretch of sailing produced, online or offline.
public struct SailingReport: Sendable, Equatable {
  /// Seconds sailed.
  public var seconds: Double = 0
  /// Arrivals at any place.
  public var arrivals = 0
  /// Discoveries from arrival grants.
  public var arrivalDiscoveries = 0.0
  /// Discoveries from first-visit bonuses.
  public var bonusDiscoveries = 0.0
  /// Discoveries from exceptional surveys.
  public var surveyDiscoveries = 0.0
  /// Discoveries from scouts.
  public var scoutDiscoveries = 0.0
  /// Places visited for the first time this voyage, in order.
  public var firstVisits: [PlaceID] = []
  /// Places stamped for the first time ever, in order.
  public var stamps: [PlaceID] = []
  /// Postmarks from stamps.
  public var postmarks = 0
  /// Exceptional surveys.
  public var surveys = 0
  /// Knowledge from surveys.
  public var knowledge = 0
  /// Currents that started (a restart counts too).
  public var currents = 0
  /// Whether a current was running when the stretch ended.
  public var currentRunningAtEnd = false

  /// All Discoveries earned.
  public var discoveries: Double {
    arrivalDiscoveries + bonusDiscoveries + surveyDiscoveries + scoutDiscoveries
  }

  public init() {}
}

/// What an absence credited at launch.
public struct AbsenceReport: Sendable, Equatable {
  /// Seconds the app was closed.
  public var absence: Int64
  /// Hold hours when the absence was credited.
  public var holdHours: Int
  /// Seconds credited: `min(absence, hold)`.
  public var credited: Int64
  /// What the credited sailing produced.
  public var sailing: SailingReport
}

/// Something that happened; the REPL formats events, the engine never prints.
public enum GameEvent: Sendable, Equatable {
  /// Time passed with the app open.
  case sailed(SailingReport)
  /// The app closed; `endedCurrent` says whether a current was cut short.
  case closed(endedCurrent: Bool)
  /// The app opened and the absence was credited.
  case launched(AbsenceReport)
  /// Equipment levels were bought.
  case upgraded(Equipment, levels: Int, cost: Double, level: Int)
  /// Scouts were hired.
  case hired(count: Int, cost: Double, hired: Int)
  /// A route was chartered.
  case chartered(route: Int, cost: Double)
  /// Supplies were bought.
  case suppliesBought(discoveries: Double, postmarks: Int)
  /// A sail colour was bought (and selected).
  case colourBought(SailColour, postmarks: Int)
  /// An owned sail colour was selected.
  case colourSelected(SailColour)
  /// New Bearings was taken.
  case tookBearings(knowledge: Int, postmarks: Int)
  /// The Atlas was passed.
  case passedAtlas(generation: Int, postmarks: Int)
  /// A fresh voyage began.
  case freshVoyage
}
