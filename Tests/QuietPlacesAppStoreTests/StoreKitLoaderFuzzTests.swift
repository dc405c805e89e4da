import Foundation
import QuietPlacesAppStore
import QuietPlacesTestSupport
import Testing

/// A fuzzer for the `.storekit` files the simulated App Store reads from outside.
@Suite struct StoreKitLoaderFuzzTests {
  @Test func storeKitLoaderRefusesDamagedFilesWithAReason() throws {
    let valid = Array(try Data(contentsOf: Fixtures.storeKitFile))
    var g = SeededGenerator(seed: 0xF022_0102)
    let inputs = 100_000
    var accepted = 0
    var failures = 0
    for _ in 0..<inputs {
      do {
        _ = try StoreKitConfiguration.parse(Data(JSONMutator.mutate(valid, &g)), path: "fuzz.storekit")
        accepted += 1
      } catch {
        // A refused file: at least one problem, each one line, at most 20 listed.
        let problems = error.problems
        if problems.isEmpty || problems.count > StoreKitConfiguration.maximumProblems
          || problems.contains(where: { $0.description.contains("\n") || $0.line < 1 || $0.column < 1 })
        {
          failures += 1
        }
      }
    }
    print("fuzz .storekit loader: \(inputs) inputs, \(accepted) accepted, failures = \(failures)")
    #expect(failures == 0)
  }
}
