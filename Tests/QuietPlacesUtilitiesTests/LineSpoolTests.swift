import Foundation
import QuietPlacesUtilities
import Testing

/// Lines spooled to a removed temporary file come back whole and in order, across the reads' chunk
/// boundaries; where no file can be made they are kept in memory, and nothing is left in the folder.
@Suite struct LineSpoolTests {
  @Test func linesComeBackInOrderAcrossChunks() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spool-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let spool = LineSpool(in: folder.path)
    // Lines of every length around the 64 KiB a read takes, UTF-8 and empty lines among them.
    var lines: [String] = []
    for index in 0..<300 {
      let length = (index * 977) % 70_000
      lines.append(index % 7 == 0 ? "" : "\(index) é " + String(repeating: "x", count: length))
    }
    lines.forEach(spool.append)
    #expect(spool.count == lines.count)
    // The file was removed as soon as it was made: the folder is empty while the spool holds lines.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    var back: [String] = []
    spool.forEach { back.append($0) }
    #expect(back == lines)
    // Read twice, the same lines.
    var again: [String] = []
    spool.forEach { again.append($0) }
    #expect(again == lines)
  }

  @Test func withoutAFolderTheLinesAreKeptInMemory() {
    let spool = LineSpool(in: "/nonexistent-\(UUID())")
    ["a", "", "c"].forEach(spool.append)
    var back: [String] = []
    spool.forEach { back.append($0) }
    #expect(back == ["a", "", "c"])
    #expect(spool.count == 3)
  }
}
