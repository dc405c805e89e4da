import Foundation

/// A price that grows geometrically: the next level costs `base · growth^level`.
public struct GeometricPrice: Sendable, Equatable {
  /// Price of level 0 → 1.
  public var base: Double
  /// Growth per level.
  public var growth: Double

  /// The sum of the next `count` single prices from `level`, in closed form:
  /// `base · growth^level · (growth^count − 1) / (growth − 1)`.
  public func cost(from level: Int, count: Int) -> Double {
    guard count > 0 else { return 0 }
    let first = base * pow(growth, Double(level))
    return first * (pow(growth, Double(count)) - 1) / (growth - 1)
  }

  /// The largest count whose closed-form cost from `level` is at most `budget`.
  public func maxAffordable(from level: Int, budget: Double) -> Int {
    let first = base * pow(growth, Double(level))
    guard budget.isFinite, budget > 0, first.isFinite, first <= budget else { return 0 }
    let estimate = (log(1 + budget * (growth - 1) / first) / log(growth)).rounded(.down)
    var count = Int(min(max(estimate, 0), 1e15))
    while count > 0 && !(cost(from: level, count: count) <= budget) { count -= 1 }
    while cost(from: level, count: count + 1) <= budget { count += 1 }
    return count
  }
}
