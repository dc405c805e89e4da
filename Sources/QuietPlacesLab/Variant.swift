import QuietPlacesGame
import QuietPlacesUtilities

/// One combination of the sweep's dimensions: a strategy with its options, and the rules it plays.
public struct Variant: Sendable {
  /// The name the outputs use: the values of the dimensions that vary (or the strategy's name).
  public var name: String
  /// The strategy with its options.
  public var strategy: Strategy
  /// The rules (the configuration's balance, a `--balance` file, with `--set` changes).
  public var rules: Rules
  /// Whether the rules are the configuration's own (a recording replays with those).
  public var defaultBalance: Bool
}

/// The runs of a sweep: seeds × variants, each run indexed `seed index × variants + variant index`.
public struct SimulatePlan: Sendable {
  /// The variants, in the order of the dimensions' values.
  public var variants: [Variant]
  /// The seeds, in the order given.
  public var seeds: [UInt64]
  /// Where each run stops.
  public var goal: PlayGoal

  /// Every run's index, seed and variant.
  public struct Run: Sendable, Equatable {
    public var index: Int
    public var seed: UInt64
    public var variant: Int
  }

  /// The runs of one shard (all runs without one): those whose index it contains.
  public func runs(shard: Shard?) -> [Run] {
    var runs: [Run] = []
    let count = variants.count
    for (s, seed) in seeds.enumerated() {
      for v in 0..<count {
        let index = s * count + v
        if let shard, !shard.contains(index) { continue }
        runs.append(Run(index: index, seed: seed, variant: v))
      }
    }
    return runs
  }

  /// The runs of the sweep, or of one shard of it, in order, each made as it is read: a streamed
  /// sweep of millions of runs holds none of them ahead.
  public func lazyRuns(shard: Shard?) -> LazyRuns {
    LazyRuns(seeds: seeds, variants: variants.count, first: shard?.index ?? 0, stride: shard?.count ?? 1)
  }

  /// The runs of ``SimulatePlan/lazyRuns(shard:)``: run `i` is seed `i / variants` with variant
  /// `i % variants`, for every `i` of the shard.
  public struct LazyRuns: Sequence, Sendable {
    let seeds: [UInt64]
    let variants: Int
    let first: Int
    let stride: Int

    /// How many runs there are.
    public var count: Int {
      let total = seeds.count * variants
      return total > first ? (total - first + stride - 1) / stride : 0
    }

    public func makeIterator() -> Iterator { Iterator(runs: self, position: first) }

    /// Reads the runs in order.
    public struct Iterator: IteratorProtocol {
      let runs: LazyRuns
      var position: Int

      public mutating func next() -> Run? {
        guard runs.variants > 0, position < runs.seeds.count * runs.variants else { return nil }
        let index = position
        position += runs.stride
        return Run(index: index, seed: runs.seeds[index / runs.variants], variant: index % runs.variants)
      }
    }
  }

  /// The name of the variant that `--vary` varies around.
  public static let baselineName = "baseline"

  /// How many runs the whole sweep has.
  public var total: Int { seeds.count * variants.count }

  /// The most runs one process keeps: a table, a chart, a report, an output file or a recording keeps
  /// every run's result (about 4 KB each, so 200,000 runs hold under 1 GB). A larger sweep is split
  /// with `--shard K/N` into processes of at most this many runs each, and `simulate merge` joins them;
  /// csv or jsonl printed alone keeps no run and has no limit.
  public static let maximumRuns = 200_000

  /// How many runs `shard` (the whole sweep without one) holds.
  public func count(shard: Shard?) -> Int {
    guard let shard else { return total }
    return total / shard.count + (shard.index < total % shard.count ? 1 : 0)
  }

  /// Refuses a shard (or a whole sweep) of more than ``maximumRuns`` runs, before any is played.
  public func checkSize(shard: Shard?) throws(LabError) {
    let runs = count(shard: shard)
    if runs > Self.maximumRuns {
      throw .tooManyRuns(
        runs: runs, limit: Self.maximumRuns,
        shards: (runs + Self.maximumRuns - 1) / Self.maximumRuns * (shard?.count ?? 1))
    }
  }

