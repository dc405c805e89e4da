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
    typealias Finished = (index: Int, result: Result<Output, Failure>)
    let outcome = await withTaskGroup(of: Finished.self, returning: Result<[Output], Failure>.self) { group in
      var next = 0
      func startNext() {
        guard next < inputs.count else { return }
        let index = next
        let input = inputs[index]
        group.addTask {
          do throws(Failure) {
            return (index, .success(try await job(input)))
          } catch {
            return (index, .failure(error))
          }
        }
        next += 1
      }
      for _ in 0..<min(max(1, width), inputs.count) { startNext() }
      var outputs = [Output?](repeating: nil, count: inputs.count)
      var delivered = 0
      while let finished = await group.next() {
        switch finished.result {
        case .success(let output): outputs[finished.index] = output
        case .failure(let error):
          group.cancelAll()
          return .failure(error)
        }
        startNext()
        while delivered < inputs.count, let output = outputs[delivered] {
          inOrder(delivered, output)
          delivered += 1
        }
      }
      return .success(outputs.map { $0! })
    }
    return try outcome.get()
  }
}
