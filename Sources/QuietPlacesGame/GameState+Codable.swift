/// A game state is written and read with one key per property, as a plain struct of its properties
/// would be: the lists kept behind one reference (``GameState/Holdings``) are written under their
/// own names. Keys are read in the order the properties are declared, so that a save missing
/// several names the first of them.
extension GameState: Codable {
  private enum CodingKeys: String, CodingKey {
    case clock, isOpen, seed, random, discoveries, postmarks, knowledge, generations, route, legIndex
    case legRemaining, currentRemaining, equipment, hiredScouts, progress, surveyCountdown
    case currentCountdown, visited, stamped, owned, sailColour, ownedColours, lifetime, postmarkAudit
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    clock = try container.decode(Int64.self, forKey: .clock)
    isOpen = try container.decode(Bool.self, forKey: .isOpen)
    seed = try container.decode(UInt64.self, forKey: .seed)
    random = try container.decode(SplitMix64.self, forKey: .random)
    discoveries = try container.decode(Double.self, forKey: .discoveries)
    postmarks = try container.decode(Int.self, forKey: .postmarks)
    knowledge = try container.decode(Int.self, forKey: .knowledge)
    generations = try container.decode(Int.self, forKey: .generations)
    route = try container.decode(Int.self, forKey: .route)
    legIndex = try container.decode(Int.self, forKey: .legIndex)
    legRemaining = try container.decode(Double.self, forKey: .legRemaining)
    currentRemaining = try container.decode(Double.self, forKey: .currentRemaining)
    equipment = try container.decode(EquipmentLevels.self, forKey: .equipment)
    hiredScouts = try container.decode(Int.self, forKey: .hiredScouts)
    progress = try container.decode(Double.self, forKey: .progress)
    surveyCountdown = try container.decode(Int.self, forKey: .surveyCountdown)
    currentCountdown = try container.decode(Int.self, forKey: .currentCountdown)
    visited = try container.decode(UInt64.self, forKey: .visited)
    stamped = try container.decode(UInt64.self, forKey: .stamped)
    let owned = try container.decode([PermanentPurchase].self, forKey: .owned)
    sailColour = try container.decode(SailColour.self, forKey: .sailColour)
    let ownedColours = try container.decode([SailColour].self, forKey: .ownedColours)
    lifetime = try container.decode(LifetimeStatistics.self, forKey: .lifetime)
    let audit = try container.decodeIfPresent(PostmarkAudit.self, forKey: .postmarkAudit)
    holdings = Holdings(owned: owned, ownedColours: ownedColours, audit: audit)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(clock, forKey: .clock)
    try container.encode(isOpen, forKey: .isOpen)
    try container.encode(seed, forKey: .seed)
    try container.encode(random, forKey: .random)
    try container.encode(discoveries, forKey: .discoveries)
    try container.encode(postmarks, forKey: .postmarks)
    try container.encode(knowledge, forKey: .knowledge)
    try container.encode(generations, forKey: .generations)
    try container.encode(route, forKey: .route)
    try container.encode(legIndex, forKey: .legIndex)
    try container.encode(legRemaining, forKey: .legRemaining)
    try container.encode(currentRemaining, forKey: .currentRemaining)
    try container.encode(equipment, forKey: .equipment)
    try container.encode(hiredScouts, forKey: .hiredScouts)
    try container.encode(progress, forKey: .progress)
    try container.encode(surveyCountdown, forKey: .surveyCountdown)
    try container.encode(currentCountdown, forKey: .currentCountdown)
    try container.encode(visited, forKey: .visited)
    try container.encode(stamped, forKey: .stamped)
    try container.encode(owned, forKey: .owned)
    try container.encode(sailColour, forKey: .sailColour)
    try container.encode(ownedColours, forKey: .ownedColours)
    try container.encode(lifetime, forKey: .lifetime)
    try container.encodeIfPresent(postmarkAudit, forKey: .postmarkAudit)
  }
}
