/// Keeps what a run records at every step — its samples, and for a timeline its events — within a
/// fixed size however long the run plays.
///
/// A run to the Atlas makes a few thousand steps; a run of a simulated year, late in the game, makes
/// millions (a scout, a level or a prestige every few seconds), and kept whole they took 985 MB for a
/// year and 5.2 GB for five. Below ``capacity`` nothing is thinned, so such runs are recorded as
/// before. At the capacity the log is thinned by time: the run's seconds are cut into buckets of a
/// power-of-two width, doubled until half the capacity is free, and each bucket keeps
///
/// - samples: its last sample, and the samples on either side of its last reset of the Discoveries
///   (a New Bearings or an Atlas) and of its last Atlas, and of the other resets of those seconds —
///   what a series reads at its instants and just before a reset;
/// - events: one event of each kind, at the first one's second, counting the events it stands for
///   (``RunTimeline/Event/count``); merged absences span from the first one's start to the last
///   one's end.
///
/// What a run reaches and when (its milestones, counts and final game) never comes from this log.
struct BoundedRunLog {
  /// The most samples, or events, kept at once.
  static let capacity = 65_536

  /// The width of a bucket, in simulated seconds, once thinned; 0 while nothing was.
  private(set) var sampleWidth: Int64 = 0
  private(set) var eventWidth: Int64 = 0

  /// Thins `samples` when they have reached the capacity.
  mutating func thinIfFull(_ samples: inout [Sample]) {
    guard samples.count >= Self.capacity, let last = samples.last else { return }
    Self.bound(&samples, width: &sampleWidth, span: last.seconds, Self.thinned)
  }

  /// Merges `events` when they have reached the capacity.
  mutating func mergeIfFull(_ events: inout [RunTimeline.Event]) {
    guard events.count >= Self.capacity, let last = events.last else { return }
    Self.bound(&events, width: &eventWidth, span: last.at, Self.merged)
  }

  /// Thins `items` with `thin` at the first width, then at twice the width until half the capacity
  /// is free or one bucket holds the whole run (`span` seconds), which keeps a few whatever is left.
  private static func bound<Item>(
    _ items: inout [Item], width: inout Int64, span: Int64, _ thin: ([Item], Int64) -> [Item]
  ) {
    width = firstWidth(width, span: span)
    items = thin(items, width)
    while items.count > capacity / 2 && width <= span {
      width *= 2
      items = thin(items, width)
    }
  }

  /// The width to thin with first: the last one (the samples since are thinned to it, those before
  /// it are as it left them), and at least a quarter of the capacity's buckets over `span`.
  private static func firstWidth(_ width: Int64, span: Int64) -> Int64 {
    var next = max(1, width)
    while next <= span / Int64(capacity / 4) && next <= Int64.max / 4 { next *= 2 }
    return next
  }

  /// The samples each bucket of `width` seconds keeps (see the type's description), in order.
  static func thinned(_ samples: [Sample], width: Int64) -> [Sample] {
    let count = samples.count
    guard count > 2 else { return samples }
    let generations = Metric.generations.index
    var keep = [Bool](repeating: false, count: count)
    keep[0] = true
    /// Keeps the samples on either side of the reset at `first`, and of each later reset of its
    /// second (a prestige and an Atlas may share one), but not the purchases of that second between
    /// them: a late game buys thousands of levels in the second after a prestige.
    func pin(_ first: Int) {
      keep[first - 1] = true
      keep[first] = true
      var i = first + 1
      while i < count && samples[i].seconds == samples[first].seconds {
        if samples[i].voyage != samples[i - 1].voyage {
          keep[i - 1] = true
          keep[i] = true
        }
        i += 1
      }
    }
    var start = 0
    while start < count {
      let bucket = samples[start].seconds / width
      var end = start
      var reset: Int?
      var atlas: Int?
      while end < count && samples[end].seconds / width == bucket {
        if end > 0 && samples[end].voyage != samples[end - 1].voyage {
          reset = end
          if samples[end].value(generations) != samples[end - 1].value(generations) { atlas = end }
        }
        end += 1
      }
      keep[end - 1] = true
      if let reset { pin(reset) }
      if let atlas, atlas != reset { pin(atlas) }
      start = end
    }
    var kept: [Sample] = []
    kept.reserveCapacity(count / 2)
    for i in samples.indices where keep[i] { kept.append(samples[i]) }
    return kept
  }

  /// The events with those of one kind in one bucket of `width` seconds merged into one, in order
  /// of each merged event's first second.
  static func merged(_ events: [RunTimeline.Event], width: Int64) -> [RunTimeline.Event] {
    var result: [RunTimeline.Event] = []
    result.reserveCapacity(events.count / 2)
    var start = 0
    while start < events.count {
      let bucket = events[start].at / width
      // The bucket's events by kind, in the order each kind first appears: a dozen kinds at most.
      let first = result.count
      var end = start
      while end < events.count && events[end].at / width == bucket {
        let event = events[end]
        if let index = result[first...].firstIndex(where: { $0.what == event.what }) {
          let earlier = result[index]
          result[index].count += event.count
          if event.what == "away" {
            result[index].seconds = max(earlier.at + earlier.seconds, event.at + event.seconds) - earlier.at
          }
        } else {
          result.append(event)
        }
        end += 1
      }
      start = end
    }
    return result
  }
}
