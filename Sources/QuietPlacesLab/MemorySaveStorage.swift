import QuietPlacesStore
import Synchronization

/// A save kept in memory: the lab's device has no disk to wait for, and each run has its own.
final class MemorySaveStorage: SaveStorage {
  private let stored = Mutex<AppSave?>(nil)

  func read() throws(SaveError) -> AppSave? { stored.withLock { $0 } }

  func write(_ save: AppSave) throws(SaveError) { stored.withLock { $0 = save } }

  func delete() { stored.withLock { $0 = nil } }
}
