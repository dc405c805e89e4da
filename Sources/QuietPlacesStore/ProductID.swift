import QuietPlacesGame
import QuietPlacesStoreKit
import QuietPlacesUtilities

/// The five products of Quiet Places, by the suffix of their App Store product ID.
public enum ProductID: String, Sendable, Codable, CaseIterable, Hashable, Comparable {
  /// One of the cases by its raw value; anything else is an error that lists them.
  public init(from decoder: any Decoder) throws { self = try .decodeListed(from: decoder) }

  case marks100
  case marks550
  case charts
  case hold
  case signal

  /// The app's bundle identifier; every product ID starts with it.
  public static let bundleID = "com.gallaxgames.quietplaces"

  /// The full App Store product ID, such as `com.gallaxgames.quietplaces.charts`.
  public var fullID: String { "\(Self.bundleID).\(rawValue)" }

  /// The product for a full ID.
  public init?(fullID: String) {
    guard let id = Self.byFullID[fullID] else { return nil }
    self = id
  }

  /// Every product by its full ID.
  private static let byFullID = Dictionary(uniqueKeysWithValues: allCases.map { ($0.fullID, $0) })

  /// The product a user named by suffix or full ID, in any letter case.
  public init?(argument: String) {
    let text = argument.lowercased()
    if let id = ProductID(rawValue: text) ?? ProductID(fullID: text) { self = id } else { return nil }
  }

  /// Consumable packs or non-consumable permanent purchases.
  public var type: ProductType { permanent == nil ? .consumable : .nonConsumable }

  /// The pack of Postmarks a consumable holds.
  public var pack: PostmarkPack? {
    switch self {
    case .marks100: .small
    case .marks550: .large
    case .charts, .hold, .signal: nil
    }
  }

  /// The permanent purchase a non-consumable unlocks.
  public var permanent: PermanentPurchase? {
    switch self {
    case .marks100, .marks550: nil
    case .charts: .charts
    case .hold: .hold
    case .signal: .signal
    }
  }

  /// The product that unlocks a permanent purchase.
  public init(_ permanent: PermanentPurchase) {
    switch permanent {
    case .charts: self = .charts
    case .hold: self = .hold
    case .signal: self = .signal
    }
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
