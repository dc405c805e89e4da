/// An invariant found broken, shrunk to a minimal sequence of commands and written as a `.qp`
/// script that fails under `quietplaces test` until the engine is fixed.
struct Finding: Codable, Sendable, Equatable {
  /// The record's type in JSON Lines.
  var type = "finding"
  /// The invariant's name, or a studio's expression quoted.
  var invariant: String
  /// The first run that broke it (from 1).
  var run: Int
  /// That run's seed.
  var seed: UInt64
  /// The step of that run after which it was found broken.
  var step: Int
  var expected: String
  var found: String
  /// Other runs that broke it too.
  var otherRuns: Int
  /// The shrunk commands, `new --seed N` first.
  var commands: [String]
  /// What the shrunk sequence breaks, in its own words.
  var shrunkFound: String
  /// Where the script was written (empty when it could not be).
  var file: String
  /// Why the script could not be written, if it could not.
  var notWritten: String?
  /// What stopped its shrinking before the end (`Ctrl-C (SIGINT)`, `SIGTERM`): its commands break
  /// the invariant, but may not be the fewest that do.
  var shrinkingStoppedBy: String?
}
