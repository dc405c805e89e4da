import QuietPlacesUtilities

/// A piece of equipment the ship can be upgraded with.
public enum Equipment: String, Sendable, Codable, CaseIterable, Hashable {
  /// One of the cases by its raw value; anything else is an error that lists them.
  public init(from decoder: any Decoder) throws { self = try .decodeListed(from: decoder) }

  /// Ship speed × 1.1 a level.
  case sails
  /// Arrival reward × 1.12 a level.
  case spyglass
  /// Free hold + 2 hours a level, up to 4 levels.
  case cargo
}

/// Something bought with Discoveries, in the order ties go to.
public enum Buyable: String, Sendable, CaseIterable, Hashable, Comparable {
  case sails
  case spyglass
  case cargo
  case scout
  case charter

  /// The goal of waiting until the next one is affordable.
  public var affordableGoal: AdvanceGoal {
    if let equipment = Equipment(rawValue: rawValue) { return .affordableEquipment(equipment) }
    return self == .scout ? .affordableScout : .affordableCharter
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}

/// How many levels or scouts to buy.
public enum Quantity: Sendable, Equatable, Hashable {
  /// Exactly this many.
  case count(Int)
  /// As many as the Discoveries held pay for.
  case max
}

/// A permanent purchase: a non-consumable product's benefit.
public enum PermanentPurchase: String, Sendable, Codable, CaseIterable, Hashable, Comparable {
  /// One of the cases by its raw value; anything else is an error that lists them.
  public init(from decoder: any Decoder) throws { self = try .decodeListed(from: decoder) }

  /// Luminous charts: Discovery grants from arrivals and scouts × 1.5.
  case charts
  /// Deep hold: 32 hours of offline earnings per absence.
  case hold
  /// Companion signal: one permanent scout and scout income × 1.2.
  case signal

  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }

  /// Its bit in a set of purchases kept as one byte.
  var bit: UInt8 {
    switch self {
    case .charts: 1
    case .hold: 2
    case .signal: 4
    }
  }

  /// The bits of `purchases`.
  static func bits(of purchases: [PermanentPurchase]) -> UInt8 {
    purchases.reduce(0) { $0 | $1.bit }
  }
}

/// A sail colour; ivory is free, the others cost Postmarks once.
public enum SailColour: String, Sendable, Codable, CaseIterable, Hashable, Comparable {
  /// One of the cases by its raw value; anything else is an error that lists them.
  public init(from decoder: any Decoder) throws { self = try .decodeListed(from: decoder) }

  case ivory
  case apricot
  case turquoise

  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}

/// The two prestige layers.
public enum PrestigeLayer: String, Sendable, Codable, Hashable {
  /// New Bearings: Knowledge for voyage progress.
  case bearings
  /// Passing the Atlas: a generation for 1,000 Knowledge.
  case atlas
}

/// A place of the atlas: `route · 5 + index`, both counted from zero.
public typealias PlaceID = Int

/// A pack of Postmarks sold for money; its raw value is its key under `purchases.packPostmarks` in the
/// balance file, which says how many Postmarks it holds.
public enum PostmarkPack: String, Sendable, Codable, CaseIterable, Hashable {
  /// One of the cases by its raw value; anything else is an error that lists them.
  public init(from decoder: any Decoder) throws { self = try .decodeListed(from: decoder) }

  /// The small pack.
  case small = "marks100"
  /// The large pack.
  case large = "marks550"
}

/// Something Discoveries or Postmarks buy, as a refusal names it.
public enum Purchasable: Sendable, Equatable, Hashable {
  /// Levels of a piece of equipment.
  case equipment(Equipment)
  /// Hired scouts.
  case scouts
  /// The next route's charter.
  case charter
  /// A crate of supplies.
  case supplies
  /// A sail colour.
  case colour(SailColour)
}
