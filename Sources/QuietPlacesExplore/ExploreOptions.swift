import QuietPlacesGame

/// What an exploration was asked to do, as `quietplaces explore` reads it from its command line.
public struct ExploreOptions: Sendable, Equatable {
  /// How the results are printed.
  public enum Format: String, Sendable, Equatable, CaseIterable {
    /// The summary, the coverage table and the findings, for a person.
    case text
    /// One JSON object per line: the exploration, each run, each finding; `explore merge` reads it.
    case jsonl
  }

  /// The exploration's seed; each run's seed follows from it and the run's number.
  public var seed: UInt64 = 1
  /// How many runs, unless ``duration`` is given.
  public var runs = 100
  /// Play runs until this many seconds have passed (wall time), instead of ``runs``.
  public var duration: Double?
  /// Steps a run plays at most.
  public var steps = 60
  /// Runs played at once.
  public var jobs = 1
  /// Which share of the runs to play: run numbers ≡ `shardIndex` + 1 (mod `shardCount`), 1-based.
  public var shardIndex = 0
  public var shardCount = 1
  /// Commands to play only (as `help` names them: `buy`, `store approve`, `fault`), if any.
  public var only: [String] = []
  /// Commands never to play.
  public var without: [String] = []
  /// Where findings are written.
  public var findings = "explore-findings"
  public var format = Format.text
  /// A studio's own invariants, as expressions over `state --json`.
  public var invariants: [String] = []
  /// The options that changed what is played from the Configuration's own, as typed
  /// (`--storekit FILE`, `--balance FILE`, `--set KEY=VALUE`): the report says so.
  public var playedUnder: [String] = []
  /// What the exploration plays on, by the fingerprints of its files (`balance 05a22b6106da,
  /// storekit …, price-formats …`); printed, and compared by `explore merge`. `nil` when not given.
  public var playedOn: String?
  /// The command line as typed, quoted in each finding's script.
  public var invocation = "quietplaces explore"
  /// What a finding's script needs to replay as the exploration played.
  public var findingReplay = FindingReplay()

  /// What a finding's script needs, beyond its commands, to replay under `quietplaces test` as the
  /// exploration played: a script plays the Configuration's balance and StoreKit file unless it says
  /// otherwise.
  public struct FindingReplay: Sendable, Equatable {
    /// Options of the script's `new` line: each `--set KEY=VALUE` as typed.
    public var newOptions: [String] = []
    /// Header lines: `# requires: storekit HASH` for another StoreKit file (with how to run the
    /// script with it), `# requires: balance HASH` for a `--balance` file.
    public var header: [String] = []
    /// The balance the script's session starts from (the `--balance` file's, before any `--set`);
    /// `nil`: the one explored, which has no `--set` then.
    public var rules: Rules?

    public init(newOptions: [String] = [], header: [String] = [], rules: Rules? = nil) {
      self.newOptions = newOptions
      self.header = header
      self.rules = rules
    }

    public static func == (lhs: FindingReplay, rhs: FindingReplay) -> Bool {
      lhs.newOptions == rhs.newOptions && lhs.header == rhs.header
        && lhs.rules?.balance == rhs.rules?.balance
    }
  }

  public init() {}
}
