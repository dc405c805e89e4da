import Testing

@testable import QuietPlacesLab

/// A very long run's samples and events stay within ``BoundedRunLog/capacity``; what a series and a
/// timeline read is kept, and no event goes uncounted.
@Suite struct BoundedRunLogTests {
  /// A run of `count` samples, the first at its start and the others a second apart: a reset every 997 s (an Atlas every tenth of them), and
  /// in the second of each reset, 30 purchases after it.
  static func samples(_ count: Int) -> [Sample] {
    var samples = [Sample(seconds: 0, values: [0, 0, 0, 0], voyage: 0)]
    var voyage = 0
    var generations = 0.0
    var second: Int64 = 0
    var discoveries = 0.0
    while samples.count < count {
      second += 1
      discoveries += 1
      if second % 997 == 0 {
        voyage += 1
        if voyage % 10 == 0 { generations += 1 }
        discoveries = 0
        for _ in 0...30 {
          samples.append(Sample(seconds: second, values: [0, discoveries, 0, generations], voyage: voyage))
          discoveries += 1
        }
      } else {
        samples.append(Sample(seconds: second, values: [0, discoveries, 0, generations], voyage: voyage))
      }
    }
    return Array(samples.prefix(count))
  }

  /// The log as a run fills it: a sample appended after each step, thinned when full.
  static func logged(_ all: [Sample]) -> (kept: [Sample], width: Int64) {
    var log = BoundedRunLog()
    var kept: [Sample] = []
    for sample in all {
      kept.append(sample)
      log.thinIfFull(&kept)
    }
    return (kept, log.sampleWidth)
  }

  @Test func aRunBelowTheCapacityKeepsEverySample() {
    let all = Self.samples(BoundedRunLog.capacity - 1)
    let (kept, width) = Self.logged(all)
    #expect(kept == all)
    #expect(width == 0)
  }

  @Test func aLongRunKeepsWhatTheSeriesReads() throws {
    let all = Self.samples(1_000_000)
    let (kept, width) = Self.logged(all)
    #expect(kept.count <= BoundedRunLog.capacity)
    #expect(width > 1)
    #expect(kept.first == all.first)
    #expect(kept.last == all.last)
    #expect(kept.map(\.seconds) == kept.map(\.seconds).sorted())
    // In every bucket of the last width, its last sample, and the samples on either side of its last
    // reset and of its last Atlas.
    var lastOfBucket: [Int64: Int] = [:]
    var lastReset: [Int64: Int] = [:]
    var lastAtlas: [Int64: Int] = [:]
    for i in all.indices {
      let bucket = all[i].seconds / width
      lastOfBucket[bucket] = i
      guard i > 0, all[i].voyage != all[i - 1].voyage else { continue }
      lastReset[bucket] = i
      if all[i].value(3) != all[i - 1].value(3) { lastAtlas[bucket] = i }
    }
    let keptSet = Set(kept.map { "\($0.seconds)/\($0.voyage)/\($0.value(1))" })
    func isKept(_ i: Int) -> Bool {
      keptSet.contains("\(all[i].seconds)/\(all[i].voyage)/\(all[i].value(1))")
    }
    #expect(lastOfBucket.values.allSatisfy(isKept))
    #expect(lastReset.values.allSatisfy { isKept($0 - 1) && isKept($0) })
    #expect(lastAtlas.values.allSatisfy { isKept($0 - 1) && isKept($0) })
    // At any instant, the last sample kept is at most one bucket older than the run's last sample
    // then, and on the same side of every reset: the Discoveries (one more each second since the
    // last reset, 31 more in a reset's second) differ by at most the width.
    let discoveries = Metric.discoveries.index
    func last(_ samples: [Sample], atOrBefore instant: Int64) -> Sample {
      samples.last { $0.seconds <= instant }!
    }
    let end = all.last!.seconds
    for k in 0...32 {
      let instant = end * Int64(k) / 32
      let run = last(all, atOrBefore: instant)
      let log = last(kept, atOrBefore: instant)
      #expect(log.voyage == run.voyage, "instant \(instant)")
      let gap = run.value(discoveries) - log.value(discoveries)
      #expect(gap >= 0 && gap <= Double(width) + 31, "instant \(instant)")
    }
  }

  @Test func mergedEventsCountEveryEventAndSpanEveryAbsence() {
    var events: [RunTimeline.Event] = []
    for second in stride(from: Int64(0), to: 400_000, by: 3) {
      events.append(RunTimeline.Event(at: second, what: second % 2 == 0 ? "scout" : "sails"))
      if second % 7 == 0 { events.append(RunTimeline.Event(at: second, what: "away", seconds: 2)) }
    }
    var log = BoundedRunLog()
    var kept: [RunTimeline.Event] = []
    for event in events {
      kept.append(event)
      log.mergeIfFull(&kept)
    }
    #expect(kept.count <= BoundedRunLog.capacity)
    #expect(log.eventWidth > 0)
    for kind in ["scout", "sails", "away"] {
      #expect(
        kept.filter { $0.what == kind }.map(\.count).reduce(0, +) == events.count { $0.what == kind })
    }
    #expect(kept.map(\.at) == kept.map(\.at).sorted())
    // A merged absence runs from the first one's start to the last one's end.
    let lastAway = events.last { $0.what == "away" }!
    let keptAway = kept.last { $0.what == "away" }!
    #expect(keptAway.at + keptAway.seconds == lastAway.at + lastAway.seconds)
    #expect(kept.contains { $0.what == "away" && $0.count > 1 && $0.seconds > 2 })
  }

  /// A merged event says how many it stands for in the JSON Lines, and a record without `count`
  /// (one event each) reads as before.
  @Test func aMergedEventCarriesItsCount() throws {
    let timeline = RunTimeline(
      events: [RunTimeline.Event(at: 0, what: "scout", count: 12), RunTimeline.Event(at: 5, what: "sails")],
      series: Series(seconds: [0], values: [[0], [0], [0], [0]]))
    #expect(timeline.json.contains("{\"at\":0,\"what\":\"scout\",\"seconds\":0,\"count\":12}"))
    #expect(timeline.json.contains("{\"at\":5,\"what\":\"sails\",\"seconds\":0}"))
  }
}
