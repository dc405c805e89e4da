import Foundation
import QuietPlacesREPL
import QuietPlacesTestSupport
import Testing

/// A device for one scenario: a REPL session with its own temporary save folder, removed when the
/// last copy of the device is gone.
private struct Device {
  /// Removes the save folder when released.
  final class Folder {
    let url: URL
    init(_ url: URL) { self.url = url }
    deinit { try? FileManager.default.removeItem(at: url) }
  }

  let session: Session
  let folder: Folder
  var transcript: [String] = []

  static func start() async throws -> Device {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("quietplaces-fault-matrix-\(UUID().uuidString)")
    let (session, lines) = try await TestSessions.start(in: folder)
    return Device(session: session, folder: Folder(folder), transcript: lines.texts)
  }

  /// Runs lines as a tester types them; returns what they printed.
  @discardableResult
  mutating func run(_ lines: [String]) async -> [String] {
    var output: [String] = []
    for line in lines {
      let printed = await session.execute(line).texts
      transcript += ["> " + line] + printed
      output += printed
    }
    return output
  }

  /// `state --json`, decoded.
  mutating func state() async throws -> [String: Any] {
    let line = try #require(await run(["state --json"]).first)
    return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
  }

  /// Closes the app if it is open, then launches it: the recovery every fault ends with.
  mutating func recover() async throws {
    await run(["fault save-fails off"])
    if try await state()["open"] as? Bool == true { await run(["close"]) }
    await run(["launch"])
  }
}

/// Every way a transaction reaches the delivery pipeline.
enum DeliveryPath: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// The result of `buy` in the app.
  case purchase
  /// `Transaction.updates`: an Ask to Buy approval.
  case approvalThroughUpdates
  /// `Transaction.updates`: a purchase made on another device.
  case outsidePurchaseThroughUpdates
  /// `Transaction.unfinished` at launch: bought on another device while the app was closed.
  case unfinishedAtLaunch
  /// Current entitlements: the app was deleted; its next launch restores what the account owns.
  case restore

  var testDescription: String { rawValue }

  /// The products this path can deliver: restoration brings back permanent purchases only.
  var products: [String] { self == .restore ? ["signal", "charts"] : ["marks550", "signal"] }

  /// Lines that set the scene before the fault is armed.
  func setup(_ product: String) -> [String] {
    switch self {
    case .purchase, .outsidePurchaseThroughUpdates: []
    case .approvalThroughUpdates: ["store ask-to-buy on", "buy \(product)"]
    case .unfinishedAtLaunch: ["close", "store buy-outside \(product)"]
    case .restore: ["buy \(product)", "delete-app"]
    }
  }

  /// Lines that make the transaction arrive.
  func deliver(_ product: String) -> [String] {
    switch self {
    case .purchase: ["buy \(product)"]
    case .approvalThroughUpdates: ["store approve"]
    case .outsidePurchaseThroughUpdates: ["store buy-outside \(product)"]
    case .unfinishedAtLaunch, .restore: ["launch"]
    }
  }
}

/// Every fault the exact-once rules must survive.
enum DeliveryFault: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case none
  case saveFailsOnce
  case crashBeforeSave
  case crashBeforeFinish
  case replay

  var testDescription: String { rawValue }

  /// The line that arms it before the delivery.
  var arm: [String] {
    switch self {
    case .none, .replay: []
    case .saveFailsOnce: ["fault save-fails once"]
    case .crashBeforeSave: ["fault crash-before-save"]
    case .crashBeforeFinish: ["fault crash-before-finish"]
    }
  }

  /// Lines after the delivery.
  var after: [String] { self == .replay ? ["store replay 1", "store replay 1"] : [] }

  /// What the delivery (or replay) prints when the fault was met; nil when nothing should show.
  var evidence: String? {
    switch self {
    case .none: nil
    case .saveFailsOnce: "the save failed"
    case .crashBeforeSave: "The app crashed before saving a delivery"
    case .crashBeforeFinish: "The app crashed before finishing a saved delivery"
    case .replay: "already in the ledger; finished, not delivered again"
    }
  }
}

/// What exact-once is judged on after recovery.
private struct Outcome: Equatable, CustomStringConvertible {
  var postmarks: Int
  var owned: [String]
  var ledger: [Int]
  var unfinished: [Int]
  var scouts: [String: Int]

  init(_ state: [String: Any]) {
    postmarks = state["postmarks"] as? Int ?? -1
    owned = state["owned"] as? [String] ?? []
    ledger = state["ledger"] as? [Int] ?? []
    unfinished = state["unfinished"] as? [Int] ?? []
    scouts = state["scouts"] as? [String: Int] ?? [:]
  }

