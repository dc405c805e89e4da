import Synchronization

/// A save kept in memory: a device with no disk to wait for (the lab's, tests'), each its own.
public final class MemorySaveStorage: SaveStorage {
  private let stored: Mutex<AppSave?>

  /// Holds `save`, or nothing.
  public init(_ save: AppSave? = nil) {
    stored = Mutex(save)
  }

  public func read() throws(SaveError) -> AppSave? { stored.withLock { $0 } }

  public func write(_ save: AppSave) throws(SaveError) { stored.withLock { $0 = save } }

  public func delete() { stored.withLock { $0 = nil } }
}
