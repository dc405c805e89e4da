import Foundation
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesCommandLine

/// What start-up says of a misconfigured StoreKit file (storekit-files.md §2: "start-up prints one
/// warning per mismatch that names the consequence") is said by every mode that plays it, as the
/// REPL words it: the lab and the explorer on standard error, once a process however many runs or
/// jobs, their standard output unchanged. Before, a sweep or an exploration played such a file
/// without a word.
@Suite struct StoreKitWarningsTests {
  /// The shipped catalogue with charts sold as a Consumable and marks100 as a NonConsumable, in the
  /// Japanese storefront, whose yen show no decimals of its prices (0.99, 4.99…).
  static func misconfigured(in folder: TemporaryFolder) throws {
    var json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.storeKitFile)) as? [String: Any])
    var products = try #require(json["products"] as? [[String: Any]])
    for index in products.indices {
      switch products[index]["productID"] as? String {
      case "com.gallaxgames.quietplaces.charts": products[index]["type"] = "Consumable"
      case "com.gallaxgames.quietplaces.marks100": products[index]["type"] = "NonConsumable"
      default: break
      }
    }
    json["products"] = products
    var settings = try #require(json["settings"] as? [String: Any])
    settings["_storefront"] = "JPN"
    json["settings"] = settings
    let data = try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys])
    try folder.write(String(decoding: data, as: UTF8.self), to: "mismatch.storekit")
  }

  /// The folder as the current directory (a directory's URL, which relative paths resolve against).
  static func directory(_ folder: TemporaryFolder) -> URL {
    URL(fileURLWithPath: folder.url.path, isDirectory: true)
  }

  /// The REPL's start-up warnings of the file, as it prints them.
  static func replWarnings(in folder: TemporaryFolder) async -> [String] {
    let repl = await ProgramRun.run(
      ["--storekit", "mismatch.storekit", "--save-dir", folder.url.appendingPathComponent("saves").path],
      in: Self.directory(folder))
    return repl.output.filter { $0.hasPrefix("warning: ") }
  }

  @Test(arguments: [
    [
      "simulate", "--seeds", "1-3", "--owned", "charts", "--until", "bearings:2", "--sessions", "1h/1h",
      "--jobs", "2",
    ],
    ["explore", "--runs", "4", "--steps", "5", "--jobs", "2", "--findings", "findings"],
  ])
  func theLabAndTheExplorerWarnAsTheREPLDoes(arguments: [String]) async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try Self.misconfigured(in: folder)
    let warnings = await Self.replWarnings(in: folder)
    // Two type mismatches and the prices the yen rounds, each naming the file as given.
    #expect(warnings.count == 3)
    #expect(
      warnings.contains { $0.hasPrefix("warning: mismatch.storekit: charts is Consumable in this file but ") }
    )
    #expect(warnings.contains { $0.contains("more decimals than JPY shows (0)") })
    let run = await ProgramRun.run(
      arguments + ["--storekit", "mismatch.storekit"], in: Self.directory(folder))
    // Played (the explorer may find what the misconfiguration breaks: exit 1), not refused.
    #expect(run.status != .usage)
    #expect(run.errors.filter { $0.hasPrefix("warning: ") } == warnings)
    // Beside the line that says which files were read, before anything is played.
    #expect(run.errors.first?.hasPrefix("configuration: ") == true)
    #expect(Array(run.errors.dropFirst().prefix(3)) == warnings)
    #expect(!run.output.contains { $0.contains("warning") })
  }

  /// `quietplaces test` plays every script on the file: its warnings go beside the report, once.
  @Test func theGoldenRunnerWarnsOnceBesideItsReport() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try Self.misconfigured(in: folder)
    try folder.write("> status\n", to: "scripts/a.qp")
    try folder.write("> status\n", to: "scripts/b.qp")
    let warnings = await Self.replWarnings(in: folder)
    let run = await ProgramRun.run(
      ["test", "scripts", "--jobs", "2", "--storekit", "mismatch.storekit"], in: Self.directory(folder))
    #expect(run.errors.filter { $0.hasPrefix("warning: ") } == warnings)
    #expect(!run.output.contains { $0.contains("warning") })
    // --list plays nothing, so it has nothing to warn of.
    let list = await ProgramRun.run(
      ["test", "scripts", "--list", "--storekit", "mismatch.storekit"], in: Self.directory(folder))
    #expect(list.errors.isEmpty)
  }
}
