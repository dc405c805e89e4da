import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Wall-clock timing on the monotonic clock, with medians over repeated runs.
enum Stopwatch {
  /// Nanoseconds on the monotonic clock.
  static func now() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }

  /// Seconds one run of `body` takes.
  static func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = now()
    try body()
    return Double(now() - start) / 1e9
  }

  /// The median of the values.
  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// The median seconds of one call of `body`: `samples` samples of `batch` calls each, every sample
  /// divided by `batch`, so that calls far shorter than the clock's resolution are still measured.
  static func perCall(batch: Int, samples: Int, _ body: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    times.reserveCapacity(samples)
    for _ in 0..<samples {
      let start = now()
      for _ in 0..<batch { try body() }
      times.append(Double(now() - start) / 1e9 / Double(batch))
    }
    return median(times)
  }

  /// The median seconds of one call of `a` and of `b`, their samples taken in turn so that a change
  /// in the machine's load falls on both alike.
  static func interleaved(
    batch: Int, batchB: Int? = nil, samples: Int, _ a: () throws -> Void, _ b: () throws -> Void
  ) rethrows -> (Double, Double) {
    let batchB = batchB ?? batch
    var first: [Double] = []
    var second: [Double] = []
    for _ in 0..<samples {
      var start = now()
      for _ in 0..<batch { try a() }
      first.append(Double(now() - start) / 1e9 / Double(batch))
      start = now()
      for _ in 0..<batchB { try b() }
      second.append(Double(now() - start) / 1e9 / Double(batchB))
    }
    return (median(first), median(second))
  }

  /// The median seconds of `body`, run at least `minimumRuns` times and until `budget` seconds have
  /// passed or `maximumRuns` runs were made.
  static func repeated(
    minimumRuns: Int = 3, maximumRuns: Int = 50, budget: Double = 1, _ body: () throws -> Void
  ) rethrows -> Double {
    var times: [Double] = []
    let start = now()
    while times.count < minimumRuns
      || (times.count < maximumRuns && Double(now() - start) / 1e9 < budget)
    {
      times.append(try seconds(body))
    }
    return median(times)
  }
}
