/// Why a command was refused; the state is unchanged whenever one is thrown.
public enum GameError: Error, Sendable, Equatable {
  /// The command needs the app open.
  case appClosed
  /// The app is open already.
  case appOpen
  /// A count below 1.
  case invalidCount(Int)
  /// A duration below 1 second or beyond the maximum.
  case invalidDuration(seconds: Int64)
  /// The Discoveries held do not pay for `count` of the item.
  case notAffordable(item: Purchasable, count: Int, cost: Double, held: Double)
  /// `max` found nothing affordable; `cost` is the price of one.
  case nothingAffordable(item: Purchasable, cost: Double, held: Double)
  /// The count would pass the equipment's level limit.
  case overLimit(item: Equipment, limit: Int, level: Int, requested: Int)
  /// Every route is chartered already.
  case allRoutesChartered(routes: Int)
  /// The Postmarks held do not pay for it.
  case notEnoughPostmarks(item: Purchasable, cost: Int, held: Int)
  /// New Bearings would give less than the minimum.
  case bearingsNotReady(gain: Int, minimum: Int)
  /// Not enough Knowledge to Pass the Atlas.
  case atlasNotReady(knowledge: Int, required: Int)
  /// The advance would sail more arrivals than one advance simulates (every random event is stepped).
  case tooMuchSailing(estimatedArrivals: Double, limit: Double)
  /// The clock would pass the end of year 9999, the last instant a save can hold.
  case beyondLastInstant(latest: Int64)
  /// The clock cannot go backwards.
  case clockBackwards(from: Int64, to: Int64)
}
