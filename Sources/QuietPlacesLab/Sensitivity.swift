/// Which balance numbers move a milestone most: each value of each `--vary` key against the baseline
/// of its group (the variants that differ only in the varied key), as ``PairedComparison``s, the keys
/// ordered by the largest median change any of their values brings.
///
/// It reads the variants' names (`baseline`, `KEY=VALUE`, after the other dimensions' parts), so it
/// works as well on a merged sweep as on the sweep itself.
public struct Sensitivity: Sendable {
  /// One value of a key against its baseline.
  public struct Effect: Sendable, Equatable {
    /// The value as written.
    public var value: String
    /// The variant's name.
    public var variant: String
    /// Its difference with the baseline.
    public var comparison: PairedComparison
  }

  /// One key's effect on one milestone: the data of a bar of a tornado chart.
  public struct Entry: Sendable, Equatable {
    public var milestone: Milestone
    /// The other dimensions' parts of the variants' names (empty when nothing else varies).
    public var group: String
    /// The key, such as `equipment.sails.priceGrowth`.
    public var key: String
    /// Each value, in the order given.
    public var effects: [Effect]

    /// The largest median change (in magnitude) of its values, in seconds: what orders the keys.
    public var reach: Double {
      effects.compactMap { $0.comparison.median?.magnitude }.max() ?? 0
    }
  }

  /// Per milestone and group, the keys, the one that moves the milestone most first (ties by key).
  public let entries: [Entry]
  private let table: SweepTable

  /// The sensitivity of a sweep made with `--vary`; an error when it has no `baseline` variant.
  public init(_ table: SweepTable) throws(LabError) {
    self.table = table
    let names = table.variants
    var groups: [(group: String, baseline: Int, varied: [(key: String, value: String, index: Int)])] = []
    for (index, name) in names.enumerated() {
      let (group, last) = Self.split(name)
      guard last == SimulatePlan.baselineName else { continue }
      var varied: [(String, String, Int)] = []
      for (other, otherName) in names.enumerated() where other != index {
        let (otherGroup, part) = Self.split(otherName)
        guard otherGroup == group, let equals = part.firstIndex(of: "=") else { continue }
        varied.append((String(part[..<equals]), String(part[part.index(after: equals)...]), other))
      }
      groups.append((group, index, varied))
    }
    guard !groups.isEmpty else { throw .sensitivityWithoutVary }
    var entries: [Entry] = []
    for m in table.milestones.indices {
      for (group, baseline, varied) in groups {
        var keys: [String] = []
        for item in varied where !keys.contains(item.key) { keys.append(item.key) }
        let byKey = keys.map { key in
          Entry(
            milestone: table.milestones[m], group: group, key: key,
            effects: varied.filter { $0.key == key }.map { item in
              Effect(
                value: item.value, variant: names[item.index],
                comparison: table.comparison(variant: item.index, baseline: baseline, milestone: m))
            })
        }
        entries += byKey.sorted { ($1.reach, $0.key) < ($0.reach, $1.key) }
      }
    }
    self.entries = entries
  }

  /// A variant's name split before its last part: (`payback 15m/8h`, `baseline`).
  static func split(_ name: String) -> (String, String) {
    guard let space = name.lastIndex(of: " ") else { return ("", name) }
    return (String(name[..<space]), String(name[name.index(after: space)...]))
  }

  /// The table: per milestone the keys in order, each value's change against the baseline.
  public var lines: [String] {
    var rows: [[String]] = [["milestone", "rank", "key", "value", "change against the baseline"]]
    var previous: (Milestone, String)?
    var rank = 0
    for entry in entries {
      if previous.map({ $0.0 != entry.milestone || $0.1 != entry.group }) ?? true { rank = 0 }
      previous = (entry.milestone, entry.group)
      rank += 1
      let comparisons = entries.filter { $0.milestone == entry.milestone }.flatMap {
        $0.effects.map(\.comparison)
      }
      let unit = SweepTable.unit(of: comparisons)
      let decimals = SweepTable.decimals(comparisons.map { ($0, unit) })
      let label = entry.group.isEmpty ? entry.milestone.name : "\(entry.milestone.name) (\(entry.group))"
      for (k, effect) in entry.effects.enumerated() {
        rows.append([
          k == 0 && rank == 1 ? label : "", k == 0 ? "\(rank)" : "", k == 0 ? entry.key : "", effect.value,
          SweepTable.text(of: effect.comparison, unit: unit, decimals: decimals),
        ])
      }
    }
    var lines = SweepTable.aligned(rows)
    lines.append(
      "keys ordered by the largest median change any of their values brings; each change is paired over "
        + "the seeds with its 95% bootstrap interval, as --baseline")
    if entries.contains(where: { $0.effects.contains { SweepTable.hasFewPairs($0.comparison) } }) {
      lines.append(SweepTable.fewSeedsNote)
    }
    return lines
  }

  /// The groups of variants compared, each with its own baseline, in the sweep's order: one (named
  /// with the empty string when nothing else varies) unless other options than `--vary` give several
  /// values (`payback` and `idle` for `--strategy payback --strategy idle`).
  public var groups: [String] {
    var groups: [String] = []
    for entry in entries where !groups.contains(entry.group) { groups.append(entry.group) }
    return groups
  }
}
