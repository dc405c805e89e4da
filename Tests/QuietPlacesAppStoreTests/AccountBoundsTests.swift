import Foundation
import QuietPlacesAppStore
import QuietPlacesJWS
import QuietPlacesStore
import QuietPlacesStoreKit
import QuietPlacesTestSupport
import QuietPlacesUtilities
import Testing

/// Every integer field of an App Store account (its file, or a bundle's), set in turn to each
/// extreme value: the store never traps, refuses an ID or a date out of range with one line and
/// leaves the file as it was; what it accepts takes a purchase, or refuses one whole when no ID is
/// left.
@Suite struct AccountBoundsTests {
  @Test func everyIntegerOfAnAccountAtEveryExtreme() async throws {
    let configuration = try StoreKitConfiguration.load(from: Fixtures.storeKitFile)
    let folder = try TemporaryFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    // An account with a refunded transaction, a queued update, and a purchase waiting for approval
    // and one interrupted, so every integer field it can hold is there.
    let source = try SimulatedAppStore(
      configuration: configuration, bundleID: ProductID.bundleID,
      accountFile: folder.appendingPathComponent("source.json"))
    await source.setClock(1_767_603_600)
    try await source.buyOutside(productID: ProductID.marks100.fullID)
    try await source.refund(productID: ProductID.marks100.fullID)
    try await source.buyOutside(productID: ProductID.charts.fullID)
    let products = try await source.products(for: [ProductID.hold.fullID])
    try await source.setAskToBuy(true)
    _ = try await source.purchase(products[0])
    try await source.setAskToBuy(false)
    try await source.setInterrupted(true)
    _ = try? await source.purchase(products[0])
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let valid = Array(try encoder.encode(await source.exportAccount()))
    let fields = ExtremeIntegers.fields(valid)
    #expect(
      Set(fields.map(\.key)).isSuperset(of: [
        "nextTransactionID", "id", "purchaseDate", "revocationDate", "revocationReason", "requestDate",
        "transactionID", "format",
      ]))
    let file = folder.appendingPathComponent("appstore-account.json")
    for field in fields {
      for value in ExtremeIntegers.values {
        var bytes = valid
        bytes.replaceSubrange(field.range, with: Array(value.utf8))
        let data = Data(bytes)
        let what = "\(field.key) = \(value)"
        try data.write(to: file)
        do {
          let store = try SimulatedAppStore(
            configuration: configuration, bundleID: ProductID.bundleID, accountFile: file)
          #expect(!ExtremeIntegers.mustBeRefused(key: field.key, value: value), "\(what) was accepted")
          // What is accepted takes a purchase (or refuses it whole when no ID is left) and shows
          // every date.
          let before = await store.exportAccount()
          do {
            try await store.buyOutside(productID: ProductID.marks550.fullID)
          } catch {
            #expect(
              error == .transactionIDsExhausted(last: ExtremeIntegers.largestTransactionID),
              "\(what): \(error)")
            #expect(await store.exportAccount() == before, "\(what): a refused purchase changed the account")
          }
          // Every date is one the calendar holds, so `transactions` can write it.
          for transaction in await store.snapshot().transactions {
            #expect(FileBounds.instants.contains(transaction.purchaseDate), "\(what)")
            #expect(FileBounds.instants.contains(transaction.revocationDate ?? 0), "\(what)")
          }
        } catch {
          guard case .accountCorrupt(_, let problem) = error else {
            Issue.record("\(what): \(error)")
            continue
          }
          #expect(!problem.isEmpty && !problem.contains("\n"), "\(what): \(problem)")
          #expect(try Data(contentsOf: file) == data, "\(what): the refused file was changed")
        }
        // A bundle's account is refused the same way, and writes no file.
        let bundled = folder.appendingPathComponent("bundled.json")
        try? FileManager.default.removeItem(at: bundled)
        if let account = try? JSONDecoder().decode(StoreAccount.self, from: data),
          ExtremeIntegers.mustBeRefused(key: field.key, value: value)
        {
          #expect(throws: AppStoreError.self, "\(what)") {
            try SimulatedAppStore(
              catalogue: try StoreCatalogue(configuration: configuration, bundleID: ProductID.bundleID),
              account: account, accountFile: bundled)
          }
          #expect(!FileManager.default.fileExists(atPath: bundled.path), "\(what)")
        }
      }
    }
  }

  /// A forged token waiting in the queue goes to the app as it is: an account whose queued token
  /// carries an ID or a date out of range is refused like one whose transactions do.
  @Test(
    arguments: [
      (UInt64.max, Int64(1_767_603_600)), (UInt64(1_000_000_000_000_001), Int64(1_767_603_600)),
      (UInt64(5), Int64.min), (UInt64(5), Int64(-1)),
    ] as [(UInt64, Int64)])
  func aQueuedForgedTokenIsHeldToTheSameRanges(id: UInt64, date: Int64) async throws {
    let configuration = try StoreKitConfiguration.load(from: Fixtures.storeKitFile)
    let folder = try TemporaryFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("appstore-account.json")
    let store = try SimulatedAppStore(
      configuration: configuration, bundleID: ProductID.bundleID, accountFile: file)
    let forged = try await store.forge(productID: ProductID.charts.fullID)
    var payload = forged
    payload.transactionId = id
    payload.originalTransactionId = id
    payload.purchaseDate = date
    let crafted = try JWS.sign(
      payload: try JSONEncoder().encode(payload), key: try ES256PrivateKey(), certificateChain: [])
    let account = try String(contentsOf: file, encoding: .utf8)
    let queued = try #require(
      account.split(separator: "\"").first { $0.hasPrefix("eyJ") && $0.split(separator: ".").count == 3 })
    let edited = account.replacing(String(queued), with: crafted)
    #expect(edited != account)
    try edited.write(to: file, atomically: false, encoding: .utf8)
    #expect(throws: AppStoreError.self) {
      try SimulatedAppStore(configuration: configuration, bundleID: ProductID.bundleID, accountFile: file)
    }
    #expect(try String(contentsOf: file, encoding: .utf8) == edited)
  }

  /// A price the account keeps from `store price` is written digit by digit into every price shown:
  /// one that is not a decimal the store takes is refused at load, and the file stays as it was.
  @Test(arguments: ["99999999999999999999999", "-1", "1e300", "0.99999", ""])
  func anAccountPriceThatIsNoDecimalIsRefused(price: String) async throws {
    let configuration = try StoreKitConfiguration.load(from: Fixtures.storeKitFile)
    let folder = try TemporaryFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("appstore-account.json")
    let store = try SimulatedAppStore(
      configuration: configuration, bundleID: ProductID.bundleID, accountFile: file)
    try await store.setPrice(productID: ProductID.charts.fullID, "5.99")
    let account = try String(contentsOf: file, encoding: .utf8)
    let edited = account.replacing("\"5.99\"", with: "\"\(price)\"")
    #expect(edited != account)
    try edited.write(to: file, atomically: false, encoding: .utf8)
    #expect(throws: AppStoreError.self) {
      try SimulatedAppStore(configuration: configuration, bundleID: ProductID.bundleID, accountFile: file)
    }
    #expect(try String(contentsOf: file, encoding: .utf8) == edited)
  }
}
