import FoundationEssentials
import QuietPlacesDevice
import QuietPlacesGame
import QuietPlacesInvariants
import QuietPlacesREPL

/// What every run of one exploration shares: the factory of devices in memory (one signing key for
/// all), the session's environment, the kinds of step allowed, the studio's expressions, and when
/// the costly invariants are checked.
struct ExploreContext: Sendable {
  /// A costly invariant is checked at every step whose number is ≡ its phase (mod this).
  static let costlyEvery = 16
  /// `determinism` replays the whole run at its last step, in runs whose number is ≡ 1 (mod this).
  static let replayEveryRuns = 8

  let factory: DeviceFactory
  let environment: SessionEnvironment
  /// The exploration's seed.
  let seed: UInt64
  /// Steps a run plays at most.
  let steps: Int
  /// The kinds of step drawn.
  let generator: StepGenerator
  /// The studio's own invariants.
  let expressions: [InvariantExpression]

  /// The invariants checked after every step.
  static let cheap = Invariant.allCases.filter { !$0.isCostly }

  /// The costly invariants due after step `step` (from 1) of run `run` (from 1) of `steps`.
  static func costlyDue(step: Int, of steps: Int, run: Int) -> [Invariant] {
    var due: [Invariant] = []
    for (invariant, phase) in [(Invariant.saveRoundTrip, 4), (.timeAdditive, 8), (.timeStepper, 12)]
    where step % costlyEvery == phase % costlyEvery || step == steps {
      due.append(invariant)
    }
    if step == steps, run % replayEveryRuns == 1 % replayEveryRuns { due.append(.determinism) }
    return due
  }

  /// A run's own seed, from the exploration's seed and the run's number.
  static func runSeed(_ seed: UInt64, run: Int) -> UInt64 {
    var mixer = SplitMix64(seed: seed ^ (UInt64(run) &* 0xD1B5_4A32_D192_ED03))
    return mixer.next()
  }

  /// A session on a fresh device in memory, as `new --seed game` leaves a device: the new game
  /// launched and saved, the App Store account empty.
  func session(game: UInt64) async -> Session? {
    guard let device = try? factory.makeDevice(seed: game) else { return nil }
    return await Session.playing(device, environment: environment, replaysOn: factory).0
  }
}
