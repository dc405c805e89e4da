import Synchronization

/// A save kept in memory: the lab's devices have no disk to wait for and each has its own, and
/// tests read what was saved at any instant and can make a write fail.
public final class MemorySaveStorage: SaveStorage {
  private struct State {
    var save: AppSave?
    var failingWrites = 0
  }

  /// The file name errors give for this storage.
  public static let fileName = "memory"

  // The save and the armed failures, behind one lock: reads and writes may come from any task.
  private let state: Mutex<State>

  /// A storage holding `save` (none by default).
  public init(_ save: AppSave? = nil) {
    state = Mutex(State(save: save))
  }

  /// What a read would return now.
  public var saved: AppSave? { state.withLock { $0.save } }

  /// Makes the next write fail, as a full disk would, leaving the save as it was.
  public func failNextWrite() { state.withLock { $0.failingWrites += 1 } }

  /// The save, or `nil` when there is none.
  public func read() throws(SaveError) -> AppSave? { saved }

  /// Replaces the save, unless a failure was armed: then the save stays as it was.
  public func write(_ save: AppSave) throws(SaveError) {
    let failed = state.withLock { state in
      guard state.failingWrites == 0 else {
        state.failingWrites -= 1
        return true
      }
      state.save = save
      return false
    }
    if failed { throw .writeFailed(file: Self.fileName, reason: "a write was made to fail") }
  }

  /// Forgets the save.
  public func delete() throws(SaveError) { state.withLock { $0.save = nil } }
}
