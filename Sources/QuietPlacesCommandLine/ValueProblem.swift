import QuietPlacesLab

/// What was wrong with an option's value; ``CommandLineError`` says it with the option and the value.
public enum ValueProblem: Error, Sendable, Equatable {
  /// Not a whole number in the range.
  case notWholeNumber(in: ClosedRange<Int>)
  /// Not `K/N` with whole numbers.
  case notAShard
  /// `K/0`.
  case noShards
  /// `0/N`.
  case shardFromZero(count: Int)
  /// `K/N` with K above N.
  case beyondShards(shard: Int, count: Int)
  /// Not seeds, ranges of seeds or a list of those.
  case notSeeds
  /// A range of seeds whose first is above its last.
  case seedsBackwards(part: String, first: UInt64, last: UInt64)
  /// A seed given more than once (`1,1`, `1-5,3`).
  case seedRepeated(UInt64)
  /// More seeds than a sweep takes.
  case tooManySeeds(limit: Int)
  /// Not one of these names.
  case notOneOf([String])
  /// A path that does not end as it must.
  case wrongSuffix(String)
  /// Refused by the lab's reader of that kind of value (a strategy, a milestone, a duration…).
  case lab(LabError)
}
