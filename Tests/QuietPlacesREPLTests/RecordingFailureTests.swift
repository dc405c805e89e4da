import Foundation
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesREPL

#if canImport(Glibc)
  import Glibc
#endif

/// A recording whose file cannot be written says so at the first failed write, ends, and counts as a
/// failed command: a transcript cut short is never mistaken for a whole one.
@Suite struct RecordingFailureTests {
  /// A recorder writing to `/dev/full`, which refuses every write with "no space left on device",
  /// as a full disk does.
  func fullDiskRecorder() throws -> TranscriptRecorder {
    let descriptor = open("/dev/full", O_WRONLY | O_CLOEXEC)
    try #require(descriptor >= 0, "/dev/full cannot be opened")
    return TranscriptRecorder(descriptor: descriptor, url: URL(fileURLWithPath: "/dev/full"))
  }

  @Test func theFirstFailedWriteIsAnErrorAndEndsTheRecording() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let (session, _) = try await TestSessions.start(in: folder.url)
    session.recorder = try fullDiskRecorder()
    session.recordingPath = "bug.qp"
    let output = await session.execute("new --seed 7").texts
    #expect(output.first == "New game: seed 7, storefront GBR, 2026-01-05 09:00:00.")
    #expect(
      output.last
        == "error: cannot record to bug.qp (no space left on device); the recording stopped, and bug.qp ends "
        + "with the last command written whole; make room or choose another folder, then record again")
    #expect(session.hadError)
    #expect(session.recorder == nil)
    // Nothing is recording any more: `record stop` says so instead of claiming it stopped.
    #expect(
      await session.execute("record stop").texts
        == ["error: record stop: expected a recording to stop; start one with record FILE"])
    await session.finish()
  }

  /// The whole process under a file size limit (`ulimit -f`, with SIGXFSZ ignored, so a write past
  /// it fails with "file too large" as on a full disk): the error comes once, `record stop` does
  /// not claim to stop anything, the exit status is 1, and the transcript ends with a whole record
  /// and still passes as a golden test.
  @Test func aProcessOutOfRoomKeepsAWholeTranscriptAndExitsOne() throws {
    let executable = try #require(ChildProcess.executable)
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let transcript = folder.url.appendingPathComponent("r.qp")
    let input =
      "new --seed 7\nrecord \(transcript.path)\n" + String(repeating: "state --json\n", count: 40)
      + "record stop\n"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [
      "-c", "trap '' XFSZ; ulimit -f 16; exec \"$0\" --save-dir \"$1\"", executable.path,
      folder.url.appendingPathComponent("save").path,
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["QUIETPLACES_CONFIGURATION"] = Fixtures.configurationFolder.path
    process.environment = environment
    let result = try ChildProcess.run(process, input: input)
    let errors = result.output.split(separator: "\n").filter { $0.hasPrefix("error: ") }
    #expect(
      errors == [
        "error: cannot record to \(transcript.path) (file too large); the recording stopped, and "
          + "\(transcript.path) ends with the last command written whole; make room or choose another "
          + "folder, then record again",
        "error: record stop: expected a recording to stop; start one with record FILE",
      ])
    #expect(result.status == 1)
    let text = try String(contentsOf: transcript, encoding: .utf8)
    #expect(text.hasSuffix("}\n"))
    let replay = try ChildProcess.run(["test", transcript.path])
    #expect(replay.lines.contains("1 passed, 0 failed"), "\(replay.output)")
  }
}
