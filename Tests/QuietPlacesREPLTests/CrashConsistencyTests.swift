import Foundation
import QuietPlacesTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A purchase-heavy batch session: packs, permanent purchases, purchases outside the app, Ask to Buy
/// approvals, a refund of a permanent purchase, replays, time passing, closes and launches.
///
/// Consumables are never refunded here, so every consumable in the ledger gave its Postmarks.
private let purchaseScript = """
  buy marks100
  buy charts
  store buy-outside marks550
  advance 6m
  buy marks100
  store ask-to-buy on
  buy hold
  buy marks100
  store approve
  store approve
  store ask-to-buy off
  refund charts
  buy marks550
  store buy-outside signal
  store replay 1
  advance 1h
  buy marks100
  buy charts
  close
  store buy-outside marks100
  launch
  buy marks100
  store buy-outside marks550
  store replay 2
  buy marks550
  refund hold
  store ask-to-buy on
  buy marks100
  store approve
  store ask-to-buy off
  buy marks100
  advance 2h
  buy marks100

  """

/// The figures one kill and recovery left on disk, checked against exact-once delivery.
private func checkConsistency(folder: URL) throws -> [String] {
  var problems: [String] = []
  // The recovering launch: a fresh batch run in the same folder.
  let recovered = try ChildProcess.run(["--save-dir", folder.path], input: "state --json\n")
  guard let line = recovered.lines.last(where: { $0.hasPrefix("{") }),
    let state = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
  else {
    return ["no state after recovery: \(recovered.output)"]
  }
  if recovered.output.contains("not a Quiet Places save") {
    problems.append("the save did not parse: \(recovered.output)")
  }
  // The save written by the recovered session's close parses too.
  let saveData = try Data(contentsOf: folder.appendingPathComponent("save.json"))
  if (try? JSONSerialization.jsonObject(with: saveData)) == nil { problems.append("save.json is not JSON") }

  let accountData = try Data(contentsOf: folder.appendingPathComponent("appstore-account.json"))
  let account = try #require(try JSONSerialization.jsonObject(with: accountData) as? [String: Any])
  let transactions = try #require(account["transactions"] as? [[String: Any]])
  var productOf: [Int: String] = [:]
  var finished: [Int] = []
  var unrevokedPermanents = Set<String>()
  for transaction in transactions {
    let id = try #require(transaction["id"] as? Int)
    let product = try #require(
      (transaction["productID"] as? String)?.split(separator: ".").last.map(String.init))
    productOf[id] = product
    if transaction["finished"] as? Bool == true { finished.append(id) }
    if transaction["revocationDate"] == nil || transaction["revocationDate"] is NSNull,
      ["charts", "hold", "signal"].contains(product)
    {
      unrevokedPermanents.insert(product)
    }
  }
  let ledger = try #require(state["ledger"] as? [Int])
  if Set(ledger).count != ledger.count { problems.append("an ID is twice in the ledger: \(ledger)") }
  for id in finished where !ledger.contains(id) {
    problems.append("transaction \(id) is finished but not in the ledger")
  }
  for id in ledger where productOf[id] == nil {
    problems.append("ledger entry \(id) is no transaction of the store")
  }
  let unfinished = state["unfinished"] as? [Int] ?? []
  if !unfinished.isEmpty { problems.append("unfinished after recovery: \(unfinished)") }
  let stamped = (state["stamped"] as? [String])?.count ?? 0
  let packs = ledger.reduce(0) { sum, id in
    sum + (productOf[id] == "marks100" ? 100 : productOf[id] == "marks550" ? 550 : 0)
  }
  let postmarks = try #require(state["postmarks"] as? Int)
  if postmarks != packs + 4 * stamped {
    problems.append("postmarks \(postmarks), but the ledger's packs give \(packs) and \(stamped) stamps")
  }
  let owned = Set(state["owned"] as? [String] ?? [])
  if owned != unrevokedPermanents {
    problems.append("owns \(owned.sorted()), the store entitles \(unrevokedPermanents.sorted())")
  }
  return problems
}

/// Kills a batch session with SIGKILL at many instants; each time a fresh start recovers with
/// exact-once delivery.
@Suite struct CrashConsistencyTests {
  @Test func killedAtAnyInstantRecoversWithExactOnceDelivery() throws {
    guard ChildProcess.executable != nil else {
      Issue.record("the quietplaces executable was not found next to the tests")
      return
    }
    // How long an uninterrupted run takes, to spread the kill points over it.
    let started = Date()
    let reference = try TemporaryFolder().url
    defer { try? FileManager.default.removeItem(at: reference) }
    let full = try ChildProcess.run(["--save-dir", reference.path], input: purchaseScript)
    let duration = Date().timeIntervalSince(started)
    #expect(try checkConsistency(folder: reference).isEmpty)
    #expect(full.output.contains("delivered"), "\(full.output)")

    let killPoints = 240
    let tally = Mutex((killed: 0, recoveries: 0, failures: [String]()))
    DispatchQueue.concurrentPerform(iterations: 2) { worker in
      for point in stride(from: worker, to: killPoints, by: 2) {
        do {
          let folder = try TemporaryFolder().url
          defer { try? FileManager.default.removeItem(at: folder) }
          let (process, input) = try ChildProcess.startQuietly(["--save-dir", folder.path])
          input.write(Data(purchaseScript.utf8))
          try input.close()
          // Kill points spread evenly from the start of a run to just before its end.
          let delay = duration * 0.95 * Double(point) / Double(killPoints)
          usleep(UInt32(delay * 1_000_000))
          kill(process.processIdentifier, SIGKILL)
          process.waitUntilExit()
          let wasKilled = process.terminationReason == .uncaughtSignal
          let problems = try checkConsistency(folder: folder)
          let described = problems.map { "kill point \(point) (\(Int(delay * 1000)) ms): \($0)" }
          tally.withLock { tally in
            if wasKilled { tally.killed += 1 }
            tally.recoveries += 1
            tally.failures += described
          }
        } catch {
          tally.withLock { $0.failures.append("kill point \(point): \(error)") }
        }
      }
    }
    let (killed, recoveries, failures) = tally.withLock { ($0.killed, $0.recoveries, $0.failures) }
    print(
      "crash consistency: \(killPoints) kill points over \(Int(duration * 1000)) ms, \(killed) killed mid-run, "
        + "\(recoveries) recoveries, failures = \(failures.count)")
    #expect(killed >= killPoints / 2)
    #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
  }
}
