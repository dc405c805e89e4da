import QuietPlacesUtilities

/// `--jobs N` and `--shard K/N`, shared by the modes that run many independent things (scripts,
/// runs): how many at once, and which part of them this process runs.
struct ParallelOptions: OptionGroup, Equatable {
  /// How many at once; `nil` is one per processor.
  var jobs: Int?
  /// The part this process runs; `nil` is all.
  var shard: Shard?

  static var options: [OptionDeclaration<ParallelOptions>] {
    [
      .option(
        "--jobs", aliases: ["-j"], \.jobs, .jobs, default: "one per processor", help: "how many run at once"),
      .option(
        "--shard", \.shard, .shard,
        help: "run only shard K of N: those whose index (in sorted order) is K-1 modulo N"),
    ]
  }
}
