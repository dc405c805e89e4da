import Foundation
import QuietPlacesREPL
import QuietPlacesTestSupport
import QuietPlacesUtilities
import Testing

/// A path that names a pipe, a device or a folder is refused by every command that writes or reads
/// a file, with one error that says so, and it stays what it was: run as root, a rename over
/// `/dev/null` would otherwise leave a regular file in its place.
@Suite struct SpecialFileTests {
  @Test func writingAndReadingCommandsRefuseAPipeAndLeaveIt() async throws {
    let (session, folder) = try await TestSessions.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let pipe = folder.appendingPathComponent("report.qp")
    #expect(mkfifo(pipe.path, 0o644) == 0)
    _ = await session.execute("new --seed 7")
    let before = await session.execute("state --json")
    for command in ["save", "bundle", "record", "load", "storekit check"] {
      let output = await session.execute("\(command) \(pipe.path)")
      let errors = output.filter(\.isError).map(\.text)
      #expect(errors.count == 1, "\(command): \(output.map(\.text))")
      if command != "storekit check" {
        #expect(
          errors.first?.contains("it is a device, a pipe or a socket, not a regular file") == true,
          "\(command): \(errors)")
      }
    }
    #expect(FileKind(of: pipe) == .special)
    // Nothing beside it either: record checks the transcript's path before writing its bundle.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).contains("report.bundle.json") == false
    )
    #expect(await session.execute("state --json") == before)
  }

  @Test func aFolderIsNamedAsOne() async throws {
    let (session, folder) = try await TestSessions.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = await session.execute("new --seed 7")
    let save = await session.execute("save \(folder.path)")
    #expect(
      save.map(\.text) == [
        "error: \(folder.path): cannot be written (it is a folder); give the path of a file"
      ])
    let load = await session.execute("load \(folder.path)")
    #expect(
      load.map(\.text) == [
        "error: \(folder.path): cannot be read: it is a folder; give the path of a bundle or save file"
      ])
  }
}
