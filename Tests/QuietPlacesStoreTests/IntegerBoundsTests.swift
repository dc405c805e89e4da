import Foundation
import QuietPlacesAppStore
import QuietPlacesGame
import QuietPlacesJWS
import QuietPlacesStore
import QuietPlacesStoreKit
import Testing

private let root = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The values a hostile or damaged file puts in an integer field: the edges of every integer type
/// a loader decodes, and one past the largest transaction ID (10^15).
private let extremes = [
  "0", "-1", "-9223372036854775808", "9223372036854775807", "18446744073709551615", "1000000000000001",
]

/// The largest transaction ID a file may hold, and the last instant (9999-12-31T23:59:59Z).
private let largestID: UInt64 = 1_000_000_000_000_000
private let latestInstant: Int64 = 253_402_300_799

/// Every integer in compact JSON (`"key":123` followed by `,`, `}` or `]`) as the key before it and
/// the byte range of its digits.
private func integerFields(_ json: [UInt8]) -> [(key: String, range: Range<Int>)] {
  var fields: [(String, Range<Int>)] = []
  var index = 0
  while index + 1 < json.count {
    defer { index += 1 }
    guard json[index] == UInt8(ascii: "\""), json[index + 1] == UInt8(ascii: ":") else { continue }
    let start = index + 2
    var end = start
    if end < json.count, json[end] == UInt8(ascii: "-") { end += 1 }
    while end < json.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(json[end]) { end += 1 }
    guard end > start, end < json.count, ",}]".utf8.contains(json[end]) else { continue }
    var keyStart = index - 1
    while keyStart >= 0, json[keyStart] != UInt8(ascii: "\"") { keyStart -= 1 }
    fields.append((String(decoding: json[(keyStart + 1)..<index], as: UTF8.self), start..<end))
  }
  return fields
}

/// What a field's value must be for a loader to accept it, when the field is an ID or a date.
private func mustRefuse(key: String, value: String) -> Bool {
  switch key {
  case "id", "transactionID":
    return UInt64(value).map { !(1...largestID).contains($0) } ?? true
  case "nextTransactionID":
    return UInt64(value).map { !(1...largestID + 1).contains($0) } ?? true
  case "clock", "purchaseDate", "revocationDate", "requestDate":
    return Int64(value).map { !(0...latestInstant).contains($0) } ?? true
  default:
    return false
  }
}

