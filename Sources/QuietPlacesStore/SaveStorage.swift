/// Where the app keeps its save: a file on the device, or memory in tests.
public protocol SaveStorage: Sendable {
  /// The save, or `nil` when there is none.
  func read() throws(SaveError) -> AppSave?
  /// Replaces the save as one step: after a failure the previous save is intact.
  func write(_ save: AppSave) throws(SaveError)
  /// Replaces the save as ``write(_:)`` does, without waiting for the disk to hold it: a process
  /// killed at any instant still leaves the old save or the new one whole, but a machine that loses
  /// its power may keep the old. For actions played in bulk (`autoplay`), whose last save
  /// ``flush()`` then makes durable.
  func writeUnflushed(_ save: AppSave) throws(SaveError)
  /// Waits for the disk to hold the last save written.
  func flush() throws(SaveError)
  /// Deletes the save (the app was deleted); after a failure the save is still there.
  func delete() throws(SaveError)
}

extension SaveStorage {
  /// Storage with no disk to wait for writes as ``write(_:)`` does.
  public func writeUnflushed(_ save: AppSave) throws(SaveError) { try write(save) }
  /// Storage with no disk to wait for has nothing to flush.
  public func flush() throws(SaveError) {}
}
