import QuietPlacesGame
import QuietPlacesStore

/// The chart's data of one run: the metrics at evenly spaced instants of the run.
public struct Series: Sendable, Equatable {
  /// Instants, in simulated seconds from the start: `end · k / 32` for k = 0…32.
  public var seconds: [Int64]
  /// One list per metric of ``Sample/metrics``, each value rounded to 6 significant digits.
  public var values: [[Double]]

  /// How many stretches a run's series splits it into.
  static let points = 32

  public init(seconds: [Int64], values: [[Double]]) {
    self.seconds = seconds
    self.values = values
  }

  /// The samples of a run thinned to evenly spaced instants: each the last sample at or before it.
  init(samples: [Sample], end: Int64) {
    var seconds: [Int64] = []
    var values = Array(repeating: [Double](), count: Sample.metrics.count)
    var cursor = 0
    for k in 0...Self.points {
      let instant = end * Int64(k) / Int64(Self.points)
      while cursor + 1 < samples.count && samples[cursor + 1].seconds <= instant { cursor += 1 }
      seconds.append(instant)
      for m in values.indices { values[m].append(Self.rounded(samples[cursor].value(m))) }
    }
    self.seconds = seconds
    self.values = values
  }

  /// Six significant digits, so the files stay small and read back to the same numbers.
  static func rounded(_ value: Double) -> Double {
    guard value.isFinite, value != 0 else { return value.isFinite ? 0 : Double.greatestFiniteMagnitude }
    var exponent = 0
    var scaled = value.magnitude
    while scaled >= 1e6 {
      scaled /= 10
      exponent += 1
    }
    while scaled < 1e5 {
      scaled *= 10
      exponent -= 1
    }
    let mantissa = scaled.rounded()
    var result = mantissa
    if exponent > 0 {
      for _ in 0..<exponent { result *= 10 }
    } else if exponent < 0 {
      var divisor = 1.0
      for _ in 0..<(-exponent) { divisor *= 10 }
      result = mantissa / divisor
    }
    return value < 0 ? -result : result
  }

  /// The metric at `instant`: linear between the run's points; its last value after its end.
  func value(metric: Int, at instant: Double) -> Double {
    let values = self.values[metric]
    guard let last = seconds.last, instant < Double(last) else { return values.last ?? 0 }
    var k = 0
    while k + 1 < seconds.count && Double(seconds[k + 1]) <= instant { k += 1 }
    let t0 = Double(seconds[k])
    let t1 = Double(seconds[k + 1])
    guard t1 > t0 else { return values[k + 1] }
    return values[k] + (values[k + 1] - values[k]) * (instant - t0) / (t1 - t0)
  }
}

/// How a run ended, for a recording that replays it: the save, the clock and the store's view.
public struct RunFinal: Sendable {
  public var save: AppSave
  public var clock: Int64
  public var unfinished: [UInt64]
  public var storefront: String
}

/// One run of a sweep.
public struct RunResult: Sendable {
  /// Its index in the whole sweep (seed index × variants + variant index).
  public var index: Int
  /// The variant's name and index.
  public var variant: String
  public var variantIndex: Int
  public var seed: UInt64
  /// How many runs the whole sweep has.
  public var total: Int
  /// One per milestone.
  public var outcomes: [MilestoneOutcome]
  /// Simulated seconds the run took.
  public var seconds: Int64
  /// The chart's data.
  public var series: Series
  /// The steps, when kept for a recording.
  public var steps: [PlayStep]?
  /// How it ended, when kept for a recording.
  public var final: RunFinal?
  /// What it did when, for the sweep's first run.
  public var timeline: RunTimeline?
  /// The files the run was played on, by their fingerprints (`balance 05a22b6106da, storekit …,
  /// price-formats …`, and what changed the balance), so that shards merged say what they were
  /// computed from and shards of other files are not merged; `nil` when not known.
  public var playedOn: String?
  /// The settings of the sweep the run belongs to, so that shards of other sweeps are not merged
  /// and merged outputs say what they were computed from; `nil` when not known.
  public var settings: SweepSettings?

  public init(
    index: Int, variant: String, variantIndex: Int, seed: UInt64, total: Int, outcomes: [MilestoneOutcome],
    seconds: Int64, series: Series, steps: [PlayStep]? = nil, final: RunFinal? = nil,
    timeline: RunTimeline? = nil, playedOn: String? = nil, settings: SweepSettings? = nil
  ) {
    self.index = index
    self.variant = variant
    self.variantIndex = variantIndex
    self.seed = seed
    self.total = total
    self.outcomes = outcomes
    self.seconds = seconds
    self.series = series
    self.steps = steps
    self.final = final
    self.timeline = timeline
    self.playedOn = playedOn
    self.settings = settings
  }
}
