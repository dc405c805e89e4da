import Foundation
import QuietPlacesTestSupport
import Testing

/// A save folder that cannot be written (a full disk, a read-only mount), as a user who is not root
/// meets it: every failed write is reported, the close's included, and a command that cannot
/// finish is refused before it changes anything.
@Suite struct ReadOnlySaveFolderTests {
  /// Runs the executable on `folder` with `input`, as user 65534 when the tests run as root (root
  /// writes anywhere), through `setpriv`.
  private func run(_ arguments: [String], input: String) throws -> (status: Int32, lines: [String]) {
    let process = try ChildProcess.make(arguments)
    if getuid() == 0 {
      process.arguments =
        ["--reuid=65534", "--regid=65534", "--clear-groups", process.executableURL!.path] + arguments
      process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
    }
    let result = try ChildProcess.run(process, input: input)
    return (result.status, result.output.split(separator: "\n").map(String.init))
  }

  @Test(.enabled(if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
  func everyFailedWriteIsReportedAndRefusedCommandsChangeNothing() throws {
    let folder = try TemporaryFolder()
    defer {
      try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path)
      folder.remove()
    }
    if getuid() == 0 {
      try FileManager.default.setAttributes([.ownerAccountID: 65534], ofItemAtPath: folder.url.path)
    }
    let made = try run(["--save-dir", folder.url.path], input: "new --seed 1\nbuy hold\n")
    #expect(made.status == 0, "\(made.lines)")
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.url.path)

    let result = try run(
      ["--save-dir", folder.url.path, "--jsonl"],
      input: "advance 1h\ndelete-app\nnew --seed 2\nstate --json owned seed\nbuy marks100\n")
    #expect(result.status == 1)
    let objects = try result.lines.map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    #expect(objects.count == 7, "\(result.lines)")
    guard objects.count == 7 else { return }
    func output(_ index: Int) -> [String] { objects[index]["output"] as? [String] ?? [] }
    // delete-app cannot delete the save: refused, and the app keeps running with its purchase.
    #expect(objects[2]["error"] as? Bool == true)
    #expect(output(2).first?.contains("save.json could not be deleted") == true, "\(output(2))")
    // new cannot write its fresh account: refused before the app and its save go.
    #expect(objects[3]["error"] as? Bool == true)
    #expect(output(4) == [#"{"owned":["hold"],"seed":1}"#])
    // The App Store's own account file cannot be written either: the purchase fails, and says it
    // is this computer's disk, not the App Store, that refused.
    #expect(
      output(5).first?.contains("could not write its account file, on this computer's disk") == true,
      "\(output(5))")
    // The close at the end of input cannot save: one more object says so, for no line read.
    #expect(objects[6]["n"] as? Int == 6)
    #expect(objects[6]["command"] as? String == "")
    #expect(objects[6]["error"] as? Bool == true)
    #expect(
      output(6).contains {
        $0.contains("save.json was not written") && $0.hasSuffix("progress since the last save is lost")
      })
  }
}
