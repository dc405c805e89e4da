import QuietPlacesUtilities
import Synchronization
import Testing

/// The one bounded parallel runner: results in input order, never more than the bound at once,
/// delivered as soon as they are in order, and stopped by the first failure.
@Suite struct BoundedParallelTests {
  /// What the jobs of one test did, from any thread.
  final class Log: Sendable {
    private let state = Mutex<(running: Int, most: Int, started: [Int], events: [String])>((0, 0, [], []))

    func start(_ index: Int) {
      state.withLock {
        $0.running += 1
        $0.most = max($0.most, $0.running)
        $0.started.append(index)
      }
    }

    func finish(_ index: Int) {
      state.withLock {
        $0.running -= 1
        $0.events.append("done \(index)")
      }
    }

    var most: Int { state.withLock { $0.most } }
    var started: [Int] { state.withLock { $0.started } }
    var events: [String] { state.withLock { $0.events } }
  }

  struct Refused: Error, Equatable {
    let index: Int
  }

  @Test func resultsComeBackInInputOrderWhateverOrderTheyFinishIn() async {
    let log = Log()
    // Each job waits (up to 10 s) for the next one to finish, so they finish last to first.
    let outputs = await BoundedParallel.map(Array(0..<8), atMost: 8) { index in
      log.start(index)
      var waited = 0
      while index < 7, !log.events.contains("done \(index + 1)"), waited < 10_000 {
        try? await Task.sleep(for: .milliseconds(1))
        waited += 1
      }
      log.finish(index)
      return index * 10
    }
    #expect(outputs == [0, 10, 20, 30, 40, 50, 60, 70])
    #expect(log.events == (0..<8).reversed().map { "done \($0)" })
  }

  @Test(arguments: [1, 3, 5])
  func neverMoreThanTheBoundAtOnce(width: Int) async {
    let log = Log()
    _ = await BoundedParallel.map(Array(0..<12), atMost: width) { index in
      log.start(index)
      // The first `width` jobs wait (up to 10 s) until all of them have started.
      var waited = 0
      while index < width, log.started.count < width, waited < 10_000 {
        try? await Task.sleep(for: .milliseconds(1))
        waited += 1
      }
      try? await Task.sleep(for: .milliseconds(1))
      log.finish(index)
    }
    #expect(log.most == width)
    #expect(log.started.count == 12)
  }

  @Test func aBoundBelowOneRunsOneAtATime() async {
    let log = Log()
    let outputs = await BoundedParallel.map(["a", "b", "c"], atMost: 0) { text in
      log.start(0)
      try? await Task.sleep(for: .milliseconds(5))
      log.finish(0)
      return text.uppercased()
    }
    #expect(outputs == ["A", "B", "C"])
    #expect(log.most == 1)
    #expect(await BoundedParallel.map([Int](), atMost: 3) { $0 }.isEmpty)
  }

  @Test func eachResultIsDeliveredOnceItAndAllBeforeItAreDone() async {
    let firstDelivered = Mutex(false)
    var delivered: [Int] = []
    let outputs = await BoundedParallel.map(
      Array(0..<6), atMost: 6,
      inOrder: { index, output in
        delivered.append(output)
        if index == 0 { firstDelivered.withLock { $0 = true } }
      }
    ) { index in
      // Every job but the first waits (up to 10 s) until the first one's result has been delivered,
      // which can only happen while they run.
      var waited = 0
      while index > 0, !firstDelivered.withLock({ $0 }), waited < 10_000 {
        try? await Task.sleep(for: .milliseconds(1))
        waited += 1
      }
      return index > 0 && waited == 10_000 ? -index : index
    }
    #expect(outputs == [0, 1, 2, 3, 4, 5])
    #expect(delivered == [0, 1, 2, 3, 4, 5])
  }

  /// `forEach` takes inputs from the sequence only as jobs start, and keeps only outputs that wait
  /// for an earlier one: with one job at a time, the input after the one running is never read.
  @Test func forEachReadsInputsAsJobsStartAndDeliversInOrder() async {
    let read = Mutex(0)
    let inputs = (0..<50).lazy.map { index in
      read.withLock { $0 = max($0, index + 1) }
      return index
    }
    var delivered: [Int] = []
    var mostReadAhead = 0
    await BoundedParallel.forEach(inputs, atMost: 1) { index in
      index * 2
    } inOrder: { index, output in
      delivered.append(output)
      mostReadAhead = max(mostReadAhead, read.withLock { $0 } - index)
    }
    #expect(delivered == (0..<50).map { $0 * 2 })
    // The job delivered and at most the next one started: two inputs read beyond those delivered.
    #expect(mostReadAhead <= 2)
  }

  @Test func theFirstFailureStopsTheRestAndIsThrown() async {
    let log = Log()
    await #expect(throws: Refused(index: 2)) {
      try await BoundedParallel.map(Array(0..<10), atMost: 1) { (index: Int) async throws(Refused) -> Int in
        log.start(index)
        defer { log.finish(index) }
        if index == 2 { throw Refused(index: index) }
        return index
      }
    }
    // One at a time: the jobs after the failing one never start.
    #expect(log.started == [0, 1, 2])
  }
}
