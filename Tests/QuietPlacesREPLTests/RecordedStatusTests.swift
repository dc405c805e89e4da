import Foundation
import QuietPlacesTestSupport
import Testing

/// A recording made in the REPL passes under `quietplaces test` as it was written, `status` in it
/// too: the lines `status` adds naming the session's configuration and save folder (a test's
/// session has neither) are said once in the recording's header, not in its blocks.
@Suite struct RecordedStatusTests {
  @Test(arguments: [false, true])
  func aRecordingWithStatusPassesAsATest(midSession: Bool) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let before = midSession ? "new --seed 9\nadvance 4h\n" : ""
    let session = try ChildProcess.run(
      ["--save-dir", "saves"], input: before + "record rec.qp\nbuy marks100\nstatus\nrecord stop\n",
      in: folder.url)
    #expect(session.status == 0, "\(session.output)")
    // The session's own status names both.
    #expect(session.lines.contains { $0.hasPrefix("configuration: ") })
    #expect(session.lines.contains { $0.hasPrefix("save folder: ") })
    let recording = try String(contentsOf: folder.url.appendingPathComponent("rec.qp"), encoding: .utf8)
    let lines = recording.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("# configuration: ") })
    #expect(lines.contains { $0.hasPrefix("# save folder: ") && $0.contains("saves") })
    #expect(!lines.contains { $0.hasPrefix("configuration: ") || $0.hasPrefix("save folder: ") })
    let test = try ChildProcess.run(["test", "rec.qp"], in: folder.url)
    #expect(test.status == 0, "\(test.output)")
    #expect(test.lines.contains("1 passed, 0 failed"))
  }
}
