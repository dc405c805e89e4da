import FoundationEssentials
import QuietPlacesGame
import QuietPlacesStore
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
  /// What the request asks for that the sweep plays otherwise than it reads, said before any run
  /// (a `--vary` value that is the balance's own plays as its baseline).
  public var notes: [String] = []

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
  /// baseline, named `baseline`, and each `--vary` value on its own). A value given twice to one
  /// option, two files of one balance, or a key with several `--set` values varied too, are refused:
  /// each seed would be played twice, and the table would show one player as two columns. Variants
  /// whose different values meet (a `--vary` value that is the balance's own, a range around the
  /// balance holds it) are kept as cells of the design, and said in ``notes``. Balance files named by
  /// a relative path are read in `directory` (the current folder without one).
  public static func make(
    _ request: SimulateRequest, balance reference: Balance, directory: URL? = nil
  ) throws(LabError) -> SimulatePlan {
    if let seconds = PlayGoal(milestones: request.milestones, limit: request.limit).timeBeyondLimit {
      throw .timeBeyondLimit(
        Milestone.time(seconds).name, seconds: seconds, limit: request.limit)
    }
    try checkRepeats(request, directory: directory)
    // Each dimension: its values as (name part, change to a template).
    typealias Value = (part: String, apply: (inout Template) -> Void)
    struct Template {
      var strategy = Strategy(kind: .payback)
      var balanceFile: String?
      var settings: [BalanceSetting] = []
      /// The `--vary` value this variant plays, if it is not a baseline.
      var varied: BalanceSetting?
    }
    var files: [String: Balance] = [:]
    for file in request.balanceFiles where files[file] == nil {
      files[file] = try BalanceVariant.load(file: file, in: directory)
    }
    try checkSameBalances(request.balanceFiles, files)
    let labels = balanceLabels(request.balanceFiles)
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
      zip(request.balanceFiles, labels).map { file, label in ("balance=\(label)", { $0.balanceFile = file }) }
    )
    var keys: [String] = []
    for setting in request.settings where !keys.contains(setting.key) { keys.append(setting.key) }
    for key in keys {
      var values: [Value] = []
      for setting in request.settings where setting.key == key {
        values.append((setting.text, { $0.settings.append(setting) }))
      }
      dimensions.append(values)
    }
    var variationCount = 1
    if !request.variations.isEmpty {
      var values: [Value] = [(SimulatePlan.baselineName, { _ in })]
      for variation in request.variations {
        for setting in variation.settings {
          values.append(
            (
              setting.text,
              {
                $0.settings.append(setting)
                $0.varied = setting
              }
            ))
        }
      }
      variationCount = values.count
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
    var rulesCache: [String: (rules: Rules, balance: Int)] = [:]
    // Each different balance played, by number (found by its encoding, keys sorted: up to 10,000
    // variants' balances are not compared pair by pair): two variants with the same strategy and
    // balance number play the same runs.
    var balances: [Data: Int] = [:]
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    var played: [Strategy: [Int: Int]] = [:]
    var variants: [Variant] = []
    var notes: [String] = []
    for (index, combination) in combinations.enumerated() {
      var template = Template()
      for value in combination { value.apply(&template) }
      var parts = zip(combination, varying).filter(\.1).map(\.0.part)
      if parts.isEmpty { parts = [template.strategy.kind.rawValue] }
      let balance = template.balanceFile.flatMap { files[$0] } ?? reference
      let cacheKey =
        (template.balanceFile ?? "") + "\u{0}" + template.settings.map(\.text).joined(separator: "\u{0}")
      let rules: Rules
      let number: Int
      if let cached = rulesCache[cacheKey] {
        (rules, number) = cached
      } else {
        let varied = try BalanceVariant.apply(template.settings, to: balance)
        do {
          rules = try Rules(balance: varied)
        } catch {
          throw .balance(error)
        }
        let encoded = (try? encoder.encode(rules.balance)) ?? Data(cacheKey.utf8)
        number = balances[encoded] ?? balances.count
        balances[encoded] = number
        rulesCache[cacheKey] = (rules, number)
      }
      for milestone in request.milestones {
        if case .route(let n) = milestone, n > rules.routeCount {
          throw .routeBeyondAtlas(n, routes: rules.routeCount)
        }
      }
      let name = parts.joined(separator: " ")
      if let earlier = played[template.strategy]?[number] {
        // Values that meet in the cross product (a --vary value that is the balance's own, a file that
        // holds another's value): both cells of the design are kept, and said to be one.
        if let varied = template.varied, earlier == index - index % variationCount {
          notes.append(
            "\(varied.shown) is the balance's own value: variant '\(name)' plays as '\(variants[earlier].name)' does"
          )
        } else {
          notes.append(
            "variant '\(name)' plays as '\(variants[earlier].name)' does: the same strategy on the same balance"
          )
        }
      } else {
        played[template.strategy, default: [:]][number] = index
      }
      variants.append(
        Variant(
          name: name, strategy: template.strategy, rules: rules,
          defaultBalance: template.balanceFile == nil && template.settings.isEmpty))
    }
    var plan = SimulatePlan(
      variants: variants, seeds: request.seeds,
      goal: PlayGoal(milestones: request.milestones, limit: request.limit))
    plan.notes = notes
    return plan
  }

  /// Refuses a value given twice to one repeated option (the same value, however written: `--sessions
  /// 15m/8h` and `900s/8h`, `--supplies on` and `eager`, `--set K=1.5` and `K=1.50`, `--owned
  /// charts,hold` and `hold,charts`), naming the option and the value.
  static func checkRepeats(_ request: SimulateRequest, directory: URL?) throws(LabError) {
    // Each value as it was typed when the command line kept it, else in its own words.
    func written<T>(_ option: String, _ values: [T], _ text: (T) -> String) -> [String] {
      let typed = request.written[option] ?? []
      return typed.count == values.count ? typed : values.map(text)
    }
    func check<T: Hashable>(_ option: String, _ values: [T], _ text: (T) -> String) throws(LabError) {
      let texts = written(option, values, text)
      var seen: [T: Int] = [:]
      for (index, value) in values.enumerated() {
        if let earlier = seen[value] {
          throw .repeatedValue(option: option, value: texts[index], earlier: texts[earlier])
        }
        seen[value] = index
      }
    }
    try check("--strategy", request.strategies, \.rawValue)
    try check("--bearings-at", request.bearingsAt.map { $0.map(Strategy.ratioText) ?? "never" }, { $0 })
    try check("--atlas", request.atlas) { $0 ? "on" : "off" }
    try check("--supplies", request.supplies, \.rawValue)
    try check("--sessions", request.sessions, \.name)
    // The products bought at the start, in any order: the same products owned.
    let ownedTexts = written("--owned", request.owned, ownedText)
    var owned: [[String]: Int] = [:]
    for (index, list) in request.owned.enumerated() {
      let products = list.map(\.rawValue).sorted()
      if let earlier = owned[products] {
        throw .repeatedValue(option: "--owned", value: ownedTexts[index], earlier: ownedTexts[earlier])
      }
      owned[products] = index
    }
    var files: [String: String] = [:]
    for file in request.balanceFiles {
      let path = BalanceVariant.path(file, in: directory).standardizedFileURL.resolvingSymlinksInPath().path
      if let earlier = files[path] {
        throw .repeatedValue(option: "--balance", value: file, earlier: earlier)
      }
      files[path] = file
    }
    // A key's values, and each --vary value, compared as the numbers they are.
    var settings: [String: BalanceSetting] = [:]
    for setting in request.settings {
      let key = setting.key + "=" + numberText(setting.value)
      if let earlier = settings[key] {
        throw .repeatedValue(option: "--set", value: setting.text, earlier: earlier.text)
      }
      settings[key] = setting
    }
    // Each --vary value replaces the key's --set value: with two of those, the variants of a value repeat.
    for variation in request.variations where request.settings.filter({ $0.key == variation.key }).count > 1 {
      throw .setAndVaried(variation.key)
    }
    var varied: [String: BalanceSetting] = [:]
    for setting in request.variations.flatMap(\.settings) {
      let key = setting.key + "=" + numberText(setting.value)
      if let earlier = varied[key] {
        throw .repeatedValue(option: "--vary", value: setting.text, earlier: earlier.text)
      }
      varied[key] = setting
    }
  }

  /// Products as `--owned` takes them: `none`, `charts,hold`.
  static func ownedText(_ list: [ProductID]) -> String {
    list.isEmpty ? "none" : list.map(\.rawValue).joined(separator: ",")
  }

  /// A setting's value as the number it is (`1.50` is `1.5`), or as written when it is none.
  static func numberText(_ value: String) -> String {
    guard let number = Double(value), number.isFinite else { return value }
    return "\(number)"
  }

  /// Refuses two balance files that hold the same balance: their variants would play the same runs.
  static func checkSameBalances(_ files: [String], _ loaded: [String: Balance]) throws(LabError) {
    for (index, file) in files.enumerated() {
      if let earlier = files[..<index].first(where: { loaded[$0] == loaded[file] }) {
        throw .sameBalanceFiles(earlier, file)
      }
    }
  }

  /// How the variants name each balance file: its name, or, where two files share a name, the
  /// shortest end of each path that tells it from the others (`a/balance.json`, `b/balance.json`).
  public static func balanceLabels(_ files: [String]) -> [String] {
    let parts = files.map { file in file.split(separator: "/").map(String.init) }
    func end(_ index: Int, _ count: Int) -> String {
      let path = parts[index]
      return count >= path.count ? files[index] : path.suffix(count).joined(separator: "/")
    }
    return files.indices.map { index in
      var count = 1
      while count < parts[index].count,
        files.indices.contains(where: {
          $0 != index && files[$0] != files[index] && end($0, count) == end(index, count)
        })
      {
        count += 1
      }
      return end(index, count)
    }
  }
}
