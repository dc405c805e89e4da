/// Where the app keeps its save: a file on the device, or memory in tests.
public protocol SaveStorage: Sendable {
  /// The save, or `nil` when there is none.
  func read() throws(SaveError) -> AppSave?
  /// Replaces the save as one step: after a failure the previous save is intact.
  func write(_ save: AppSave) throws(SaveError)
  /// Deletes the save (the app was deleted); after a failure the save is still there.
  func delete() throws(SaveError)
}
