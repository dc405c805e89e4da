import Foundation
import QuietPlacesGolden
import QuietPlacesTestSupport
import Testing

/// `run` and `test` refuse a script larger than ``GoldenScript/maximumFileSize`` before reading it:
/// a 3 GB file took 9.5 GB and 52 s to be told it was not a script.
@Suite struct OversizedScriptTests {
  @Test func aScriptBeyondTheLimitIsRefusedUnread() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let huge = try folder.sparse(bytes: GoldenScript.maximumFileSize + 1, to: "huge.qp")
    #expect(throws: GoldenScriptError(path: "huge.qp", line: nil, problem: .tooLarge(8_388_609))) {
      try GoldenScript.load(from: huge, path: "huge.qp")
    }
    #expect(
      GoldenScriptError(path: "huge.qp", line: nil, problem: .tooLarge(8_388_609)).description
        == "huge.qp: 8,388,609 bytes is more than the 8,388,608 (8 MiB) a script may have; split it into "
        + "scripts of fewer commands")
  }
}
