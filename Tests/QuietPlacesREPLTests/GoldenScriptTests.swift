import Foundation
import QuietPlacesREPL
import Testing

/// The package's root folder, found from this file's path.
private let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Every `.qp` script under `Scripts/`, as paths relative to the package root.
private func allScripts() -> [String] {
  let scripts = packageRoot.appendingPathComponent("Scripts")
  guard let walker = FileManager.default.enumerator(at: scripts, includingPropertiesForKeys: nil) else {
    return []
  }
  let prefix = packageRoot.path + "/"
  return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "qp" }
    .map { $0.standardizedFileURL.path.replacingOccurrences(of: prefix, with: "") }.sorted()
}

/// Each golden script is one test, so a failure names its script and shows the diff.
@Suite struct GoldenScriptTests {
  @Test(arguments: allScripts())
  func goldenScript(_ path: String) async throws {
    let configuration = packageRoot.appendingPathComponent("Configuration")
    let (rules, storeKit) = try SessionEnvironment.load(configurationDirectory: configuration)
    let runner = GoldenRunner(options: TestCommandLine(paths: [path]), currentDirectory: packageRoot) {
      folder, scriptFolder in
      var environment = SessionEnvironment(rules: rules, storeKit: storeKit, saveDirectory: folder)
      environment.scriptFolder = scriptFolder
      return try await Session.start(environment).0
    }
    let file = GoldenRunner.ScriptFile(url: packageRoot.appendingPathComponent(path), path: path)
    let result = await runner.runScript(file)
    #expect(result.passed, "\(result.report.joined(separator: "\n"))")
  }

  @Test func scriptsExist() {
    #expect(allScripts().count >= 1)
  }
}
