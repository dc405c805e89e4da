import QuietPlacesREPL
import QuietPlacesUtilities

/// What a golden run covers and how it reports: `quietplaces test`'s options, as plain values (the
/// command-line module reads them from the arguments and the environment).
public struct GoldenRunOptions: Sendable, Equatable {
  /// Files or folders to run; empty means the `Scripts/` folder of the current directory.
  public var paths: [String]
  /// Rewrite the expected output of failing scripts in place.
  public var update: Bool
  /// Keep only scripts whose path contains this text.
  public var filter: String?
  /// How many scripts run at once; `nil` means the number of active processors.
  public var jobs: Int?
  /// Run only one shard of the sorted scripts.
  public var shard: Shard?
  /// The file to touch to tell Bazel that sharding is supported (`TEST_SHARD_STATUS_FILE`).
  public var shardStatusFile: String?
  /// List the scripts that would run instead of running them.
  public var list: Bool
  /// Where to write JUnit XML.
  public var junitFiles: [String]
  /// Print TAP version 13 instead of the usual lines.
  public var tap: Bool
  /// How long one script may run, in seconds, before it fails (``ScriptTimeLimit``).
  public var timeout = ScriptTimeLimit.defaultSeconds
  /// With `update`: write `NAME.qp.new` beside each failing script instead of rewriting it
  /// (`--update=pending`).
  public var pending = false
  /// What `# requires:` lines are checked against.
  public var conditions = ScriptConditions()
  /// The variables `$NAME` in commands stand for (``CommandSubstitution``).
  public var environment: [String: String] = [:]
  /// Which configuration the sessions read: said before the results, and what `# requires:`
  /// fingerprints are checked against.
  public var configuration: ConfigurationProvenance?

  /// Makes options from their parts.
  public init(
    paths: [String] = [], update: Bool = false, filter: String? = nil, jobs: Int? = nil,
    shard: Shard? = nil, shardStatusFile: String? = nil, list: Bool = false, junitFiles: [String] = [],
    tap: Bool = false
  ) {
    self.paths = paths
    self.update = update
    self.filter = filter
    self.jobs = jobs
    self.shard = shard
    self.shardStatusFile = shardStatusFile
    self.list = list
    self.junitFiles = junitFiles
    self.tap = tap
  }
}
