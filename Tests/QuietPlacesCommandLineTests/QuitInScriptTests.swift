import Foundation
import QuietPlacesCommandLine
import QuietPlacesTestSupport
import Testing

/// `quit` in a script does what it does in batch mode: the app closes and the script stops; a command
/// after it is an error, in `run` and in `test` alike.
@Suite struct QuitInScriptTests {
  @Test func quitEndsTheScriptInRunAndTest() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let script = try folder.write("> new --seed 7\n> quit\n> status\n", to: "quits.qp")
    let environment = ["QUIETPLACES_HOME": folder.url.appendingPathComponent("home").path]
    let run = await ProgramRun.run(["run", script.path, "--then-repl"], environment: environment)
    let error =
      "error: \(script.path):3: quit on line 2 ended the session, so this command and those after it did "
      + "not run; write close to close the app and go on, or end the script at quit"
    #expect(Array(run.output.suffix(2)) == ["> quit", error], "\(run.output)")
    #expect(!run.output.contains { $0.hasPrefix("The script has ended") })
    #expect(run.status == .failure)
    let test = await ProgramRun.run(["test", script.path])
    #expect(
      test.output.contains { $0.hasPrefix("error: \(script.path):3: quit on line 2 ended the session") })
    #expect(test.status == .failure)
  }
}
