import Foundation
import QuietPlacesGame
import QuietPlacesLab
import QuietPlacesTestSupport
import Testing

/// `simulate --balance FILE` and `explore --balance FILE` refuse a file larger than any balance unread.
@Suite struct OversizedBalanceVariantTests {
  @Test func aBalanceOptionBeyondTheLimitIsRefusedUnread() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let huge = try folder.sparse(bytes: 3 << 30, to: "huge.json")
    #expect(throws: LabError.balance(.tooLarge(file: "huge.json", bytes: 3 << 30, limit: 1_048_576))) {
      try BalanceVariant.load(file: huge.path)
    }
  }
}
