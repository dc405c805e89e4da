import Synchronization

/// Values kept by key, shared across tasks, at most ``limit`` of them: when the limit is reached
/// all are forgotten and the cache fills again. For values that are pure functions of their key
/// (a token's verified transaction, a payload's signed token), so that forgetting costs only the
/// work of making them again.
public final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  /// The most values kept.
  public let limit: Int

  private let values = Mutex<[Key: Value]>([:])

  /// An empty cache that keeps at most `limit` values.
  public init(limit: Int) {
    self.limit = limit
  }

  /// The value kept for `key`, if any; setting `nil` forgets it.
  public subscript(key: Key) -> Value? {
    get { values.withLock { $0[key] } }
    set {
      values.withLock { values in
        if newValue != nil, values.count >= limit, values[key] == nil { values.removeAll() }
        values[key] = newValue
      }
    }
  }
}
