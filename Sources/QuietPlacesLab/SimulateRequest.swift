import QuietPlacesStore
import QuietPlacesUtilities

/// `quietplaces simulate …` and `quietplaces simulate merge FILE…`, read from the command line.
///
/// Repeated options give the values of one dimension; the variants are the cross product of every
/// dimension's values (`--set` values are grouped by key, each key a dimension).
public struct SimulateRequest: Sendable, Equatable {
  /// How results are printed.
  public enum Format: String, Sendable, CaseIterable {
    case table
    case csv
    case jsonl
  }

  /// `--seeds A-B` or a list; default 1-100.
  public var seeds: [UInt64] = Array(1...100)
  public var strategies: [StrategyKind] = []
  public var bearingsAt: [Double?] = []
  public var atlas: [Bool] = []
  public var supplies: [Bool] = []
  public var sessions: [SessionModel] = []
  public var owned: [[ProductID]] = []
  public var balanceFiles: [String] = []
  public var settings: [BalanceSetting] = []
  /// `--until LIST`; default `bearings`.
  public var milestones: [Milestone] = [.bearings(1)]
  /// `--limit DURATION`; default 10 years.
  public var limit: Int64 = PlayGoal.defaultLimit
  public var format: Format = .table
  public var chart: String?
  /// `--metric`; default knowledge.
  public var metric = "knowledge"
  public var record: String?
  /// `--jobs N`; `nil` is one per core.
  public var jobs: Int?
  /// `--shard K/N`.
  public var shard: Shard?
  /// `merge FILE…`: the jsonl files to combine instead of running.
  public var mergeFiles: [String]?

  public init() {}

  public static func == (lhs: SimulateRequest, rhs: SimulateRequest) -> Bool {
    lhs.seeds == rhs.seeds && lhs.strategies == rhs.strategies && lhs.bearingsAt == rhs.bearingsAt
      && lhs.atlas == rhs.atlas && lhs.supplies == rhs.supplies && lhs.sessions == rhs.sessions
      && lhs.owned == rhs.owned && lhs.balanceFiles == rhs.balanceFiles && lhs.settings == rhs.settings
      && lhs.milestones == rhs.milestones && lhs.limit == rhs.limit && lhs.format == rhs.format
      && lhs.chart == rhs.chart && lhs.metric == rhs.metric && lhs.record == rhs.record
      && lhs.jobs == rhs.jobs && lhs.shard == rhs.shard && lhs.mergeFiles == rhs.mergeFiles
  }

  /// The usage lines.
  public static let usage = [
    "usage: quietplaces simulate [--seeds A-B|LIST] [--strategy payback|cheapest|idle]... [--bearings-at R|never]...",
    "         [--atlas on|off]... [--supplies on|off]... [--sessions ON/OFF|always]... [--owned none|LIST]...",
    "         [--balance FILE]... [--set KEY=VALUE]... [--until MILESTONE,...] [--limit DURATION]",
    "         [--format table|csv|jsonl] [--chart FILE.svg] [--metric knowledge|discoveries|postmarks|generations]",
    "         [--record DIR] [--jobs N] [--shard K/N]",
    "       quietplaces simulate merge FILE.jsonl... [--format table|csv|jsonl] [--chart FILE.svg] [--metric M]",
    "Milestones: \(Milestone.forms). Repeated options are variants: their cross product.",
  ]

  /// Reads the words after `simulate`.
  public static func parse(_ arguments: [String]) throws(LabError) -> SimulateRequest {
    var request = SimulateRequest()
    var words = arguments[...]
    if words.first == "merge" {
      words = words.dropFirst()
      request.mergeFiles = []
    }
    var strategyGiven = false
    while let word = words.popFirst() {
      if !word.hasPrefix("--") {
        guard request.mergeFiles != nil else {
          throw .unexpectedWord(word)
        }
        request.mergeFiles?.append(word)
        continue
      }
      let options = [
        "--seeds", "--strategy", "--bearings-at", "--atlas", "--supplies", "--sessions", "--owned",
        "--balance",
        "--set", "--until", "--limit", "--format", "--chart", "--metric", "--record", "--jobs", "--shard",
      ]
      guard options.contains(word) else {
        throw .unknownOption(word, closest: EditDistance.closest(to: word, in: options))
      }
      if request.mergeFiles != nil, !["--format", "--chart", "--metric"].contains(word) {
        throw .notAMergeOption(word)
      }
      guard let value = words.popFirst() else {
        throw .valueMissing(option: word)
      }
      switch word {
      case "--seeds": request.seeds = try parseSeeds(value)
      case "--strategy":
        request.strategies.append(try StrategyKind.parse(value))
        strategyGiven = true
      case "--bearings-at": request.bearingsAt.append(try Strategy.parseBearingsAt(value))
      case "--atlas": request.atlas.append(try Strategy.parseSwitch(value, option: "--atlas"))
      case "--supplies": request.supplies.append(try Strategy.parseSwitch(value, option: "--supplies"))
      case "--sessions": request.sessions.append(try SessionModel.parse(value))
      case "--owned":
        request.owned.append(try Strategy.parseOwned(value))
      case "--balance": request.balanceFiles.append(value)
      case "--set": request.settings.append(try BalanceSetting.parse(value))
      case "--until": request.milestones = try Milestone.parseList(value)
      case "--limit":
        request.limit = try LabDuration.positive(
          value, shown: "--limit \(value)", example: "--limit 3650d or --limit 52w")
      case "--format":
        guard let format = Format(rawValue: value) else {
          throw .notAFormat(value)
        }
        request.format = format
      case "--chart":
        guard value.hasSuffix(".svg") else {
          throw .notAChartFile(value)
        }
        request.chart = value
      case "--metric":
        guard Sample.metrics.contains(value) else {
          throw .notAMetric(value)
        }
        request.metric = value
      case "--record": request.record = value
      case "--jobs":
        guard let jobs = Int(value), jobs >= 1, jobs <= 1024 else {
          throw .notAJobCount(value)
        }
        request.jobs = jobs
      default:  // --shard
        request.shard = try parseShard(value)
      }
    }
    if let files = request.mergeFiles, files.isEmpty {
      throw .noMergeFiles
    }
    if !strategyGiven { request.strategies = [.payback] }
    return request
  }

  /// `A-B`, `A`, or a comma-separated list of those.
  static func parseSeeds(_ text: String) throws(LabError) -> [UInt64] {
    var seeds: [UInt64] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let ends = part.split(separator: "-", omittingEmptySubsequences: false)
      guard (1...2).contains(ends.count), let first = UInt64(ends[0]), let last = UInt64(ends[ends.count - 1])
      else { throw .notASeedList(text) }
      guard first <= last else {
        throw .seedsBackwards(String(part), first: first, last: last)
      }
      guard last - first < 10_000_000, seeds.count + Int(last - first) < 10_000_000 else {
        throw .tooManySeeds(text)
      }
      seeds += Array(first...last)
    }
    return seeds
  }

  /// `K/N` with 1 ≤ K ≤ N.
  static func parseShard(_ text: String) throws(LabError) -> Shard {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1 else {
      throw .notAShard(text)
    }
    guard (1...n).contains(k) else {
      throw .shardOutOfRange(text, index: k, count: n)
    }
    return Shard(index: k - 1, count: n)
  }
}
