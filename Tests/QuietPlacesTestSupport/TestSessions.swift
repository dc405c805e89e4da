import Foundation
import QuietPlacesREPL

/// REPL sessions over the package's configuration, as `quietplaces` starts them.
public enum TestSessions {
  /// The environment of a session that saves in `saveDirectory`, with the package's rules and
  /// StoreKit configuration; `scriptFolder` is the folder of the script being run under `test`, if
  /// any.
  public static func environment(saveDirectory: URL, scriptFolder: URL? = nil) -> SessionEnvironment {
    var environment = SessionEnvironment(rules: rules, storeKit: storeKit, saveDirectory: saveDirectory)
    if let scriptFolder { environment.testScript(in: scriptFolder) }
    return environment
  }

  /// A session started in `saveDirectory`, and what it printed at start.
  public static func start(in saveDirectory: URL) async throws -> (Session, [OutputLine]) {
    try await Session.start(environment(saveDirectory: saveDirectory))
  }

  /// A fresh session in its own save folder under the temporary folder; the caller removes the folder.
  public static func scratch() async throws -> (Session, URL) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("quietplaces-session-\(UUID().uuidString)")
    return (try await start(in: folder).0, folder)
  }

  /// Runs `lines` in a fresh scratch session, then closes it and removes its folder; the output of
  /// each line, as text.
  public static func outputs(of lines: [String]) async throws -> [[String]] {
    let (session, scratch) = try await scratch()
    defer { try? FileManager.default.removeItem(at: scratch) }
    var outputs: [[String]] = []
    for line in lines { outputs.append(await session.execute(line).texts) }
    await session.finish()
    return outputs
  }
}
