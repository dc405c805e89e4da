/// The first record of an exploration's JSON Lines: what was explored, so that `explore merge`
/// combines only the shards of one exploration and prints what it would have printed.
struct ExploreHeader: Codable, Sendable, Equatable {
  /// The record's type in JSON Lines.
  var type = "explore"
  var seed: UInt64
  /// The runs of the whole exploration (all shards together); absent from a timed exploration's
  /// header (`--for`), written before its runs, whose ``ExploreEndRecord`` counts them.
  var runs: Int?
  /// The seconds of `--for`; absent from a counted exploration's header.
  var seconds: Double?
  /// Steps a run plays at most.
  var steps: Int
  /// This file's share of the runs, `K/N`.
  var shard: String
  /// The kinds of step played.
  var commands: [String]
  /// The studio's own invariants.
  var invariants: [String]
  /// The options that changed what was played from the Configuration's own (`--storekit FILE`,
  /// `--balance FILE`, `--set KEY=VALUE`), as typed; absent when there were none.
  var playedUnder: [String]?
  /// The fingerprints of the files played on; absent in files written before they were said.
  var playedOn: String?
  /// The revision of the step generator that drew the runs (its kinds, weights, arguments and
  /// illegal lines): one seed draws other steps under another, so shards of two revisions are not
  /// one exploration. Absent in files of revision 1.
  var generator: Int? = StepGenerator.revision

  /// ``generator``, with the revision a file that does not say it was written by.
  var generatorRevision: Int { generator ?? 1 }

  /// Whether two headers are of the same exploration (shards aside, and what they were played on,
  /// which `explore merge` compares first to name it).
  func sameExploration(as other: ExploreHeader) -> Bool {
    seed == other.seed && runs == other.runs && seconds == other.seconds && steps == other.steps
      && commands == other.commands
      && invariants == other.invariants && (playedUnder ?? []) == (other.playedUnder ?? [])
  }
}

/// The last record of a timed exploration's JSON Lines (`--for`) that played to its end: the runs it
/// played, which its header, written before them, could not say. `explore merge` needs it, so that a
/// file cut short (its process killed) is refused rather than read as a whole exploration.
struct ExploreEndRecord: Codable, Sendable, Equatable {
  /// The record's type in JSON Lines.
  var type = "end"
  /// The runs played.
  var runs: Int
}

/// The last record of the JSON Lines of an exploration that stopped before its end (a Ctrl-C, a
/// SIGTERM, an output whose reader went away): what stopped it and what it played. `explore merge`
/// refuses a file that holds one.
struct ExploreInterruptedRecord: Codable, Sendable, Equatable {
  /// The record's type in JSON Lines.
  var type = "interrupted"
  /// What stopped it: `Ctrl-C (SIGINT)`, `SIGTERM`, `standard output closing`.
  var by: String
  /// The last run number it played.
  var lastRun: Int
  /// The runs it played.
  var played: Int
  /// The runs of `--runs` (all shards together), or `nil` for `--for`.
  var planned: Int?
  /// The seconds of `--for`, or `nil` for `--runs`.
  var seconds: Double?
}
