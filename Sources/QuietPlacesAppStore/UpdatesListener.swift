import QuietPlacesStoreKit
import Synchronization

/// The app's one `updates` listener.
///
/// The stream's termination handler runs outside the store's actor, at the instant the app stops
/// listening (the task iterating the stream is cancelled, or the stream is dropped), so the listener
/// is detached at once, with no message to the actor in flight; a `Mutex` guards the state the
/// handler and the store share.
final class UpdatesListener: Sendable {
  private struct State {
    var continuation: AsyncStream<SignedTransaction>.Continuation?
    /// Which stream is current; a handler of an earlier one leaves the current one alone.
    var generation = 0
    /// Updates given to the current stream since it was attached.
    var yielded = 0
  }

  private let state = Mutex(State())

  /// A new stream, which replaces the current one; the replaced one ends.
  func attach() -> AsyncStream<SignedTransaction> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: SignedTransaction.self, bufferingPolicy: .unbounded)
    let (replaced, generation) = state.withLock { state in
      let replaced = state.continuation
      state.generation += 1
      state.continuation = continuation
      state.yielded = 0
      return (replaced, state.generation)
    }
    continuation.onTermination = { [weak self] _ in self?.detach(generation) }
    // Outside the lock: ending the replaced stream runs its handler, which takes the lock.
    replaced?.finish()
    return stream
  }

  /// Whether a stream is attached.
  var isAttached: Bool { state.withLock { $0.continuation != nil } }

  /// How many updates the current stream has been given since it was attached.
  var yielded: Int { state.withLock { $0.yielded } }

  /// Gives an update to the current stream, if there is one.
  func yield(_ signed: SignedTransaction) {
    guard let continuation = state.withLock({ $0.continuation }) else { return }
    if case .terminated = continuation.yield(signed) { return }
    state.withLock { $0.yielded += 1 }
  }

  private func detach(_ generation: Int) {
    state.withLock { state in
      if state.generation == generation { state.continuation = nil }
    }
  }
}