private func scratchFolder() throws -> URL {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("quietplaces-bounds-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// Every integer field of a save and of an App Store account, set in turn to each extreme value: the
/// loader never traps, refuses an ID or a date out of range with one line, and refusing changes and
/// loses nothing; what it accepts can be played, bought from and shown.
@Suite struct IntegerBoundsTests {
  let rules = try! Rules.load(configurationDirectory: root.appendingPathComponent("Configuration"))

  @Test func everyIntegerOfASaveAtEveryExtreme() throws {
    var game = GameState(seed: 9, clock: rules.startClock, rules: rules)
    _ = try game.apply(.advance(seconds: 86_400), rules: rules)
    game.grant(.signal)
    var ledger = TransactionLedger()
    ledger.record(.init(id: 1, product: .marks100))
    ledger.record(.init(id: 2, product: .signal, revoked: true))
    let valid = Array(try SaveCodec.encode(AppSave(game: game, ledger: ledger)))
    let fields = integerFields(valid)
    #expect(Set(fields.map(\.key)).isSuperset(of: ["id", "clock", "postmarks", "seed", "state", "format"]))
    #expect(fields.count >= 20)
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let storage = FileSaveStorage(directory: folder, rules: rules)
    var refused = 0
    for field in fields {
      for value in extremes {
        var bytes = valid
        bytes.replaceSubrange(field.range, with: Array(value.utf8))
        let data = Data(bytes)
        let what = "\(field.key) = \(value)"
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try data.write(to: storage.url)
        let read: AppSave?
        do {
          read = try storage.read()
        } catch {
          refused += 1
          switch error {
          case .unreadable(_, let reason, let keptAs):
            #expect(!reason.isEmpty && !reason.contains("\n"), "\(what): \(reason)")
            // Nothing is lost: the refused file is kept aside byte for byte.
            let kept = try #require(keptAs, "\(what): not kept aside")
            #expect(try Data(contentsOf: folder.appendingPathComponent(kept)) == data, "\(what)")
          case .unsupportedFormat:
            #expect(field.key == "format", "\(what)")
            #expect(try Data(contentsOf: storage.url) == data, "\(what): the save was changed")
          case .writeFailed:
            Issue.record("\(what): a read reported a write")
          }
          continue
        }
        let save = try #require(read, "\(what): the save vanished")
        #expect(!mustRefuse(key: field.key, value: value), "\(what) was accepted")
        // What is accepted runs: it sails, the next transaction ID after its ledger is an ID, its
        // clock is a date, and it saves and reads back the same.
        var state = save.game
        let later = min(state.clock + 28_800, latestInstant)
        let commands: [GameCommand] = [
          .advance(seconds: 3_600), .upgrade(.sails, .count(1)), .upgrade(.spyglass, .max),
          .upgrade(.cargo, .max), .hire(.max), .charter, .buySupplies, .colour(.apricot), .close,
          .launch(clock: later), .prestige(.bearings), .prestige(.atlas), .freshVoyage,
        ]
        for command in commands { _ = try? state.apply(command, rules: rules) }
        #expect((save.ledger.ids.last ?? 0) < largestID + 1, "\(what)")
        #expect(Rules.formatInstant(save.game.clock).hasSuffix("Z"))
        let again = try SaveCodec.decode(try SaveCodec.encode(save), file: "save.json", rules: rules)
        #expect(again == save, "\(what) did not read back the same")
      }
    }
    #expect(refused > 0)
  }

  @Test func everyIntegerOfAnAccountAtEveryExtreme() async throws {
    let configuration = try StoreKitConfiguration.load(
      from: root.appendingPathComponent("Configuration/QuietPlaces.storekit"))
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // An account with a refunded transaction, a queued update, and a purchase waiting for approval
    // and one interrupted, so every integer field it can hold is there.
    let source = try SimulatedAppStore(
      configuration: configuration, bundleID: ProductID.bundleID,
      accountFile: folder.appendingPathComponent("source.json"))
    await source.setClock(rules.startClock)
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
    let fields = integerFields(valid)
    #expect(
      Set(fields.map(\.key)).isSuperset(of: [
        "nextTransactionID", "id", "purchaseDate", "revocationDate", "revocationReason", "requestDate",
        "transactionID", "format",
      ]))
    let file = folder.appendingPathComponent("appstore-account.json")
    for field in fields {
      for value in extremes {
        var bytes = valid
        bytes.replaceSubrange(field.range, with: Array(value.utf8))
        let data = Data(bytes)
        let what = "\(field.key) = \(value)"
        try data.write(to: file)
        do {
          let store = try SimulatedAppStore(
            configuration: configuration, bundleID: ProductID.bundleID, accountFile: file)
          #expect(!mustRefuse(key: field.key, value: value), "\(what) was accepted")
          // What is accepted takes a purchase (or refuses it whole when no ID is left) and shows
          // every date.
          let before = await store.exportAccount()
          do {
            try await store.buyOutside(productID: ProductID.marks550.fullID)
          } catch {
            #expect(error == .transactionIDsExhausted(last: largestID), "\(what): \(error)")
            #expect(await store.exportAccount() == before, "\(what): a refused purchase changed the account")
          }
          for transaction in await store.snapshot().transactions {
            #expect(Rules.formatInstant(transaction.purchaseDate).hasSuffix("Z"))
            #expect(Rules.formatInstant(transaction.revocationDate ?? 0).hasSuffix("Z"))
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
          mustRefuse(key: field.key, value: value)
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
}

extension IntegerBoundsTests {
  /// A forged token waiting in the queue goes to the app as it is: an account whose queued token
  /// carries an ID or a date out of range is refused like one whose transactions do.
  @Test(
    arguments: [
      (UInt64.max, Int64(1_767_603_600)), (UInt64(1_000_000_000_000_001), Int64(1_767_603_600)),
      (UInt64(5), Int64.min), (UInt64(5), Int64(-1)),
    ] as [(UInt64, Int64)])
  func aQueuedForgedTokenIsHeldToTheSameRanges(id: UInt64, date: Int64) async throws {
    let configuration = try StoreKitConfiguration.load(
      from: root.appendingPathComponent("Configuration/QuietPlaces.storekit"))
    let folder = try scratchFolder()
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
}

extension IntegerBoundsTests {
  /// A price the account keeps from `store price` is written digit by digit into every price shown:
  /// one that is not a decimal the store takes is refused at load, and the file stays as it was.
  @Test(arguments: ["99999999999999999999999", "-1", "1e300", "0.99999", ""])
  func anAccountPriceThatIsNoDecimalIsRefused(price: String) async throws {
    let configuration = try StoreKitConfiguration.load(
      from: root.appendingPathComponent("Configuration/QuietPlaces.storekit"))
    let folder = try scratchFolder()
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
