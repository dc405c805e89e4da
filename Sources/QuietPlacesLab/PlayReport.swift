import QuietPlacesGame
import QuietPlacesStore

/// What a run recorded for one milestone.
public struct MilestoneOutcome: Sendable, Equatable {
  /// The milestone.
  public var milestone: Milestone
  /// Whether the run reached it.
  public var reached: Bool
  /// Simulated seconds from the start of the run to the milestone (to the run's end when not reached).
  public var seconds: Int64
  /// Of those, seconds with the app open.
  public var onlineSeconds: Int64
  /// Decisions made by then: purchases with Discoveries, supplies, prestiges.
  public var decisions: Int
  /// Discoveries spent by then on equipment, scouts and charters.
  public var spent: Double
  /// For a prestige: simulated seconds from the start to when the strategy's rule for it first held
  /// (online or away; at most ``seconds``); `nil` for other milestones.
  public var dueSeconds: Int64?

  public init(
    milestone: Milestone, reached: Bool, seconds: Int64, onlineSeconds: Int64, decisions: Int, spent: Double,
    dueSeconds: Int64? = nil
  ) {
    self.milestone = milestone
    self.reached = reached
    self.seconds = seconds
    self.onlineSeconds = onlineSeconds
    self.decisions = decisions
    self.spent = spent
    self.dueSeconds = dueSeconds
  }
}

/// The chart's metrics of a state at an instant of a run.
public struct Sample: Sendable, Equatable {
  /// Simulated seconds from the start of the run.
  public var seconds: Int64
  /// Knowledge, Discoveries, Postmarks and generations then, held in place (a run takes a sample
  /// at every step, so none of them is an array of its own).
  private var held: SIMD4<Double>
  /// New Bearings and Passing the Atlas taken by then: it goes up at every reset of the Discoveries.
  public var voyage: Int

  /// The names of the metrics a sample holds, in order.
  public static let metrics = Metric.allCases.map(\.rawValue)

  init(seconds: Int64, game: GameState) {
    self.seconds = seconds
    held = SIMD4(Double(game.knowledge), game.discoveries, Double(game.postmarks), Double(game.generations))
    voyage = game.lifetime.bearings &+ game.generations
  }

  /// A sample of the four metrics of ``metrics``, in that order, in the run's `voyage`-th voyage.
  public init(seconds: Int64, values: [Double], voyage: Int = 0) {
    precondition(values.count == 4, "a sample holds the four metrics")
    self.seconds = seconds
    held = SIMD4(values)
    self.voyage = voyage
  }

  /// Knowledge, Discoveries, Postmarks and generations then.
  public var values: [Double] { [held[0], held[1], held[2], held[3]] }

  /// The metric at `index` of ``metrics``.
  public func value(_ index: Int) -> Double { held[index] }
}

/// What a run did: its steps, its counts, the milestones, the final game.
public struct PlayReport: Sendable {
  /// Discoveries saved for an item that a prestige wiped before they bought it.
  public struct WipedSaving: Sendable, Equatable {
    public var item: Buyable
    public var discoveries: Double
    public var by: PrestigeLayer
    /// Crates of supplies opened since the last purchase with Discoveries: part of what was wiped.
    public var crates: Int
  }

  /// Every step, in order (when the run was asked to keep them).
  public var steps: [PlayStep] = []
  /// One per milestone asked for, in the order asked.
  public var outcomes: [MilestoneOutcome] = []
  /// Simulated seconds the run took, and of those with the app open.
  public var seconds: Int64 = 0
  public var onlineSeconds: Int64 = 0
  /// Decisions made and Discoveries spent.
  public var decisions = 0
  public var spent = 0.0
  /// Levels, scouts and charters bought, by item.
  public var bought: [Buyable: Int] = [:]
  /// Crates of supplies bought.
  public var supplies = 0
  /// New Bearings taken and Atlases passed.
  public var bearings = 0
  public var atlases = 0
  /// For each New Bearings and each Atlas taken, when the strategy's rule for it first held (seconds
  /// from the start; during an absence, when the offline credit made it hold).
  public var bearingsDue: [Int64] = []
  public var atlasesDue: [Int64] = []
  /// Savings that a prestige wiped, in order.
  public var wiped: [WipedSaving] = []
  /// Waits for an item that the end of an online session cut before it was affordable, by item.
  public var savedPastSession: [Buyable: Int] = [:]
  /// Products bought at the start.
  public var products: [ProductID] = []
  /// Away cycles (close, time away, launch).
  public var absences = 0
  /// The chart's metrics after every step (when the run was asked to sample), thinned by time in a
  /// very long run (``BoundedRunLog``).
  public var samples: [Sample] = []
  /// What the run did and when (when it was asked for a timeline), merged by time in a very long run.
  public var events: [RunTimeline.Event] = []
  /// The game at the end.
  public var final: GameState
  /// Where the run's time went (when the run was asked to profile).
  public var profile: RunProfile?

  init(final: GameState) {
    self.final = final
  }
}
