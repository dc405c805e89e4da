import FoundationEssentials
import QuietPlacesUtilities

/// The seeded random generator: SplitMix64, whose state is part of the save. Seeded fuzz tests use
/// it as a `RandomNumberGenerator` too.
public struct SplitMix64: Sendable, Codable, Equatable, RandomNumberGenerator {
  /// The generator's whole state.
  public var state: UInt64

  /// A generator whose first output follows `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform number in [0, 1) from the top 53 bits.
  public mutating func nextUniform() -> Double {
    Double(next() >> 11) * 0x1p-53
  }

  /// Arrivals until an event of probability `p` per arrival: `1 + ⌊ln(1 − u) / ln(1 − p)⌋`.
  public mutating func nextCountdown(probability p: Double) -> Int {
    nextCountdown(logOfMiss: Self.logOfMiss(probability: p))
  }

  /// The same draw as ``nextCountdown(probability:)``, given `ln(1 − p)` worked out beforehand (an
  /// event's probability is fixed by the rules, and sailing draws a countdown at every event).
  public mutating func nextCountdown(logOfMiss: Double) -> Int {
    let u = nextUniform()
    let draws = (PortableMath.log(1 - u) / logOfMiss).rounded(.down)
    return 1 + Int(Swift.min(draws, 1e15))
  }

  /// `ln(1 − p)`, the divisor of a countdown of probability `p`.
  public static func logOfMiss(probability p: Double) -> Double { PortableMath.log(1 - p) }
}
