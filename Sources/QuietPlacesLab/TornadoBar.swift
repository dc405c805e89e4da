/// One bar of a tornado chart: how much one value of one balance key moved a milestone against the
/// baseline, as the paired median difference over the same seeds and its confidence interval.
///
/// The sensitivity analysis (`--vary` with `--sensitivity`) makes these; ``ChartTornado`` draws them.
public struct TornadoBar: Sendable, Equatable {
  /// The balance key, such as `equipment.sails.priceGrowth`.
  public var key: String
  /// The value it was given, as written (`1.5`).
  public var value: String
  /// Median of the per-seed differences (variant − baseline), in simulated seconds.
  public var median: Double
  /// The confidence interval of that median, in simulated seconds; `nil` when too few seeds
  /// reached the milestone in both to give one (``PairedComparison/fewestPairs``).
  public var lower: Double?
  public var upper: Double?

  public init(key: String, value: String, median: Double, lower: Double?, upper: Double?) {
    self.key = key
    self.value = value
    self.median = median
    self.lower = lower
    self.upper = upper
  }
}
