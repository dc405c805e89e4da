import Foundation
import QuietPlacesREPL

/// `quietplaces-benchmark`: prints every figure of the performance targets for one run on this machine.
/// Exits 0 when every target holds, 1 when one is missed, 2 when the package could not be found.
do {
  var benchmark = try Benchmark()
  exit(await benchmark.run() ? 0 : 1)
} catch {
  FileHandle.standardError.write(Data((OutputLine.errorText("\(error)") + "\n").utf8))
  exit(2)
}
