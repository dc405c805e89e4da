import Foundation
import QuietPlacesAppStore
import QuietPlacesREPL

extension Benchmark {
  /// The largest real Xcode file of the StoreKit corpus (17,370 bytes, version 3.0).
  static let largestStoreKitFile =
    "Tests/QuietPlacesAppStoreTests/Fixtures/StoreKit/v3.0-RevenueCat-PurchaseTesterSwiftUI.storekit"

  // MARK: - (i) storekit check

  /// `quietplaces storekit check` of the largest real file, as a whole process (median of 30), and
  /// the loader alone in this process.
  mutating func storeKitCheck() {
    print("")
    print("(i) storekit check of the largest real Xcode file in the corpus")
    let path = root.appendingPathComponent(Self.largestStoreKitFile).path
    var times: [Double] = []
    for _ in 0..<30 {
      let child = ChildProcess(
        executable: executable, arguments: ["storekit", "check", path], environment: [:], standardInput: nil)
      guard let outcome = spawn(child) else { return }
      times.append(outcome.seconds)
    }
    let url = URL(fileURLWithPath: path)
    var loaded = 0
    let load = time {
      for _ in 0..<100 {
        if let configuration = try? StoreKitConfiguration.load(from: url, path: path) {
          loaded += configuration.notes.count
        }
      }
    }
    checksum += Double(loaded)
    let median = Stopwatch.median(times)
    print(
      "  whole process, median of 30: \(Format.duration(median)); "
        + "the loader alone: \(Format.duration(load / 100)) per file")
    report.add(
      "(i) storekit check, largest corpus file (17 KB)", Format.duration(median), target: "< 20 ms",
      passed: median < 0.02)
  }
}
