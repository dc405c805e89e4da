import FoundationEssentials
import QuietPlacesUtilities

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
    let first = base * PortableMath.power(growth, level)
    return first * (PortableMath.power(growth, count) - 1) / (growth - 1)
  }

  /// The largest count whose closed-form cost from `level` is at most `budget`.
  public func maxAffordable(from level: Int, budget: Double) -> Int {
    let first = base * PortableMath.power(growth, level)
    guard budget.isFinite, budget > 0, first.isFinite, Self.pays(budget, first) else { return 0 }
    let estimate = (PortableMath.log(1 + budget * (growth - 1) / first) / PortableMath.log(growth)).rounded(
      .down)
    let count = Int(min(max(estimate, 0), Double(Self.largestCount)))
    // The closed form is off by a count or two at most for balances people write, and far off (an
    // infinite estimate) for extreme ones such as a growth of 1e300: the answer is searched by
    // halving between counts that pay and counts that do not, so either way takes a few steps.
    if Self.pays(budget, cost(from: level, count: count)) {
      var paid = count
      var step = 1
      while paid < Self.largestCount {
        let next = min(paid + step, Self.largestCount)
        guard Self.pays(budget, cost(from: level, count: next)) else { break }
        paid = next
        step *= 2
      }
      return Self.largest(from: paid, below: min(paid + step, Self.largestCount + 1)) { n in
        Self.pays(budget, cost(from: level, count: n))
      }
    }
    return Self.largest(from: 0, below: count) { n in Self.pays(budget, cost(from: level, count: n)) }
  }

  /// The most levels one purchase considers: the largest count a save holds.
  static let largestCount = 1_000_000_000_000_000

  /// The largest `n` in `low..<high` for which `pays(n)` holds, given that it holds at `low`, fails
  /// at `high`, and holds for every count below one that pays.
  private static func largest(from low: Int, below high: Int, _ pays: (Int) -> Bool) -> Int {
    var low = low
    var high = high
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if pays(middle) { low = middle } else { high = middle }
    }
    return low
  }

  /// Whether `budget` pays `cost`, allowing for the rounding of the closed form (relative 1e-12):
  /// the closed form can come out a few units in the last place above the sum of the single
  /// prices (two sails from level 0 give 65.00000000000001 for 25 + 40), and holding exactly that
  /// sum must pay for them. Spending clamps Discoveries at zero.
  ///
  /// An infinite cost (a count whose sum is beyond any Double) is never paid, even by the largest
  /// finite budget, whose allowance rounds up to infinity.
  static func pays(_ budget: Double, _ cost: Double) -> Bool {
    cost.isFinite && cost <= budget + abs(budget) * 1e-12
  }
}
