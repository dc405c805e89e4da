import Synchronization

/// A flag raised from any thread.
final class Flag: Sendable {
  private let state = Mutex(false)

  func raise() { state.withLock { $0 = true } }

  var isRaised: Bool { state.withLock { $0 } }
}
