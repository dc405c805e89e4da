/// One route of the atlas as the rules know it: its number, its places and what sailing it yields.
///
/// Routes are numbered from 1, as the player counts them (`charter` sails to route 2) and as
/// ``GameState/route`` holds them; ``index`` counts from 0, as the atlas's tables do.
public struct Route: Sendable, Equatable {
  /// The number the player knows it by: 1 to ``Rules/routeCount``.
  public let number: Int
  /// The route's name, such as `Harbour Reach`.
  public let name: String
  /// Its places in sailing order.
  public let places: Range<PlaceID>
  /// Each leg's length in nautical miles, in sailing order; leg `i` ends at the route's place `i`.
  public let legs: [Double]
  /// The length of one loop of the route in nautical miles: the sum of its legs.
  public let loopLength: Double
  /// Discoveries per second one effective scout earns on this route.
  public let scoutYield: Double
  /// Discoveries to charter it; `nil` for the first route, which is never chartered.
  public let charterCost: Double?

  /// The route's position in the atlas, from 0.
  public var index: Int { number - 1 }

  /// The bits of the route's places in a mask of places (``GameState/visited``,
  /// ``GameState/stamped``).
  public var placeMask: UInt64 { Rules.routePlacesMask << UInt64(places.lowerBound) }
}
