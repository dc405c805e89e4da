import FoundationEssentials
import QuietPlacesUtilities

extension Balance {
  /// The largest balance file read: 1 MiB (`Configuration/balance.json` is a few kilobytes).
  public static let maximumFileSize = 1_048_576

  /// Reads and validates a balance file.
  public static func load(from url: URL) throws(BalanceError) -> Balance {
    let data: Data
    do {
      data = try FileBytes.read(url, atMost: maximumFileSize)
    } catch .tooLarge(let bytes, let limit) {
      throw .tooLarge(file: url.lastPathComponent, bytes: bytes, limit: limit)
    } catch {
      throw .unreadable(file: url.lastPathComponent, reason: "no such file or not readable")
    }
    return try parse(data, file: url.lastPathComponent)
  }

  /// Decodes and validates balance JSON; `file` names the source in errors. Unless `knownKeys` (a
  /// document built from a balance's own keys, such as `--set` makes), a key the balance has no
  /// number for is refused.
  public static func parse(_ data: Data, file: String, knownKeys: Bool = false) throws(BalanceError)
    -> Balance
  {
    // `JSONDecoder` reads a key given twice as one of its values, without a word: read by the parser
    // first, such a file is refused, naming the key and where it is given again. (A document built
    // from a balance's own keys has none; text that is no JSON is left to the decoder's error.)
    var document: JSONValue?
    if !knownKeys {
      do {
        document = try JSONParser.parseRecordingPositions([UInt8](data)).value
      } catch {
        if case .duplicateKey(let key) = error.problem {
          throw .duplicateKey(
            file: file, key: error.path?.description ?? key, line: error.line, column: error.column)
        }
      }
    }
    let balance: Balance
    do {
      balance = try JSONDecoder().decode(Balance.self, from: data)
    } catch let error as DecodingError {
      // A required key misspelt reads as that key missing: name the misspelling instead.
      if case .keyNotFound(let missing, let context) = error,
        let typo = misspelling(of: missing.stringValue, at: context.codingPath, in: data)
      {
        throw .unknownKey(file: file, key: typo.key, closest: typo.meant)
      }
      throw BalanceError(error, file: file).null(in: document ?? (try? JSONValue(parsing: data)))
    } catch {
      throw .notJSON(file: file, reason: "\(error)")
    }
    // `JSONDecoder` passes over a key it was not asked for, so a typo (`baseSpeedKnotz`) would leave
    // the number it meant as it was without a word: what was read, written back, holds every key read.
    if let document, let written = try? JSONValue(parsing: JSONEncoder().encode(balance)),
      let (key, closest) = document.keysPassedOver(by: written).first
    {
      throw .unknownKey(file: file, key: key, closest: closest)
    }
    do {
      try balance.validate(file: file)
    } catch {
      throw error.null(in: document ?? (try? JSONValue(parsing: data)))
    }
    return balance
  }

  /// The key of the object at `codingPath` that is `missing` misspelt: a key there within a typo of
  /// it, which the balance does not read (with that key renamed, the file no longer lacks
  /// `missing`, and does not lack the key either). Its path and the path meant.
  static func misspelling(of missing: String, at codingPath: [any CodingKey], in data: Data)
    -> (key: String, meant: String)?
  {
    guard let document = try? JSONValue(parsing: data) else { return nil }
    let path = JSONKeyPath(
      codingPath.map { $0.intValue.map(JSONKeyPath.Segment.index) ?? .key($0.stringValue) })
    guard case .object(var members)? = document[path],
      let typo = EditDistance.closest(
        to: missing, in: members.keys.filter { $0 != missing }.sorted(),
        within: EditDistance.tolerance(for: missing)),
      let value = members.removeValue(forKey: typo)
    else { return nil }
    members[missing] = value
    guard let renamed = document.replacing(at: path, with: .object(members)) else { return nil }
    do {
      _ = try JSONDecoder().decode(Balance.self, from: Data(renamed.text.utf8))
    } catch DecodingError.keyNotFound(let key, let context) {
      // Still missing, or the key the file had is one the balance reads: no misspelling.
      let same = context.codingPath.map(\.stringValue) == codingPath.map(\.stringValue)
      if same && (key.stringValue == missing || key.stringValue == typo) { return nil }
    } catch {}
    return (path.appending(.key(typo)).description, path.appending(.key(missing)).description)
  }

