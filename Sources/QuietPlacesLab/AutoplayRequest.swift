/// What `autoplay` asks for: a strategy with its options, and where it stops.
public struct AutoplayRequest: Sendable, Equatable {
  /// Where a strategy stops.
  public enum Stop: Sendable, Equatable {
    /// When every one of these milestones is reached.
    case until([Milestone])
    /// After this many simulated seconds.
    case after(Int64)
  }

  /// The strategy with its options.
  public var strategy: Strategy
  /// Where it stops.
  public var stop: Stop
  /// Simulated seconds after which it stops whatever it reached.
  public var limit: Int64

  public init(strategy: Strategy, stop: Stop, limit: Int64 = PlayGoal.defaultLimit) {
    self.strategy = strategy
    self.stop = stop
    self.limit = limit
  }

  /// The latest of `milestones` when every one is a time, else `nil`.
  private static func lastTime(_ milestones: [Milestone]) -> Int64? {
    var last: Int64 = 0
    for milestone in milestones {
      guard case .time(let seconds) = milestone else { return nil }
      last = max(last, seconds)
    }
    return milestones.isEmpty ? nil : last
  }

  /// The goal the strategy plays toward.
  public var goal: PlayGoal {
    switch stop {
    case .until(let milestones):
      // Only times to reach: the play ends at the last of them, as `for` does.
      if let last = Self.lastTime(milestones) {
        PlayGoal(milestones: milestones, limit: min(limit, last))
      } else {
        PlayGoal(milestones: milestones, limit: limit)
      }
    // Playing for a while ends there: the play stops at that time, an absence under way cut short.
    case .after(let seconds): PlayGoal(milestones: [.time(seconds)], limit: min(limit, seconds))
    }
  }
}
