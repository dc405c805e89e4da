import QuietPlacesStore

/// The device's save storage with the tester's failing disk in front of it: a write fails while
/// `fault save-fails` says so, and the save underneath is left as it was.
struct FaultySaveStorage: SaveStorage {
  /// The storage underneath.
  let base: any SaveStorage
  /// Where the tester armed the failing disk.
  let faults: AppFaults

  func read() throws(SaveError) -> AppSave? {
    try base.read()
  }

  func write(_ save: AppSave) throws(SaveError) {
    try refuseIfFaulty()
    try base.write(save)
  }

  func writeUnflushed(_ save: AppSave) throws(SaveError) {
    try refuseIfFaulty()
    try base.writeUnflushed(save)
  }

  func flush() throws(SaveError) {
    try base.flush()
  }

  private func refuseIfFaulty() throws(SaveError) {
    if faults.takeSaveFailure() {
      throw .writeFailed(file: FileSaveStorage.fileName, reason: "the disk refused the write (fault)")
    }
  }

  func delete() throws(SaveError) {
    try base.delete()
  }
}
