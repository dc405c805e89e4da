import QuietPlacesGame
import QuietPlacesStore

/// The chart's data of one run: the metrics at evenly spaced instants of the run, and just before
/// its resets.
public struct Series: Sendable, Equatable {
  /// Instants, in simulated seconds from the start, in order: `end · k / 32` for k = 0…32, and before
  /// an instant the second of a prestige within the stretch that ends there (see
  /// ``init(samples:end:)``); two points may share a second.
  public var seconds: [Int64]
  /// One list per metric of ``Sample/metrics``, each value rounded to 6 significant digits.
  public var values: [[Double]]
  /// For each point, the New Bearings and Atlases taken by then (``Sample/voyage``), which tells
  /// where the Discoveries reset; empty when the series was read from a record without them.
  public var voyages: [Int]

  /// How many stretches a run's series splits it into.
  static let points = 32

  public init(seconds: [Int64], values: [[Double]], voyages: [Int] = []) {
    self.seconds = seconds
    self.values = values
    self.voyages = voyages
  }

  /// The samples of a run thinned to evenly spaced instants: each the last sample at or before it.
  /// A stretch between two instants that holds a prestige adds a point before its instant: at the
  /// second of its last Atlas, and at that of its last prestige if later, the values just before the
  /// prestiges of that second — Knowledge just before the Atlas, which may follow New Bearings at
  /// the same second — so that a chart draws a reset from the value it reset.
  init(samples: [Sample], end: Int64) {
    let knowledge = Metric.knowledge.index
    let generations = Metric.generations.index
    // Each point: its second, the sample it reads and the Knowledge it holds instead of the sample's.
    var points: [(second: Int64, sample: Int, knowledge: Double?)] = []
    /// The point just before the prestiges at the second of `samples[first]`, the first of them.
    func before(_ first: Int, through last: Int) -> (second: Int64, sample: Int, knowledge: Double?) {
      let second = samples[first].seconds
      var atlas: Double?
      var i = first
      while i <= last && samples[i].seconds == second {
        if samples[i].value(generations) > samples[i - 1].value(generations) {
          atlas = samples[i - 1].value(knowledge)
        }
        i += 1
      }
      return (second, first - 1, atlas)
    }
    var cursor = 0
    for k in 0...Self.points {
      let instant = end * Int64(k) / Int64(Self.points)
      // The first prestige of the last second with an Atlas, and of the last second with any.
      var atlas: Int?
      var prestige: Int?
      while cursor + 1 < samples.count && samples[cursor + 1].seconds <= instant {
        cursor += 1
        let (now, previous) = (samples[cursor], samples[cursor - 1])
        guard now.voyage != previous.voyage else { continue }
        let first = prestige.map { samples[$0].seconds == now.seconds ? $0 : cursor } ?? cursor
        prestige = first
        if now.value(generations) != previous.value(generations) { atlas = first }
      }
      if let atlas { points.append(before(atlas, through: cursor)) }
      if let prestige, prestige != atlas { points.append(before(prestige, through: cursor)) }
      points.append((instant, cursor, nil))
    }
    // A sweep keeps every run's series: each list is made to its length.
    seconds = points.map(\.second)
    values = Sample.metrics.indices.map { m in
      points.map {
        Self.rounded(
          m == knowledge ? $0.knowledge ?? samples[$0.sample].value(m) : samples[$0.sample].value(m))
      }
    }
    voyages = points.map { samples[$0.sample].voyage }
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
