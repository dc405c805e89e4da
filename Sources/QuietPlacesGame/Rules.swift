import FoundationEssentials
import QuietPlacesUtilities

/// The balance data in the shape the engine works with: tables per place and route, read once.
public final class Rules: Sendable {
  /// The balance the rules were made from.
  public let balance: Balance
  /// A new game's clock, in seconds since 1970-01-01T00:00:00Z.
  public let startClock: Int64
  /// Leg lengths in nautical miles, by ``PlaceID``.
  let legs: [Double]
  /// Base arrival rewards, by ``PlaceID``.
  let rewards: [Double]
  /// Place names, by ``PlaceID``.
  let placeNames: [String]
  /// Length of each route's loop in nautical miles.
  let loopLengths: [Double]
  /// Lower-cased place names to their IDs.
  private let placesByName: [String: PlaceID]
  /// `sails effect ^ level` for the levels below ``powerTableSize``, each computed by `pow` once.
  let sailsPowers: [Double]
  /// `spyglass effect ^ level` for the levels below ``powerTableSize``, each computed by `pow` once.
  let spyglassPowers: [Double]
  /// The price of the next level from each level below ``powerTableSize``, for sails, spyglass and
  /// cargo, each computed by its ``GeometricPrice`` once.
  let sailsPrices: [Double]
  let spyglassPrices: [Double]
  let cargoPrices: [Double]
  /// The price of the next scout after each number hired below ``powerTableSize``, each computed by
  /// its ``GeometricPrice`` once.
  let scoutPrices: [Double]

  /// Scout Discoveries per second of one effective scout, by route (0-based).
  let scoutYields: [Double]
  /// Every route, in atlas order.
  public let routes: [Route]
  /// Luminous charts' multiplier.
  let chartsMultiplier: Double
  /// Companion signal's scout income multiplier.
  public let signalScoutMultiplier: Double
  /// Companion signal's permanent scouts.
  public let signalScouts: Int

  /// Sails' speed multiplier per level.
  public let sailsEffect: Double
  /// The spyglass's reward multiplier per level.
  public let spyglassEffect: Double
  /// Hours of free hold each cargo level adds.
  public let cargoHoursPerLevel: Double
  /// An exceptional survey's Discoveries, as a multiple of the arrival grant.
  public let surveyGrantMultiplier: Double
  /// An exceptional survey's Knowledge.
  public let surveyKnowledge: Int
  /// How long a current lasts, in seconds.
  public let currentDurationSeconds: Double
  /// The ship's speed multiplier while a current runs.
  public let currentSpeedMultiplier: Double
  /// `ln(1 − p)` of a survey's and of a current's probability per arrival, as
  /// ``SplitMix64/nextCountdown(logOfMiss:)`` takes it (the same bits as computing it at each draw).
  let surveyLogOfMiss: Double
  let currentLogOfMiss: Double
  /// The first visit of a voyage's bonus, as a multiple of the arrival grant.
  let firstVisitBonusMultiplier: Double
  /// Postmarks for the first visit ever of a place.
  let firstVisitEverPostmarks: Int
  /// The cost of chartering each route, by route (0-based); the first is never chartered.
  let charterCosts: [Double]
  /// Postmarks in each pack.
  private let packPostmarks: [PostmarkPack: Int]

  /// Levels whose equipment multipliers are tabulated; higher levels call `pow`.
  static let powerTableSize = 256

  /// How many places every route has, in sailing order.
  public static let placesPerRoute = 5

  /// One bit for each place of a route, for a route whose first place is place 0; shifted to a
  /// route's first place, the route's bits in a mask of places.
  public static let routePlacesMask: UInt64 = (1 << UInt64(placesPerRoute)) - 1

