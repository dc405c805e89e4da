/// One part of a list split `count` ways: the items whose position ≡ `index` (mod `count`).
///
/// `--shard K/N` names it 1-based (`1/4` is the first of four); Bazel's `TEST_SHARD_INDEX` 0-based.
/// The golden runner splits its sorted scripts this way and the lab its runs, so that N processes
/// together cover everything once.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
  /// 0-based: `--shard 1/4` is index 0.
  public var index: Int
  /// How many shards there are, 1 or more.
  public var count: Int

  /// Makes a shard; `index` is 0-based and below `count`.
  public init(index: Int, count: Int) {
    precondition(count >= 1 && (0..<count).contains(index), "a shard's index is from 0 to count - 1")
    self.index = index
    self.count = count
  }

  /// `K/N`, 1-based as `--shard` takes it.
  public var description: String { "\(index + 1)/\(count)" }

  /// The shard `K/N` names (as ``description`` writes it), or `nil` when it names none.
  public init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else {
      return nil
    }
    self.init(index: k - 1, count: n)
  }

  /// Whether the item at 0-based `position` belongs to this shard.
  public func contains(_ position: Int) -> Bool { position % count == index }
}
