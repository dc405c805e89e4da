import FoundationEssentials
import QuietPlacesUtilities

#if canImport(Glibc)
  import Glibc
#endif

/// Runs done, elapsed and an estimate of the rest, on one line of standard error, while a sweep runs
/// (on a terminal only).
final class SweepProgress: Sendable {
  let total: Int
  let enabled: Bool
  let start = ContinuousClock.now

  /// Progress of `total` runs; shown only when `enabled`.
  init(total: Int, enabled: Bool = isatty(2) == 1) {
    self.total = total
    self.enabled = enabled
  }

  /// Shows that `done` of `total` runs are done.
  func update(_ done: Int, _ total: Int) {
    guard enabled else { return }
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    let rest = done > 0 ? seconds / Double(done) * Double(total - done) : 0
    let left = Int(rest.rounded(.up))
    TerminalStatus.show("\(done)/\(total) runs, \(Int(seconds))s elapsed, about \(left)s left")
  }

  /// Clears the line.
  func clear() {
    guard enabled else { return }
    TerminalStatus.show(nil)
  }
}