  /// Rules from balance data, validated here as a balance file is on load.
  public init(balance: Balance) throws(BalanceError) {
    let checked = try balance.validate(file: "balance")
    self.balance = balance
    startClock = checked.startClock
    (sailsEffect, spyglassEffect, cargoHoursPerLevel) = checked.equipment
    (surveyGrantMultiplier, surveyKnowledge, currentDurationSeconds, currentSpeedMultiplier) = checked.events
    surveyLogOfMiss = SplitMix64.logOfMiss(probability: 1 / balance.events.survey.oneIn)
    currentLogOfMiss = SplitMix64.logOfMiss(probability: 1 / balance.events.current.oneIn)
    firstVisitBonusMultiplier = balance.arrivals.firstVisitBonusMultiplier
    firstVisitEverPostmarks = balance.arrivals.firstVisitEverPostmarks
    charterCosts = checked.charterCosts
    packPostmarks = checked.packPostmarks
    legs = balance.routes.flatMap { $0.places.map(\.legNauticalMiles) }
    rewards = balance.routes.flatMap { $0.places.map(\.reward) }
    placeNames = balance.routes.flatMap { $0.places.map(\.name) }
    let loopLengths = balance.routes.map { $0.places.reduce(0) { $0 + $1.legNauticalMiles } }
    self.loopLengths = loopLengths
    var byName: [String: PlaceID] = [:]
    for (id, name) in placeNames.enumerated() { byName[name.lowercased()] = id }
    placesByName = byName
    scoutYields = balance.routes.map(\.scoutYieldPerSecond)
    routes = balance.routes.enumerated().map { index, route in
      Route(
        number: index + 1, name: route.name,
        places: Self.place(route: index + 1, index: 0)..<Self.place(route: index + 2, index: 0),
        legs: route.places.map(\.legNauticalMiles), loopLength: loopLengths[index],
        scoutYield: route.scoutYieldPerSecond, charterCost: route.charterCost)
    }
    chartsMultiplier = balance.purchases.chartsMultiplier
    signalScoutMultiplier = balance.purchases.signalScoutMultiplier
    signalScouts = balance.purchases.signalScouts
    let (sails, spyglass, _) = checked.equipment
    sailsPowers = (0..<Self.powerTableSize).map { PortableMath.power(sails, $0) }
    spyglassPowers = (0..<Self.powerTableSize).map { PortableMath.power(spyglass, $0) }
    func table(_ entry: Balance.Equipment) -> [Double] {
      let price = GeometricPrice(base: entry.basePrice, growth: entry.priceGrowth)
      return (0..<Self.powerTableSize).map { price.cost(from: $0, count: 1) }
    }
    sailsPrices = table(balance.equipment.sails)
    spyglassPrices = table(balance.equipment.spyglass)
    cargoPrices = table(balance.equipment.cargo)
    let scoutPrice = GeometricPrice(base: balance.scouts.basePrice, growth: balance.scouts.priceGrowth)
    scoutPrices = (0..<Self.powerTableSize).map { scoutPrice.cost(from: $0, count: 1) }
  }

  /// Postmarks in a pack.
  public func postmarks(in pack: PostmarkPack) -> Int { packPostmarks[pack] ?? 0 }

  /// The cost of chartering a route (1-based, from the second on).
  public func charterCost(route: Int) -> Double { charterCosts[route - 1] }

  /// `sails effect ^ level`: the same number `PortableMath.power` gives, from the table when the level is in it.
  func sailsPower(_ level: Int) -> Double {
    sailsPowers.indices.contains(level)
      ? sailsPowers[level] : PortableMath.power(sailsEffect, level)
  }

  /// `spyglass effect ^ level`: the same number `PortableMath.power` gives, from the table when the level is
  /// in it.
  func spyglassPower(_ level: Int) -> Double {
    spyglassPowers.indices.contains(level)
      ? spyglassPowers[level] : PortableMath.power(spyglassEffect, level)
  }

  /// Loads `balance.json` from a configuration folder.
  public static func load(configurationDirectory: URL) throws(BalanceError) -> Rules {
    try Rules(balance: try Balance.load(from: configurationDirectory.appendingPathComponent("balance.json")))
  }

  /// Number of routes in the atlas.
  public var routeCount: Int { balance.routes.count }

  /// The name of a place.
  public func placeName(_ place: PlaceID) -> String { placeNames[place] }

  /// The place with this name, in any letter case.
  public func place(named name: String) -> PlaceID? { placesByName[name.lowercased()] }

  /// The place of a route (1-based) at an index (0-based).
  public static func place(route: Int, index: Int) -> PlaceID { (route - 1) * placesPerRoute + index }

  /// All places, in atlas order.
  public var allPlaces: Range<PlaceID> { 0..<placeNames.count }

  /// A route's name (1-based).
  public func routeName(_ route: Int) -> String { self.route(route).name }

  /// The route with this number (1 to ``routeCount``).
  public func route(_ number: Int) -> Route { routes[number - 1] }

  /// Seconds since 1970 for `YYYY-MM-DDTHH:MM:SSZ`.
  public static func parseInstant(_ text: String) -> Int64? {
    let parts = text.split(whereSeparator: { "-T:Z".contains($0) })
    guard text.count == 20, text.hasSuffix("Z"), parts.count == 6 else { return nil }
    let numbers = parts.compactMap { Int64($0) }
    guard numbers.count == 6 else { return nil }
    let (year, month, day, hour, minute, second) = (
      numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5]
    )
    guard (1970...9999).contains(year), (1...12).contains(month), (1...31).contains(day),
      (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
    else { return nil }
    return daysFromCivil(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
  }

  /// `YYYY-MM-DDTHH:MM:SSZ` for seconds since 1970.
  public static func formatInstant(_ seconds: Int64) -> String {
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let rest = seconds - days * 86_400
    let (year, month, day) = civilFromDays(days)
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(year)-\(two(month))-\(two(day))T\(two(rest / 3600)):\(two(rest % 3600 / 60)):\(two(rest % 60))Z"
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
  static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date of a day counted from 1970-01-01.
  static func civilFromDays(_ days: Int64) -> (Int64, Int64, Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
