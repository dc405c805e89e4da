#if canImport(Glibc)
  import Glibc
#endif

/// Where a run's time went, by phase, on the monotonic clock: taken only when a run is asked to
/// (``Autoplay/Keeping/profile``, the benchmark's profile), never in a sweep.
public struct RunProfile: Sendable, Equatable {
  /// What a run spends its time on.
  public enum Phase: Int, Sendable, CaseIterable {
    /// The strategy's rules of play: prices, payback, its choice, prestiges and supplies due.
    case decisions
    /// The search for the first second the awaited option holds (the engine on copies of the game).
    case waitSearch
    /// The milestones reached, checked at every decision point.
    case milestones
    /// Open sailing on the device (`advance` steps: the engine's closed form through the app).
    case advance
    /// The player's actions on the device: buying with Discoveries, supplies, prestiges, each saved.
    case actions
    /// Away cycles: the app closes and saves, time passes, it launches, recovers the store's
    /// transactions, reconciles the entitlements and credits the absence.
    case away
    /// Purchases through the simulated App Store at the start: sign, verify, deliver, save, finish.
    case purchases

    /// What the benchmark's table calls it.
    public var label: String {
      switch self {
      case .decisions: "strategy decisions (prices, choice)"
      case .waitSearch: "wait search (engine on copies)"
      case .milestones: "milestone tracking"
      case .advance: "engine advance on the device"
      case .actions: "player actions, each saved"
      case .away: "app side: close, launch, reconcile"
      case .purchases: "store: App Store purchases"
      }
    }
  }

  /// Nanoseconds spent in each phase, by ``Phase/rawValue``.
  public private(set) var nanoseconds = [UInt64](repeating: 0, count: Phase.allCases.count)
  /// How many times each phase ran.
  public private(set) var counts = [Int](repeating: 0, count: Phase.allCases.count)

  public init() {}

  /// Nanoseconds on the monotonic clock.
  static func now() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }

  /// Counts `nanoseconds` more in `phase`.
  mutating func add(_ phase: Phase, nanoseconds spent: UInt64) {
    nanoseconds[phase.rawValue] &+= spent
    counts[phase.rawValue] += 1
  }

  /// Nanoseconds in `phase`.
  public func nanoseconds(_ phase: Phase) -> UInt64 { nanoseconds[phase.rawValue] }

  /// How many times `phase` ran.
  public func count(_ phase: Phase) -> Int { counts[phase.rawValue] }

  /// Both profiles' phases added.
  public static func + (lhs: RunProfile, rhs: RunProfile) -> RunProfile {
    var sum = lhs
    for index in sum.nanoseconds.indices {
      sum.nanoseconds[index] &+= rhs.nanoseconds[index]
      sum.counts[index] += rhs.counts[index]
    }
    return sum
  }
}
