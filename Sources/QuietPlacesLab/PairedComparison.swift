import QuietPlacesGame

/// A variant against a baseline over the same seeds, for one milestone: the median of the per-seed
/// differences (variant − baseline, in simulated seconds) with its 95% bootstrap confidence interval.
///
/// Only seeds that reached the milestone in both are paired; the seeds that reached it in one and not
/// the other are counted, never dropped silently. So are the paired seeds that reached it earlier
/// and later in the variant: when most seeds reach it at the same instant (a player who acts only at
/// a session's launch), the median difference is 0 whatever the rest do, and the counts show them.
///
/// The interval is the percentile bootstrap over seeds: ``resamples`` times, draw as many pairs as
/// there are, with replacement (pair `next() % n` of ``SplitMix64`` seeded with ``seed``, the pairs
/// in seed order, one generator for the whole interval), take the median of the draw; the interval is
/// the 2.5th and 97.5th percentile of those medians (linear between ranks, as the table's cells).
/// Every comparison starts the generator afresh, so it depends only on the pairs.
///
/// Below ``fewestPairs`` pairs there is no interval: no interval of a median covers it 95% of the
/// time from so few seeds. Even the widest, from the smallest difference to the largest, covers it
/// with probability 1 − 2^(1−n): 93.75% for five pairs, 50% for two, and a single pair's "interval"
/// is one point, which would read as a difference detected from one seed.
public struct PairedComparison: Sendable, Equatable {
  /// The fewest pairs that give an interval: six, the first count whose widest interval covers the
  /// median at least 95% of the time (96.9%).
  public static let fewestPairs = 6

  /// Seeds that reached the milestone in both.
  public var pairs: Int
  /// Seeds that reached it only in the baseline, and only in the variant.
  public var onlyBaseline: Int
  public var onlyVariant: Int
  /// Paired seeds that reached it earlier in the variant than in the baseline, and later.
  public var earlier = 0
  public var later = 0
  /// Median of the per-seed differences (`nil` without pairs), and its 95% interval (`nil` with
  /// fewer than ``fewestPairs`` pairs).
  public var median: Double?
  public var low: Double?
  public var high: Double?
  /// Median of the baseline's times over the paired seeds: what ``relative`` divides by.
  public var baselineMedian: Double?

  /// How many times the bootstrap resamples the pairs.
  public static let resamples = 2_000
  /// The seed of the bootstrap's generator.
  public static let seed: UInt64 = 1

  /// The relative change: the median difference over the baseline's median time, or `nil`.
  public var relative: Double? {
    guard let median, let baselineMedian, baselineMedian > 0 else { return nil }
    return median / baselineMedian
  }

  /// Whether the interval leaves out 0 (a difference is detected).
  public var detected: Bool {
    guard let low, let high else { return false }
    return low > 0 || high < 0
  }

  /// The comparison of `variant` with `baseline`: each a milestone's time per seed, `nil` where the
  /// run did not reach it; seeds missing from either are left out.
  public init(baseline: [UInt64: Double?], variant: [UInt64: Double?]) {
    var differences: [Double] = []
    var baselineTimes: [Double] = []
    onlyBaseline = 0
    onlyVariant = 0
    for seed in baseline.keys.sorted() {
      guard let b = baseline[seed], let v = variant[seed] else { continue }
      switch (b, v) {
      case (let b?, let v?):
        differences.append(v - b)
        baselineTimes.append(b)
        if v < b { earlier += 1 }
        if v > b { later += 1 }
      case (.some, nil): onlyBaseline += 1
      case (nil, .some): onlyVariant += 1
      case (nil, nil): break
      }
    }
    pairs = differences.count
    guard !differences.isEmpty else { return }
    median = SweepOutput.percentile(differences.sorted(), 0.5)
    baselineMedian = SweepOutput.percentile(baselineTimes.sorted(), 0.5)
    guard differences.count >= Self.fewestPairs else { return }
    let interval = Self.interval(differences)
    low = interval.low
    high = interval.high
  }

  /// The seeds that reached the milestone in both, as ``pairs`` counts them, without the interval's
  /// resampling: whether a table's comparisons stand on few seeds.
  public static func pairCount(baseline: [UInt64: Double?], variant: [UInt64: Double?]) -> Int {
    baseline.keys.count { seed in
      if case .some(.some) = baseline[seed], case .some(.some) = variant[seed] { return true }
      return false
    }
  }

  /// The percentile-bootstrap 95% interval of the median of `values` (in the order given).
  public static func interval(_ values: [Double]) -> (low: Double, high: Double) {
    let n = values.count
    // Each resample's median is found by counting how often each rank of the sorted values was
    // drawn, which gives exactly the median of the sorted draw in O(n).
    let order = values.indices.sorted { (values[$0], $0) < (values[$1], $1) }
    var rank = [Int](repeating: 0, count: n)
    for (r, index) in order.enumerated() { rank[index] = r }
    let sorted = order.map { values[$0] }
    let h = Double(n - 1) * 0.5
    let lowRank = Int(h.rounded(.down))
    let highRank = min(lowRank + 1, n - 1)
    let fraction = h - Double(lowRank)
    var random = SplitMix64(seed: seed)
    var counts = [Int](repeating: 0, count: n)
    var medians: [Double] = []
    medians.reserveCapacity(resamples)
    for _ in 0..<resamples {
      for r in counts.indices { counts[r] = 0 }
      for _ in 0..<n { counts[rank[Int(random.next() % UInt64(n))]] += 1 }
      var seen = 0
      var lowValue = 0.0
      var highValue = 0.0
      var r = 0
      while seen <= lowRank {
        seen += counts[r]
        r += 1
      }
      lowValue = sorted[r - 1]
      if seen > highRank {
        highValue = lowValue
      } else {
        while seen <= highRank {
          seen += counts[r]
          r += 1
        }
        highValue = sorted[r - 1]
      }
      medians.append(lowValue + (highValue - lowValue) * fraction)
    }
    medians.sort()
    return (SweepOutput.percentile(medians, 0.025), SweepOutput.percentile(medians, 0.975))
  }
}