  /// The most a pathfinder scout may be worth: with up to 2e15 scouts (hired and the Companion's)
  /// the effective count stays far inside the integers.
  static let largestPathfinderWorth = 1_000

  /// The values the file may leave out in its shape but the rules need, read by ``validate(file:)``.
  struct Checked {
    /// `clock.start`, in seconds since 1970.
    var startClock: Int64
    /// Each level's multiplier for sails and the spyglass, and the hours a cargo level adds.
    var equipment: (sails: Double, spyglass: Double, cargoHours: Double)
    /// The survey's grant multiple and Knowledge, the current's duration and speed multiplier.
    var events: (surveyGrant: Double, surveyKnowledge: Int, currentSeconds: Double, currentSpeed: Double)
    /// The cost of chartering each route, by route (0-based); 0 for the first, which is never chartered.
    var charterCosts: [Double]
    /// Postmarks in each pack.
    var packPostmarks: [PostmarkPack: Int]
  }

  /// Checks every number against what the rules can work with, and returns the values the rules need
  /// that the shape of the file leaves optional.
  @discardableResult
  func validate(file: String) throws(BalanceError) -> Checked {
    func require(_ ok: Bool, _ key: String, _ reason: String) throws(BalanceError) {
      if !ok { throw .invalidValue(file: file, key: key, reason: reason) }
    }
    func positive(_ value: Double, _ key: String) throws(BalanceError) {
      try require(value.isFinite && value > 0, key, "must be a positive number, not \(value.plainText)")
    }
    func growth(_ value: Double, _ key: String) throws(BalanceError) {
      try require(value.isFinite && value > 1, key, "must be a number above 1, not \(value.plainText)")
    }
    guard let startClock = Rules.parseInstant(clock.start) else {
      throw .invalidValue(
        file: file, key: "clock.start", reason: "must be an instant like 2026-01-05T09:00:00Z")
    }
    try positive(ship.baseSpeedKnots, "ship.baseSpeedKnots")
    try require(
      !routes.isEmpty && routes.count <= 12, "routes", "must list 1 to 12 routes, not \(routes.count)")
    var names = Set<String>()
    var charterCosts: [Double] = []
    for (r, route) in routes.enumerated() {
      let key = "routes[\(r)]"
      try require(
        route.places.count == Rules.placesPerRoute, "\(key).places",
        "must list five places, not \(route.places.count)")
      try positive(route.scoutYieldPerSecond, "\(key).scoutYieldPerSecond")
      if r == 0 {
        try require(
          route.charterCost == nil, "\(key).charterCost", "must be null: the first route is never chartered")
        charterCosts.append(0)
      } else if let cost = route.charterCost {
        try positive(cost, "\(key).charterCost")
        charterCosts.append(cost)
      } else {
        throw .missingKey(file: file, key: "\(key).charterCost")
      }
      for (p, place) in route.places.enumerated() {
        let placeKey = "\(key).places[\(p)]"
        let name = place.name.trimmingWhitespace
        try require(!name.isEmpty, "\(placeKey).name", "must not be empty")
        try require(
          names.insert(name.lowercased()).inserted, "\(placeKey).name", "repeats the place '\(name)'")
        try require(
          place.legNauticalMiles.isFinite && place.legNauticalMiles >= Rules.shortestLeg,
          "\(placeKey).legNauticalMiles",
          "must be at least \(Rules.shortestLeg.plainText) nautical miles, not \(place.legNauticalMiles.plainText): "
            + "shorter legs put arrivals closer together than the clock tells apart at the ship's top speed")
        try positive(place.reward, "\(placeKey).reward")
      }
    }
    for (name, item) in [
      ("sails", equipment.sails), ("spyglass", equipment.spyglass), ("cargo", equipment.cargo),
    ] {
      try positive(item.basePrice, "equipment.\(name).basePrice")
      try growth(item.priceGrowth, "equipment.\(name).priceGrowth")
    }
    guard let sailEffect = equipment.sails.effectPerLevel else {
      throw .missingKey(file: file, key: "equipment.sails.effectPerLevel")
    }
    try positive(sailEffect, "equipment.sails.effectPerLevel")
    guard let spyglassEffect = equipment.spyglass.effectPerLevel else {
      throw .missingKey(file: file, key: "equipment.spyglass.effectPerLevel")
    }
    try positive(spyglassEffect, "equipment.spyglass.effectPerLevel")
    guard let cargoHours = equipment.cargo.holdHoursPerLevel else {
      throw .missingKey(file: file, key: "equipment.cargo.holdHoursPerLevel")
    }
    try require(
      cargoHours >= 0 && cargoHours.isFinite, "equipment.cargo.holdHoursPerLevel", "must not be negative")
    if let limit = equipment.cargo.levelLimit {
      try require(limit >= 0, "equipment.cargo.levelLimit", "must not be negative")
    }
    try positive(scouts.basePrice, "scouts.basePrice")
    try growth(scouts.priceGrowth, "scouts.priceGrowth")
    try require(scouts.pathfinderEvery >= 1, "scouts.pathfinderEvery", "must be at least 1")
    try require(scouts.pathfinderWorth >= 1, "scouts.pathfinderWorth", "must be at least 1")
    try require(multipliers.perKnowledge >= 0, "multipliers.perKnowledge", "must not be negative")
    try require(multipliers.perGeneration >= 0, "multipliers.perGeneration", "must not be negative")
    try require(
      arrivals.firstVisitBonusMultiplier >= 0, "arrivals.firstVisitBonusMultiplier", "must not be negative")
    try require(
      arrivals.firstVisitEverPostmarks >= 0, "arrivals.firstVisitEverPostmarks", "must not be negative")
    try require(events.survey.oneIn > 1, "events.survey.oneIn", "must be above 1")
    try require(events.current.oneIn > 1, "events.current.oneIn", "must be above 1")
    guard let surveyGrant = events.survey.grantMultiplier else {
      throw .missingKey(file: file, key: "events.survey.grantMultiplier")
    }
    try require(surveyGrant >= 0, "events.survey.grantMultiplier", "must not be negative")
    guard let surveyKnowledge = events.survey.knowledge else {
      throw .missingKey(file: file, key: "events.survey.knowledge")
    }
    try require(surveyKnowledge >= 0, "events.survey.knowledge", "must not be negative")
    guard let duration = events.current.durationSeconds else {
      throw .missingKey(file: file, key: "events.current.durationSeconds")
    }
    try positive(duration, "events.current.durationSeconds")
    guard let speedUp = events.current.speedMultiplier else {
      throw .missingKey(file: file, key: "events.current.speedMultiplier")
    }
    try positive(speedUp, "events.current.speedMultiplier")
    try positive(prestige.bearings.progressScale, "prestige.bearings.progressScale")
    try positive(prestige.bearings.factor, "prestige.bearings.factor")
    try require(
      prestige.bearings.minimumKnowledge >= 1, "prestige.bearings.minimumKnowledge", "must be at least 1")
    try require(prestige.bearings.postmarks >= 0, "prestige.bearings.postmarks", "must not be negative")
    try require(
      prestige.atlas.knowledgeRequired >= 1, "prestige.atlas.knowledgeRequired", "must be at least 1")
    try require(prestige.atlas.postmarks >= 0, "prestige.atlas.postmarks", "must not be negative")
    try positive(hold.baseHours, "hold.baseHours")
    try require(hold.hoursPerGeneration >= 0, "hold.hoursPerGeneration", "must not be negative")
    try require(hold.generationCap >= 0, "hold.generationCap", "must not be negative")
    try positive(hold.deepHoldHours, "hold.deepHoldHours")
    // Free supplies would pay for a crate whatever is held: a player (or the lab) never stops buying.
    try require(
      postmarks.suppliesPrice >= 1, "postmarks.suppliesPrice",
      "must be at least 1 (free supplies would be bought without end), not \(postmarks.suppliesPrice)")
    try require(postmarks.colourPrice >= 0, "postmarks.colourPrice", "must not be negative")
    try positive(postmarks.suppliesSeconds, "postmarks.suppliesSeconds")
    let colours = sailColours.map(\.name)
    try require(
      colours == SailColour.allCases.map(\.rawValue), "sailColours",
      "must list ivory, apricot and turquoise in that order")
    try require(sailColours.first?.free == true, "sailColours[0].free", "must be true: ivory is free")
    try positive(purchases.chartsMultiplier, "purchases.chartsMultiplier")
    try positive(purchases.signalScoutMultiplier, "purchases.signalScoutMultiplier")
    try require(purchases.signalScouts >= 0, "purchases.signalScouts", "must not be negative")
    // Whole numbers are added to the player's counts, which stop at 1e15, and scouts are
    // multiplied by a pathfinder's worth: within these, no sum or product leaves the integers.
    let counts: [(String, Int?)] =
      [
        ("equipment.cargo.levelLimit", equipment.cargo.levelLimit),
        ("scouts.pathfinderEvery", scouts.pathfinderEvery),
        ("arrivals.firstVisitEverPostmarks", arrivals.firstVisitEverPostmarks),
        ("events.survey.knowledge", events.survey.knowledge),
        ("prestige.bearings.minimumKnowledge", prestige.bearings.minimumKnowledge),
        ("prestige.bearings.postmarks", prestige.bearings.postmarks),
        ("prestige.atlas.knowledgeRequired", prestige.atlas.knowledgeRequired),
        ("prestige.atlas.postmarks", prestige.atlas.postmarks), ("hold.generationCap", hold.generationCap),
        ("postmarks.suppliesPrice", postmarks.suppliesPrice),
        ("postmarks.colourPrice", postmarks.colourPrice),
        ("purchases.signalScouts", purchases.signalScouts),
      ]
      + purchases.packPostmarks.sorted { $0.key < $1.key }.map {
        ("purchases.packPostmarks.\($0.key)", $0.value)
      }
    for case (let key, let value?) in counts {
      try require(value <= GameState.maximumCount, key, "must be at most 1e15, not \(value)")
    }
    try require(
      scouts.pathfinderWorth <= Self.largestPathfinderWorth, "scouts.pathfinderWorth",
      "must be 1 to \(Self.largestPathfinderWorth), not \(scouts.pathfinderWorth)")
    // A chance of 1 in more than 1e15 rounds to no chance at all (1 − p is 1), and draws no countdown.
    for (key, oneIn) in [
      ("events.survey.oneIn", events.survey.oneIn), ("events.current.oneIn", events.current.oneIn),
    ] {
      try require(oneIn <= 1e15, key, "must be above 1 and at most 1e15, not \(oneIn.plainText)")
    }
    var packs: [PostmarkPack: Int] = [:]
    for pack in PostmarkPack.allCases {
      let key = "purchases.packPostmarks.\(pack.rawValue)"
      guard let amount = purchases.packPostmarks[pack.rawValue] else {
        throw .missingKey(file: file, key: key)
      }
      try require(amount > 0, key, "must be positive")
      packs[pack] = amount
    }
    return Checked(
      startClock: startClock, equipment: (sailEffect, spyglassEffect, cargoHours),
      events: (surveyGrant, surveyKnowledge, duration, speedUp), charterCosts: charterCosts,
      packPostmarks: packs)
  }
}

