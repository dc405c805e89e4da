import Foundation
import QuietPlacesGame
import QuietPlacesTestSupport
import Testing

/// A balance file larger than any balance (a mistaken path to gigabytes) is refused before it is read.
@Suite struct OversizedBalanceFileTests {
  @Test func aBalanceFileBeyondTheLimitIsRefusedUnread() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let huge = try folder.sparse(bytes: Balance.maximumFileSize + 1, to: "balance.json")
    #expect(throws: BalanceError.tooLarge(file: "balance.json", bytes: 1_048_577, limit: 1_048_576)) {
      try Balance.load(from: huge)
    }
    #expect(
      BalanceError.tooLarge(file: "balance.json", bytes: 1_048_577, limit: 1_048_576).description
        == "balance.json: 1,048,577 bytes is more than the 1,048,576 (1 MiB) a balance file may have; "
        + "give the path of a balance.json")
  }
}
