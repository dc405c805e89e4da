/// Shrinks a sequence of steps that breaks an invariant to a minimal one that still breaks it, as
/// Hypothesis and delta debugging do: first whole steps are dropped (halves, quarters, … then one
/// at a time), then each step's arguments are made simpler (shorter durations, smaller counts,
/// earlier products, lower IDs), then steps are dropped again; the sequence ends at the step where
/// the invariant breaks.
///
/// Every candidate is replayed from a fresh device, so the result never depends on the run that
/// found it; the replays are capped, so shrinking ends whatever the finding. Asked to stop, it
/// replays nothing more and answers the shortest sequence found so far, which breaks it too.
struct Shrinker {
  /// The most replays one shrinking makes.
  static let budget = 1_500

  /// Whether a sequence still breaks the invariant, and at which step (from 1) it does.
  let breaks: ([ExploreStep]) async -> Int?
  /// Asked before each replay: what asked the shrinking to stop (`Ctrl-C (SIGINT)`), or `nil`.
  let stopRequested: () -> String?
  private(set) var replays = 0
  /// What stopped the shrinking before its end, if anything did.
  private(set) var stoppedBy: String?

  init(stopRequested: @escaping () -> String? = { nil }, breaks: @escaping ([ExploreStep]) async -> Int?) {
    self.stopRequested = stopRequested
    self.breaks = breaks
  }

  /// The shrunk sequence; `steps` must break the invariant.
  mutating func shrink(_ steps: [ExploreStep]) async -> [ExploreStep] {
    var current = steps
    if let end = await test(current) { current = Array(current.prefix(end)) }
    current = await dropSteps(current)
    var changed = true
    while changed, replays < Self.budget {
      changed = false
      for index in current.indices {
        for simpler in current[index].simpler {
          var candidate = current
          candidate[index] = simpler
          if let end = await test(candidate) {
            current = Array(candidate.prefix(end))
            changed = true
            break
          }
        }
        if changed || index >= current.count - 1 { break }
      }
    }
    return await dropSteps(current)
  }

  /// Delta debugging over the steps: drop chunks of halving size while the rest still breaks it.
  private mutating func dropSteps(_ steps: [ExploreStep]) async -> [ExploreStep] {
    var current = steps
    var chunks = 2
    while current.count > 1, replays < Self.budget {
      let size = (current.count + chunks - 1) / chunks
      var dropped = false
      var start = 0
      while start < current.count {
        var candidate = current
        candidate.removeSubrange(start..<min(start + size, candidate.count))
        if !candidate.isEmpty, let end = await test(candidate) {
          current = Array(candidate.prefix(end))
          dropped = true
          break
        }
        start += size
      }
      if dropped {
        chunks = max(2, chunks - 1)
      } else if size == 1 {
        break
      } else {
        chunks = min(current.count, chunks * 2)
      }
    }
    return current
  }

  /// Replays a candidate: the step where it breaks the invariant, or `nil`.
  private mutating func test(_ steps: [ExploreStep]) async -> Int? {
    guard replays < Self.budget else { return nil }
    if let by = stopRequested() {
      stoppedBy = by
      replays = Self.budget
      return nil
    }
    replays += 1
    return await breaks(steps)
  }
}
