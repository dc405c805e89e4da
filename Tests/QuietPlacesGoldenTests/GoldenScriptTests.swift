import Foundation
import QuietPlacesGolden
import QuietPlacesREPL
import QuietPlacesStore
import QuietPlacesTestSupport
import Testing

/// Every `.qp` script under `Scripts/`, as paths relative to the package root.
private func allScripts() -> [String] {
  let scripts = Fixtures.packageRoot.appendingPathComponent("Scripts")
  guard let walker = FileManager.default.enumerator(at: scripts, includingPropertiesForKeys: nil) else {
    return []
  }
  let prefix = Fixtures.packageRoot.path + "/"
  return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "qp" }
    .map { $0.standardizedFileURL.path.replacingOccurrences(of: prefix, with: "") }.sorted()
}

/// Each golden script is one test, so a failure names its script and shows the diff. One at a time:
/// a hundred scripts at once filled the two cores' threads for minutes, and the other suites' own
/// scripts then ran past their 60 s limit.
@Suite(.serialized) struct GoldenScriptTests {
  @Test(arguments: allScripts())
  func goldenScript(_ path: String) async throws {
    let configuration = Fixtures.packageRoot.appendingPathComponent("Configuration")
    let (rules, storeKit) = try SessionEnvironment.load(configurationDirectory: configuration)
    var options = GoldenRunOptions(paths: [path])
    // Beside the other suites, on two busy cores, a script can wait minutes for a thread. The limit
    // only has to catch a script that hangs (`quietplaces test Scripts` holds the scripts to 60 s).
    options.timeout = 900
    options.conditions = ScriptConditions(
      storefront: storeKit.defaultStorefront,
      version: AppSave.writer.split(separator: " ").last.map(String.init))
    let runner = GoldenRunner(options: options, currentDirectory: Fixtures.packageRoot) {
      folder, scriptFolder in
      var environment = SessionEnvironment(rules: rules, storeKit: storeKit, saveDirectory: folder)
      environment.testScript(in: scriptFolder)
      return try await Session.start(environment).0
    }
    let file = ScriptFile(url: Fixtures.packageRoot.appendingPathComponent(path), path: path)
    let result = await runner.runScript(file)
    // A script skipped here (`# skip:`, or a `# requires:` this configuration does not meet) still
    // had to parse and name a known condition.
    #expect(result.passed || result.skipReason != nil, "\(result.report.joined(separator: "\n"))")
  }

  @Test func scriptsExist() {
    #expect(allScripts().count >= 1)
  }
}
