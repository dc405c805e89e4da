import QuietPlacesLab
import QuietPlacesStore
import QuietPlacesUtilities

/// Where a report's numbers came from: the sweep's settings (as the options that give them), what
/// its runs were played on (the fingerprints of the Configuration's files, what changed the balance,
/// and each `--balance` file's fingerprint, as their JSON Lines say it), which shard it is, and the
/// version that drew it. A sweep and its shards merged show the
/// same, wherever each ran: where the files were is said on standard error when they are read.
struct ReportProvenance: Equatable {
  /// (what, value) pairs, in the order the report shows them.
  var entries: [(name: String, value: String)]

  static func == (a: ReportProvenance, b: ReportProvenance) -> Bool {
    a.entries.map(\.name) == b.entries.map(\.name) && a.entries.map(\.value) == b.entries.map(\.value)
  }

  /// What runs played on `playedOn` with `settings`, of `shard`, show; `nil` for shards whose
  /// records do not say it.
  static func playedOn(_ playedOn: String?, settings: SweepSettings? = nil, shard: Shard? = nil)
    -> ReportProvenance
  {
    var entries: [(name: String, value: String)] = []
    if let settings { entries.append(("sweep", sweepCommand(settings))) }
    if let shard { entries.append(("shard", shard.description)) }
    entries += [("played on", playedOn ?? notRecorded), ("version", AppSave.writer)]
    return ReportProvenance(entries: entries)
  }

  /// The command that plays a sweep of `settings` whole: `quietplaces simulate --seeds 1-40 …`.
  static func sweepCommand(_ settings: SweepSettings) -> String { settings.commandLine }

  /// What stands for the files of shards written before their records said them.
  static let notRecorded = SweepOutput.notRecorded
}
