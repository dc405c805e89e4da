import Foundation
import QuietPlacesTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// One `quietplaces` per save folder: a second process on a held folder is refused with one clear
/// error, the first one's purchases all reach its ledger and the store's account, and a killed
/// holder leaves no stale lock.
@Suite struct SaveFolderLockTests {
  /// Starts a batch process on `folder` whose standard input stays open until the test closes it.
  private func startHolder(_ folder: URL, output: Pipe) throws -> (Process, FileHandle) {
    let process = try ChildProcess.make(["--save-dir", folder.path])
    let stdin = Pipe()
    process.standardInput = stdin
    process.standardOutput = output
    process.standardError = output
    try process.run()
    // The holder writes its process ID into the lock file once it holds the folder.
    let lockFile = folder.appendingPathComponent("lock").path
    for _ in 0..<1_000 {
      if let data = FileManager.default.contents(atPath: lockFile),
        Int32(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
          == process.processIdentifier
      {
        break
      }
      usleep(10_000)
    }
    return (process, stdin.fileHandleForWriting)
  }

  @Test func aSecondProcessIsRefusedAndNoPurchaseIsLost() throws {
    guard ChildProcess.executable != nil else {
      Issue.record("the quietplaces executable was not found next to the tests")
      return
    }
    let folder = try TemporaryFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = Pipe()
    let (holder, input) = try startHolder(folder, output: output)
    input.write(Data(String(repeating: "buy marks100\n", count: 20).utf8))

    // The second process, with purchases of its own, while the first holds the folder.
    let second = try ChildProcess.run(
      ["--save-dir", folder.path], input: String(repeating: "buy marks550\n", count: 20))
    #expect(second.status == 1)
    #expect(
      second.output.trimmingCharacters(in: .whitespacesAndNewlines)
        == "error: the save folder \(folder.path) is in use by another quietplaces (pid \(holder.processIdentifier)); "
        + "quit that one first, or pass --save-dir DIR to use another folder")

    input.write(Data(String(repeating: "buy marks100\n", count: 20).utf8))
    try input.close()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    holder.waitUntilExit()
    #expect(holder.terminationStatus == 0)
    let announced = printed.split(separator: "\n").filter { $0.hasPrefix("Bought 100 Postmarks for") }.count
    #expect(announced == 40)

    // Every announced purchase is in the ledger and in the account; none of the refused one's.
    let after = try ChildProcess.run(["--save-dir", folder.path], input: "state --json\n")
    let line = try #require(after.lines.last { $0.hasPrefix("{") })
    let state = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    let ledger = try #require(state["ledger"] as? [Int])
    #expect(ledger.count == announced)
    // 40 packs of 100 Postmarks, and no place visited (no time passed): 40 × 100 = 4,000.
    #expect(state["postmarks"] as? Int == 4_000)
    let accountData = try Data(contentsOf: folder.appendingPathComponent("appstore-account.json"))
    let account = try #require(try JSONSerialization.jsonObject(with: accountData) as? [String: Any])
    let transactions = try #require(account["transactions"] as? [[String: Any]])
    #expect(Set(transactions.compactMap { $0["id"] as? Int }) == Set(ledger))
    #expect(transactions.allSatisfy { ($0["productID"] as? String)?.hasSuffix(".marks100") == true })
  }

  @Test func aKilledHolderLeavesNoStaleLock() throws {
    guard ChildProcess.executable != nil else {
      Issue.record("the quietplaces executable was not found next to the tests")
      return
    }
    let folder = try TemporaryFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    let (holder, input) = try startHolder(folder, output: Pipe())
    input.write(Data("buy marks100\n".utf8))
    kill(holder.processIdentifier, SIGKILL)
    holder.waitUntilExit()
    #expect(holder.terminationReason == .uncaughtSignal)
    // The lock file is still there, with the dead process's ID; the kernel released the lock.
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("lock").path))
    let next = try ChildProcess.run(["--save-dir", folder.path], input: "status\n")
    #expect(next.status == 0, "\(next.output)")
    #expect(!next.output.contains("in use"))
  }
}
