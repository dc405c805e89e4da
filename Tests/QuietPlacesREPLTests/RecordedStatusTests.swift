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

  /// Recorded under another StoreKit file, a recording says to run it with that file, and requires
  /// it: a run on the Configuration's own skips it, saying why, instead of failing at the first
  /// price.
  @Test func aRecordingUnderAnotherStoreKitFileRequiresIt() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let catalogue = try String(contentsOf: Fixtures.storeKitFile, encoding: .utf8)
    try #require(catalogue.contains(#""4.99""#))
    try catalogue.replacingOccurrences(of: #""4.99""#, with: #""5.99""#)
      .write(to: folder.url.appendingPathComponent("dearer.storekit"), atomically: true, encoding: .utf8)
    let session = try ChildProcess.run(
      ["--save-dir", "saves", "--storekit", "dearer.storekit"], input: "record rec.qp\nshop\nrecord stop\n",
      in: folder.url)
    #expect(session.status == 0, "\(session.output)")
    let recording = try String(contentsOf: folder.url.appendingPathComponent("rec.qp"), encoding: .utf8)
    #expect(
      recording.hasPrefix(
        "# Recorded with quietplaces; run it with: quietplaces test --storekit dearer.storekit rec.qp\n"))
    #expect(recording.contains("\n# requires: storekit "))
    #expect(recording.contains("£5.99"))
    let plain = try ChildProcess.run(["test", "rec.qp"], in: folder.url)
    #expect(plain.status == 0 && plain.lines.contains("0 passed, 0 failed, 1 skipped"), "\(plain.output)")
    #expect(plain.lines.contains { $0.hasPrefix("skip rec.qp: requires storekit ") })
    let dearer = try ChildProcess.run(["test", "--storekit", "dearer.storekit", "rec.qp"], in: folder.url)
    #expect(dearer.status == 0 && dearer.lines.contains("1 passed, 0 failed"), "\(dearer.output)")
  }
}