  /// The variants of a request: the cross product of its dimensions over the configuration's balance.
  ///
  /// Dimensions, in this order: strategy, `--bearings-at`, `--atlas`, `--supplies`, `--sessions`,
  /// `--owned`, `--balance`, each `--set` key (in the order first given), then the variations (the
  /// baseline, named `baseline`, and each `--vary` value on its own).
  public static func make(_ request: SimulateRequest, balance reference: Balance) throws(LabError)
    -> SimulatePlan
  {
    // Each dimension: its values as (name part, change to a template).
    typealias Value = (part: String, apply: (inout Template) -> Void)
    struct Template {
      var strategy = Strategy(kind: .payback)
      var balanceFile: String?
      var settings: [BalanceSetting] = []
    }
    var dimensions: [[Value]] = []
    dimensions.append(request.strategies.map { kind in (kind.rawValue, { $0.strategy.kind = kind }) })
    dimensions.append(
      request.bearingsAt.map { ratio in
        ("bearings-at=\(ratio.map(Strategy.ratioText) ?? "never")", { $0.strategy.bearingsAt = ratio })
      })
    dimensions.append(request.atlas.map { on in ("atlas=\(on ? "on" : "off")", { $0.strategy.atlas = on }) })
    dimensions.append(
      request.supplies.map { policy in ("supplies=\(policy.rawValue)", { $0.strategy.supplies = policy }) })
    dimensions.append(request.sessions.map { model in (model.name, { $0.strategy.sessions = model }) })
    dimensions.append(
      request.owned.map { list in ("owned=\(Strategy.ownedName(list))", { $0.strategy.owned = list }) })
    dimensions.append(
      request.balanceFiles.map { file in
        ("balance=\(file.split(separator: "/").last.map(String.init) ?? file)", { $0.balanceFile = file })
      })
    var keys: [String] = []
    for setting in request.settings where !keys.contains(setting.key) { keys.append(setting.key) }
    for key in keys {
      var values: [Value] = []
      for setting in request.settings where setting.key == key {
        values.append((setting.text, { $0.settings.append(setting) }))
      }
      dimensions.append(values)
    }
    if !request.variations.isEmpty {
      var values: [Value] = [(SimulatePlan.baselineName, { _ in })]
      for variation in request.variations {
        for setting in variation.settings { values.append((setting.text, { $0.settings.append(setting) })) }
      }
      dimensions.append(values)
    }
    dimensions = dimensions.filter { !$0.isEmpty }

    var combinations: [[Value]] = [[]]
    for dimension in dimensions {
      combinations = combinations.flatMap { prefix in dimension.map { prefix + [$0] } }
    }
    guard combinations.count <= 10_000 else {
      throw .tooManyVariants(combinations.count)
    }
    let varying = dimensions.map { $0.count > 1 }
    var files: [String: Balance] = [:]
    var rulesCache: [String: Rules] = [:]
    var variants: [Variant] = []
    for combination in combinations {
      var template = Template()
      for value in combination { value.apply(&template) }
      var parts = zip(combination, varying).filter(\.1).map(\.0.part)
      if parts.isEmpty { parts = [template.strategy.kind.rawValue] }
      var balance = reference
      if let file = template.balanceFile {
        if let loaded = files[file] {
          balance = loaded
        } else {
          balance = try BalanceVariant.load(file: file)
          files[file] = balance
        }
      }
      let cacheKey =
        (template.balanceFile ?? "") + "\u{0}" + template.settings.map(\.text).joined(separator: "\u{0}")
      let rules: Rules
      if let cached = rulesCache[cacheKey] {
        rules = cached
      } else {
        let varied = try BalanceVariant.apply(template.settings, to: balance)
        do {
          rules = try Rules(balance: varied)
        } catch {
          throw .balance(error)
        }
        rulesCache[cacheKey] = rules
      }
      for milestone in request.milestones {
        if case .route(let n) = milestone, n > rules.routeCount {
          throw .routeBeyondAtlas(n, routes: rules.routeCount)
        }
      }
      variants.append(
        Variant(
          name: parts.joined(separator: " "), strategy: template.strategy, rules: rules,
          defaultBalance: template.balanceFile == nil && template.settings.isEmpty))
    }
    return SimulatePlan(
      variants: variants, seeds: request.seeds,
      goal: PlayGoal(milestones: request.milestones, limit: request.limit))
  }
}