  var description: String {
    "postmarks \(postmarks), owned \(owned), ledger \(ledger), unfinished \(unfinished), scouts \(scouts)"
  }
}

/// Runs one path with one fault for one product, recovers, and returns the outcome.
private func runScenario(
  _ path: DeliveryPath, _ fault: DeliveryFault, product: String
) async throws -> (Outcome, Device, [String]) {
  var device = try await Device.start()
  await device.run(["new --seed 1"] + path.setup(product) + fault.arm)
  var printed = await device.run(path.deliver(product))
  printed += await device.run(fault.after)
  try await device.recover()
  // A later restore and a later relaunch change nothing more.
  await device.run(["restore"])
  try await device.recover()
  return (Outcome(try await device.state()), device, printed)
}

@Suite struct ExactOnceFaultMatrixTests {
  /// Every delivery path × every fault: after recovery, Postmarks, entitlements and the ledger equal
  /// those of a fault-free run; each transaction ID is in the ledger once; nothing is left unfinished.
  @Test(arguments: DeliveryPath.allCases, DeliveryFault.allCases)
  func recoveryDeliversExactlyOnce(path: DeliveryPath, fault: DeliveryFault) async throws {
    for product in path.products {
      let (expected, _, _) = try await runScenario(path, .none, product: product)
      let (actual, device, printed) = try await runScenario(path, fault, product: product)
      let transcript = device.transcript.joined(separator: "\n")
      #expect(actual == expected, "\(product): \(actual) ≠ fault-free \(expected)\n\(transcript)")
      #expect(actual.ledger == [1], "\(product): the ledger holds transaction 1 exactly once\n\(transcript)")
      #expect(actual.unfinished.isEmpty, "\(product): nothing is left unfinished\n\(transcript)")
      if let evidence = fault.evidence {
        #expect(
          printed.contains { $0.contains(evidence) }, "\(product): the fault was not met\n\(transcript)")
      }
    }
  }

  /// The fault-free runs themselves deliver what was bought.
  @Test(arguments: DeliveryPath.allCases)
  func faultFreeRunsDeliverTheProduct(path: DeliveryPath) async throws {
    for product in path.products {
      let (outcome, device, _) = try await runScenario(path, .none, product: product)
      let transcript = device.transcript.joined(separator: "\n")
      if product.hasPrefix("marks") {
        #expect(outcome.postmarks == Int(product.dropFirst(5)), "\(transcript)")
        #expect(outcome.owned.isEmpty)
      } else {
        #expect(outcome.postmarks == 0)
        #expect(outcome.owned == [product], "\(transcript)")
      }
    }
  }

  /// A forged and a foreign transaction are never delivered nor finished, across launches too.
  @Test func forgedAndForeignTransactionsAreNeverDeliveredNorFinished() async throws {
    var device = try await Device.start()
    let printed = await device.run([
      "new --seed 1", "store forge marks550", "store forge charts", "store foreign gems",
      "store foreign com.example.other.charts", "close", "store forge signal", "launch", "restore",
    ])
    let transcript = device.transcript.joined(separator: "\n")
    #expect(printed.filter { $0.contains("rejected, invalidSignature") }.count == 3, "\(transcript)")
    #expect(printed.filter { $0.contains("not a Quiet Places product") }.count == 4, "\(transcript)")
    #expect(!printed.contains { $0.contains("): delivered,") }, "\(transcript)")
    let state = Outcome(try await device.state())
    #expect(state.postmarks == 0)
    #expect(state.owned.isEmpty)
    #expect(state.ledger.isEmpty)
    // The foreign transactions stay in the account, unfinished; forged ones never join it.
    #expect(state.unfinished == [3, 4], "\(transcript)")
  }

  /// An unavailable product shows no price and cannot be bought, in either storefront.
  @Test(arguments: ["marks100", "marks550", "charts", "hold", "signal"])
  func anUnavailableProductCanNeverBeBoughtOrPriced(product: String) async throws {
    for storefront in ["GBR", "USA"] {
      var device = try await Device.start()
      await device.run(["new --seed 1 --storefront \(storefront)", "store unavailable \(product)"])
      let shop = await device.run(["shop"])
      let row = try #require(shop.first { $0.hasPrefix("  \(product) ") })
      #expect(row.hasSuffix("unavailable"), "\(row)")
      #expect(!row.contains("£") && !row.contains("$"), "\(row)")
      let bought = await device.session.execute("buy \(product)")
      #expect(bought.count == 1 && bought[0].isError, "\(bought)")
      #expect(await device.run(["transactions"]) == ["The App Store account has no transactions."])
      let state = Outcome(try await device.state())
      #expect(state.postmarks == 0 && state.owned.isEmpty && state.ledger.isEmpty)
    }
  }
}
