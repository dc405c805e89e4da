import Foundation
import QuietPlacesTestSupport
import QuietPlacesUtilities
import Testing

/// A file a user names is read whole only when it is a regular file no larger than the limit: a
/// mistaken path to gigabytes costs one error, not its size in memory.
@Suite struct FileBytesTests {
  @Test func aFileAtTheLimitIsReadAndOneByteMoreIsRefusedUnread() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("0123456789", to: "ten.json")
    #expect(try FileBytes.read(file, atMost: 10) == Data("0123456789".utf8))
    #expect(throws: FileBytes.Problem.tooLarge(bytes: 10, limit: 9)) { try FileBytes.read(file, atMost: 9) }
    // 3 GB of nothing: refused from its size, in no time and no memory.
    let huge = try folder.sparse(bytes: 3 << 30, to: "huge.json")
    #expect(throws: FileBytes.Problem.tooLarge(bytes: 3 << 30, limit: 1_048_576)) {
      try FileBytes.read(huge, atMost: 1_048_576)
    }
    #expect(
      FileBytes.Problem.tooLarge(bytes: 3 << 30, limit: 1_048_576).reason(for: "a balance file")
        == "3,221,225,472 bytes is more than the 1,048,576 (1 MiB) a balance file may have")
  }

  @Test func aFolderAMissingFileAndADeviceAreNotRead() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    #expect(throws: FileBytes.Problem.unreadable("it is a folder")) {
      try FileBytes.read(folder.url, atMost: 10)
    }
    #expect(throws: FileBytes.Problem.missing) {
      try FileBytes.read(folder.url.appendingPathComponent("none"), atMost: 10)
    }
    #expect(throws: FileBytes.Problem.unreadable("it is a device, a pipe or a socket, not a regular file")) {
      try FileBytes.read(URL(fileURLWithPath: "/dev/zero"), atMost: 10)
    }
  }
}
