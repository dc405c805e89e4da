import Foundation
import QuietPlacesREPL
import QuietPlacesTestSupport
import Testing

/// `save FILE`, `bundle FILE` and `record FILE` write over a file only when it is of the kind they
/// write (a save or a bundle; a recording), or empty: a mistyped name that hits notes, a
/// hand-written golden script or a system file gets one error and the file keeps every byte.
@Suite struct ReplacedFileTests {
  /// Writes `text` to `name` in `folder`; its URL.
  private func file(_ name: String, _ text: String, in folder: URL) throws -> URL {
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url
  }

  @Test func aFileOfAnotherKindIsKeptWholeAndNothingChanges() async throws {
    let (session, folder) = try await TestSessions.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = await session.execute("new --seed 7")
    _ = await session.execute("advance 1h")
    let notes = try file("notes.md", "# Notes\nthe player's report, by hand\n", in: folder)
    let script = try file("hand.qp", "# A rule, written by hand\n> status\n", in: folder)
    let json = try file("other.json", #"{"format":"two","game":{}}"#, in: folder)
    let before = await session.execute("state --json")
    for (command, url) in [
      ("save", notes), ("bundle", notes), ("record", notes), ("save", script), ("bundle", json),
      ("record", script),
    ] {
      let bytes = try Data(contentsOf: url)
      let output = await session.execute("\(command) \(url.path)").map(\.text)
      let kind =
        command == "record"
        ? "is not a recording quietplaces made (its first line is not '# Recorded with quietplaces…')"
        : "is not a Quiet Places save or device bundle"
      #expect(
        output == [
          "error: \(url.path): not replaced: the file there \(kind); remove it first or give another name"
        ], "\(command) \(url.lastPathComponent)")
      #expect(try Data(contentsOf: url) == bytes, "\(command) \(url.lastPathComponent)")
    }
    // record refused before it wrote the bundle that goes beside a mid-session recording.
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(!names.contains("hand.bundle.json") && !names.contains("notes.md.bundle.json"))
    #expect(await session.execute("state --json") == before)
  }

  @Test func aSaveABundleARecordingAndAnEmptyFileAreReplaced() async throws {
    let (session, folder) = try await TestSessions.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = await session.execute("new --seed 7")
    let copy = folder.appendingPathComponent("copy.json").path
    let device = folder.appendingPathComponent("device.json").path
    let empty = try file("empty.json", "", in: folder).path
    #expect(await session.execute("save \(copy)").map(\.text) == ["Saved a copy to \(copy)."])
    #expect(await session.execute("bundle \(device)").first?.text == "Wrote the device to \(device):")
    _ = await session.execute("advance 1h")
    // A save over a save, a bundle over a save, a save over a bundle, a save over an empty file.
    for (command, path) in [("save", copy), ("bundle", copy), ("save", device), ("save", empty)] {
      let output = await session.execute("\(command) \(path)").map(\.text)
      #expect(!output.contains { $0.hasPrefix("error:") }, "\(command) \(path): \(output)")
    }
    #expect(try String(contentsOfFile: empty, encoding: .utf8).hasPrefix(#"{"format":"#))
    // A recording over a recording, started again after it stopped.
    let transcript = folder.appendingPathComponent("session.qp").path
    for _ in 1...2 {
      #expect(await session.execute("record \(transcript)").last?.text.hasPrefix("Recording to") == true)
      _ = await session.execute("status")
      #expect(await session.execute("record stop").map(\.text) == ["Stopped recording to \(transcript)."])
    }
    #expect(try String(contentsOfFile: transcript, encoding: .utf8).hasPrefix("# Recorded with quietplaces"))
  }

  @Test func theBundleBesideARecordingIsCheckedToo() async throws {
    let (session, folder) = try await TestSessions.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = await session.execute("new --seed 7")
    _ = await session.execute("advance 1h")
    let beside = try file("report.bundle.json", "not a bundle\n", in: folder)
    let transcript = folder.appendingPathComponent("report.qp")
    let output = await session.execute("record \(transcript.path)").map(\.text)
    #expect(
      output == [
        "error: \(beside.path): not replaced: the file there is not a Quiet Places save or device bundle; "
          + "remove it first or give another name"
      ])
    #expect(try String(contentsOf: beside, encoding: .utf8) == "not a bundle\n")
    #expect(!FileManager.default.fileExists(atPath: transcript.path))
  }
}
