import Foundation
import QuietPlacesREPL
import QuietPlacesTestSupport
import Testing

/// `load FILE` and `quietplaces --bundle FILE` refuse a file larger than any bundle before reading it.
@Suite struct OversizedBundleTests {
  @Test func loadAndStartingFromABundleRefuseAFileBeyondTheLimitUnread() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let huge = try folder.sparse(bytes: 64 * 1_048_576 + 1, to: "huge.bundle.json")
    let (session, scratch) = try await TestSessions.scratch()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let before = await session.execute("state --json").texts
    #expect(
      await session.execute("load \(huge.path)").texts == [
        OutputLine.errorText(
          "\(huge.path): cannot be read: 67,108,865 bytes is more than the 67,108,864 (64 MiB) a device bundle "
            + "or save may have; give the path of a bundle or save file")
      ])
    #expect(await session.execute("state --json").texts == before)
    do {
      _ = try await session.startFromBundle(huge.path)
      Issue.record("a bundle beyond the limit was read")
    } catch {
      #expect(
        error.message.contains("67,108,865 bytes is more than the 67,108,864 (64 MiB) a device bundle may"))
    }
    await session.finish()
  }
}
