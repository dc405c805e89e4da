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
}
