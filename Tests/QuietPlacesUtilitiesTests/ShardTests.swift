import QuietPlacesUtilities
import Testing

/// A K-of-N split: every position in exactly one shard, named 1-based.
@Suite struct ShardTests {
  @Test(arguments: [1, 2, 3, 7])
  func everyPositionIsInExactlyOneShard(count: Int) {
    let shards = (0..<count).map { Shard(index: $0, count: count) }
    for position in 0..<50 {
      #expect(shards.filter { $0.contains(position) }.count == 1)
      #expect(shards[position % count].contains(position))
    }
  }

  @Test func isNamedOneBased() {
    #expect(Shard(index: 0, count: 4).description == "1/4")
    #expect(Shard(index: 3, count: 4).description == "4/4")
  }

  /// `K/N` reads back as the shard it writes; what names no shard is nil.
  @Test func aShardReadsBackFromItsText() {
    #expect(Shard("2/3") == Shard(index: 1, count: 3))
    #expect(Shard(Shard(index: 4, count: 5).description) == Shard(index: 4, count: 5))
    for text in ["0/3", "4/3", "1/0", "1", "1/2/3", "a/2", "", "/2", "-1/2"] {
      #expect(Shard(text) == nil, "\(text)")
    }
  }
}
