import QuietPlacesGame

/// The generator every seeded fuzz test draws from: the engine's SplitMix64, so a test replays the
/// same inputs on every run and one seed names one sequence everywhere.
public typealias SeededGenerator = SplitMix64
