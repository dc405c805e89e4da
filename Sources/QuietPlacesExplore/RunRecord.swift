/// One run of an exploration as it is printed and as shards carry it in JSON Lines: its seeds,
/// how many steps it played, the checks it made, what it reached, and what it found.
struct RunRecord: Codable, Sendable, Equatable {
  /// What a run found broken, before shrinking.
  struct Broken: Codable, Sendable, Equatable {
    /// The invariant's name, or a studio's expression quoted.
    var invariant: String
    /// The step (from 1) after which it was found broken.
    var step: Int
    var expected: String
    var found: String
  }

  /// The record's type in JSON Lines.
  var type = "run"
  /// The run's number, from 1.
  var run: Int
  /// The run's own seed, from the exploration's seed and the run's number.
  var seed: UInt64
  /// The seed of the game the run plays (`new --seed N`).
  var game: UInt64
  /// Steps played.
  var steps: Int
  /// Checks made, by invariant.
  var checks: [String: Int]
  /// What it reached, by coverage row (`section|row`).
  var coverage: [String: Int]
  /// What it found broken, if anything; the run stopped there.
  var broken: Broken?
}

/// A run as the exploration keeps it in memory: its record, and the steps it played (for a finding
/// to be shrunk; an exploration keeps a run only when it found something).
struct RunResult: Sendable {
  var record: RunRecord
  var steps: [ExploreStep]
}
