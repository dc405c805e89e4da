import Foundation
import QuietPlacesREPL
import Synchronization

/// `quietplaces-benchmark`: prints every figure of the performance targets for one run on this machine.
/// Exits 0 when every target holds, 1 when one is missed, 2 when the package could not be found.
///
/// The figures run on a detached task while the main thread waits on a semaphore: an asynchronous
/// main would park the main thread in `sigsuspend`, which valgrind 3.19 cannot follow, and the
/// instruction counts (`explore-runs`, `lab-runs`) are taken under valgrind.
let status = Mutex<Int32>(2)
let finished = DispatchSemaphore(value: 0)
Task.detached {
  do {
    var benchmark = try Benchmark()
    let passed = await benchmark.run()
    status.withLock { $0 = passed ? 0 : 1 }
  } catch {
    FileHandle.standardError.write(Data((OutputLine.errorText("\(error)") + "\n").utf8))
  }
  finished.signal()
}
finished.wait()
exit(status.withLock { $0 })