extension BalanceError {
  /// Turns a decoder's error into one that names the key.
  init(_ error: DecodingError, file: String) {
    func path(_ codingPath: [any CodingKey], _ last: (any CodingKey)? = nil) -> String {
      var text = ""
      for key in codingPath + (last.map { [$0] } ?? []) {
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
        }
      }
      return text.isEmpty ? "(top level)" : text
    }
    switch error {
    case .keyNotFound(let key, let context):
      self = .missingKey(file: file, key: path(context.codingPath, key))
    case .typeMismatch(let type, let context):
      self = .wrongType(file: file, key: path(context.codingPath), expected: Self.kind(of: type))
    case .valueNotFound(let type, let context):
      self = .wrongType(file: file, key: path(context.codingPath), expected: Self.kind(of: type))
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty {
        self = .notJSON(file: file, reason: "the text is not valid JSON")
      } else {
        self = .invalidValue(file: file, key: path(context.codingPath), reason: "cannot be read")
      }
    @unknown default:
      self = .notJSON(file: file, reason: "\(error)")
    }
  }

  /// The same error, or, for a key said to be missing or of the wrong type that `document` holds as
  /// `null`, that it is null: a known key without a value, which the error should not call absent.
  func null(in document: JSONValue?) -> BalanceError {
    let (file, key, expected): (String, String, String)
    switch self {
    // Every key the rules can find without a value holds a number.
    case .missingKey(let name, let path): (file, key, expected) = (name, path, "a number")
    case .wrongType(let name, let path, let kind): (file, key, expected) = (name, path, kind)
    default: return self
    }
    guard let path = JSONKeyPath(parsing: key), case .null? = document?[path] else { return self }
    return .nullValue(file: file, key: key, expected: expected)
  }

  private static func kind(of type: Any.Type) -> String {
    switch type {
    case is Double.Type, is Int.Type: "a number"
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    default: "an object or list of the documented shape"
    }
  }
}
