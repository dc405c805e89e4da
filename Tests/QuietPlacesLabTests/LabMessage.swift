@testable import QuietPlacesLab

/// The sentence of the lab's error `body` throws, or `nil` when it throws none.
func labMessage(_ body: () throws -> Void) -> String? {
  do {
    try body()
    return nil
  } catch let error as LabError {
    return error.message
  } catch {
    return nil
  }
}
