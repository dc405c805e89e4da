/// Numeric limits: the engine saturates instead of overflowing.
///
/// - Discoveries, voyage progress and lifetime Discoveries are Doubles that stop at
///   `Double.greatestFiniteMagnitude` (about 1.8e308): no step leaves an infinity or a NaN in the state.
/// - Postmarks, Knowledge, generations, levels and scouts are `Int`s whose additions stop at `Int.max`
///   instead of trapping; a loaded save must keep each at most ``GameState/maximumCount`` (1e15),
///   so even at that bound every rate and price is a number, never a trap.
extension GameState {
  /// The largest Postmarks, Knowledge, generations, level or scout count a loaded save may hold.
  public static let maximumCount = 1_000_000_000_000_000

  /// Holds every Double total at or below `Double.greatestFiniteMagnitude` (and NaN at 0), so a
  /// sum that overflowed saturates at the largest finite number.
  ///
  /// Counts stop at ``maximumCount`` too, so that every state the engine leaves can be saved and
  /// loaded again.
  mutating func saturateTotals() {
    discoveries = discoveries.saturated
    progress = progress.saturated
    lifetime.discoveriesEarned = lifetime.discoveriesEarned.saturated
    let most = Self.maximumCount
    postmarks = min(postmarks, most)
    knowledge = min(knowledge, most)
    generations = min(generations, most)
    hiredScouts = min(hiredScouts, most)
    equipment.sails = min(equipment.sails, most)
    equipment.spyglass = min(equipment.spyglass, most)
    lifetime.arrivals = min(lifetime.arrivals, most)
    lifetime.surveys = min(lifetime.surveys, most)
    lifetime.currents = min(lifetime.currents, most)
    lifetime.bearings = min(lifetime.bearings, most)
  }
}

extension Double {
  /// This value held within the finite numbers: `±infinity` becomes `±greatestFiniteMagnitude`,
  /// NaN becomes 0.
  var saturated: Double {
    if isNaN { return 0 }
    return Swift.min(Swift.max(self, -.greatestFiniteMagnitude), .greatestFiniteMagnitude)
  }
}

extension Int {
  /// `self + other`, stopping at `Int.max` or `Int.min` instead of trapping.
  func saturatingAdd(_ other: Int) -> Int {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? (other > 0 ? .max : .min) : sum
  }
}
