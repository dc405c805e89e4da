/// Runs jobs concurrently, never more than a given number at once, and hands back their results in
/// the jobs' order: what the lab's sweeps and the golden runner's scripts both need.
public enum BoundedParallel {
  /// Runs `job` on each of `inputs`, at most `width` at once (at least one), and returns the outputs
  /// in the order of `inputs`.
  ///
  /// `inOrder` hears each output with its index in the order of `inputs`, as soon as it and every
  /// output before it are done, so a caller can print results while later jobs still run. The
  /// first job to fail stops the rest: jobs not yet started never start, running ones are
  /// cancelled, and its error is thrown once they have ended.
  public static func map<Input: Sendable, Output: Sendable, Failure: Error>(
    _ inputs: [Input], atMost width: Int, inOrder: (Int, Output) -> Void = { _, _ in },
    _ job: @escaping @Sendable (Input) async throws(Failure) -> Output
  ) async throws(Failure) -> [Output] {
    var outputs: [Output] = []
    outputs.reserveCapacity(inputs.count)
    try await forEach(inputs, atMost: width, job) { index, output in
      inOrder(index, output)
      outputs.append(output)
    }
    return outputs
  }

  /// Runs `job` on each of `inputs`, at most `width` at once (at least one), and hands each output
  /// to `inOrder` with its index, in the order of `inputs`, as soon as it and every output before
  /// it are done; nothing else is kept. Inputs are taken from the sequence only as jobs start,
  /// and only outputs done ahead of an earlier one wait (at most `width` − 1 of them), so what a
  /// long sequence holds at once does not grow with its length. The first job to fail stops the
  /// rest, as in ``map(_:atMost:inOrder:_:)``.
  public static func forEach<Inputs: Sequence, Output: Sendable, Failure: Error>(
    _ inputs: Inputs, atMost width: Int,
    _ job: @escaping @Sendable (Inputs.Element) async throws(Failure) -> Output,
    inOrder: (Int, Output) -> Void
  ) async throws(Failure) where Inputs.Element: Sendable {
    typealias Finished = (index: Int, result: Result<Output, Failure>)
    let outcome = await withTaskGroup(of: Finished.self, returning: Result<Void, Failure>.self) { group in
      var iterator = inputs.makeIterator()
      var next = 0
      func startNext() {
        guard let input = iterator.next() else { return }
        let index = next
        group.addTask {
          do throws(Failure) {
            return (index, .success(try await job(input)))
          } catch {
            return (index, .failure(error))
          }
        }
        next += 1
      }
      for _ in 0..<max(1, width) { startNext() }
      var waiting: [Int: Output] = [:]
      var delivered = 0
      while let finished = await group.next() {
        switch finished.result {
        case .success(let output): waiting[finished.index] = output
        case .failure(let error):
          group.cancelAll()
          return .failure(error)
        }
        startNext()
        while let output = waiting.removeValue(forKey: delivered) {
          inOrder(delivered, output)
          delivered += 1
        }
      }
      return .success(())
    }
    try outcome.get()
  }
}
