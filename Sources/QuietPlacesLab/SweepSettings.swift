/// Every setting of a sweep that shapes its runs, as the options that would give it: the seeds, each
/// dimension's values (defaults written out), the balance files as named and the changes to the
/// balance, the milestones, the limit and the StoreKit file as named (none: the configuration's).
/// What the files held is the runs' `played_on`.
///
/// Each run's `series` record carries them, so `simulate merge` refuses shards of other sweeps, and
/// a merged report shows what the sweep was.
public struct SweepSettings: Sendable, Equatable {
  /// One option and its values, in the order given (empty: not given, as `--set` with no change).
  public struct Entry: Sendable, Equatable {
    public var option: String
    public var values: [String]

    public init(option: String, values: [String]) {
      self.option = option
      self.values = values
    }

    /// The entry as typed, each value one shell word: `--owned none --owned charts,hold`,
    /// `--set 'routes[1].name=Kelp Shallows'`, or `no --set` when it has no value.
    public var shown: String {
      values.isEmpty ? "no \(option)" : values.map { "\(option) \($0.shellQuoted)" }.joined(separator: " ")
    }
  }

  /// The entries, in ``options`` order.
  public var entries: [Entry]

  /// The options a sweep records, in the order they are written and compared.
  public static let options = [
    "--seeds", "--strategy", "--bearings-at", "--atlas", "--supplies", "--sessions", "--owned", "--balance",
    "--set",
    "--vary", "--until", "--limit", "--storekit",
  ]

  public init(entries: [Entry]) {
    self.entries = entries
  }

  /// The settings of `request`, each dimension with its values or the strategy's default, played
  /// with the StoreKit file `storeKitFile` as named (`nil`: the configuration's).
  public init(_ request: SimulateRequest, storeKitFile: String? = nil) {
    let strategy = Strategy(kind: .payback)
    func values<T>(_ given: [T], _ fallback: T, _ text: (T) -> String) -> [String] {
      (given.isEmpty ? [fallback] : given).map(text)
    }
    entries = [
      Entry(option: "--seeds", values: [Self.seedsText(request.seeds)]),
      Entry(option: "--strategy", values: values(request.strategies, strategy.kind, \.rawValue)),
      Entry(
        option: "--bearings-at",
        values: values(request.bearingsAt, strategy.bearingsAt) { $0.map(Strategy.ratioText) ?? "never" }),
      Entry(option: "--atlas", values: values(request.atlas, strategy.atlas) { $0 ? "on" : "off" }),
      Entry(option: "--supplies", values: values(request.supplies, strategy.supplies, \.rawValue)),
      Entry(option: "--sessions", values: values(request.sessions, strategy.sessions, \.name)),
      Entry(option: "--owned", values: values(request.owned, strategy.owned, Strategy.ownedList)),
      Entry(option: "--balance", values: request.balanceFiles),
      Entry(option: "--set", values: request.settings.map(\.text)),
      Entry(
        option: "--vary",
        values: request.variations.map { "\($0.key)=\($0.values.joined(separator: ","))" }),
      Entry(option: "--until", values: [request.milestones.map(\.name).joined(separator: ",")]),
      Entry(option: "--limit", values: [LabDuration.typed(request.limit)]),
      Entry(option: "--storekit", values: storeKitFile.map { [$0] } ?? []),
    ]
  }

  /// The settings as options: `--seeds 1-40 --strategy payback … --limit 3650d`.
  public var command: String {
    entries.filter { !$0.values.isEmpty }.map(\.shown).joined(separator: " ")
  }

  /// The command that plays the whole sweep again, as a shell reads it: `quietplaces simulate --seeds
  /// 1-40 …`.
  public var commandLine: String { "quietplaces simulate " + command }

  /// The settings as a JSON object of lists, keys in ``options`` order.
  public var json: String {
    "{"
      + entries.map { entry in
        "\(entry.option.jsonQuoted):[\(entry.values.map(\.jsonQuoted).joined(separator: ","))]"
      }.joined(separator: ",") + "}"
  }

  /// The settings a record's `sweep` object holds: the known options in their order, then any other.
  public init(record: [String: [String]]) {
    let known = Self.options.filter { record[$0] != nil }
    let others = record.keys.filter { !Self.options.contains($0) }.sorted()
    entries = (known + others).map { Entry(option: $0, values: record[$0] ?? []) }
  }

  /// Whether two records' settings are those of one sweep: both unrecorded, or no option differs
  /// (an option one of them lacks has no values there).
  public static func same(_ one: SweepSettings?, _ other: SweepSettings?) -> Bool {
    switch (one, other) {
    case (nil, nil): true
    case (let one?, let other?): one.firstDifference(from: other) == nil
    default: false
    }
  }

  /// The first option whose values differ between `self` and `other`, with both entries (an option
  /// one of them lacks has no values there).
  public func firstDifference(from other: SweepSettings) -> (mine: Entry, theirs: Entry)? {
    var order = entries.map(\.option)
    for entry in other.entries where !order.contains(entry.option) { order.append(entry.option) }
    for option in order {
      let mine = entries.first { $0.option == option } ?? Entry(option: option, values: [])
      let theirs = other.entries.first { $0.option == option } ?? Entry(option: option, values: [])
      if mine != theirs { return (mine, theirs) }
    }
    return nil
  }

  /// The most characters of seeds written out; a longer list is written by its count, ends and
  /// a checksum.
  static let longestSeedsText = 200

  /// The seeds as ranges and single seeds in the order given (`1-20,25,30-40`), or, for a list
  /// longer than ``longestSeedsText``, `N seeds from A to B, fnv1a 0123456789abcdef`.
  static func seedsText(_ seeds: [UInt64]) -> String {
    var parts: [String] = []
    var length = -1
    var index = 0
    while index < seeds.count {
      var end = index
      while end + 1 < seeds.count && seeds[end] < UInt64.max && seeds[end + 1] == seeds[end] + 1 { end += 1 }
      let part = end == index ? "\(seeds[index])" : "\(seeds[index])-\(seeds[end])"
      parts.append(part)
      length += part.count + 1
      if length > longestSeedsText { break }
      index = end + 1
    }
    if length <= longestSeedsText { return parts.joined(separator: ",") }
    // FNV-1a over the seeds' little-endian bytes: the same list gives the same text on every machine.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for seed in seeds {
      for shift in stride(from: 0, to: 64, by: 8) {
        hash ^= (seed >> UInt64(shift)) & 0xff
        hash = hash &* 0x100_0000_01b3
      }
    }
    let hex = String(hash, radix: 16)
    return "\(seeds.count) seeds from \(seeds.first ?? 0) to \(seeds.last ?? 0), fnv1a "
      + String(repeating: "0", count: 16 - hex.count) + hex
  }
}
