/// Where a run stops: when every milestone is reached, or at the limit of simulated time.
public struct PlayGoal: Sendable, Equatable {
  /// The milestones, in the order they are reported.
  public var milestones: [Milestone]
  /// Simulated seconds after which the run stops whatever it reached.
  public var limit: Int64

  /// Ten Julian years: the default limit.
  public static let defaultLimit: Int64 = 315_576_000

  public init(milestones: [Milestone], limit: Int64 = PlayGoal.defaultLimit) {
    self.milestones = milestones
    self.limit = limit
  }

  /// The seconds of the first `time:` milestone beyond the limit, if any: a run stops at the limit,
  /// so it would never reach the milestone lab.md §3 calls always reached.
  public var timeBeyondLimit: Int64? {
    for case .time(let seconds) in milestones where seconds > limit { return seconds }
    return nil
  }
}
