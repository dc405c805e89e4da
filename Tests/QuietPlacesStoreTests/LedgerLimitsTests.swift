import Foundation
import QuietPlacesGame
import QuietPlacesStore
import QuietPlacesStoreKit
import QuietPlacesTestSupport
import Testing

/// A ledger of ten thousand transactions: kept in order, found by ID, saved and read back whole.
@Suite struct LedgerLimitsTests {
  @Test func tenThousandTransactionsStayOrderedFoundAndSaved() throws {
    var ledger = TransactionLedger()
    var generator = SystemRandomNumberGenerator()
    let ids = (1...10_000).map { TransactionID($0) }.shuffled(using: &generator)
    for id in ids { ledger.record(.init(id: id, product: id % 2 == 0 ? .marks100 : .marks550)) }
    // Recording an ID again changes nothing: the ledger is what keeps a delivery from happening twice.
    for id in ids.prefix(100) { ledger.record(.init(id: id, product: .marks100)) }
    #expect(ledger.ids == (1...10_000).map { TransactionID($0) })
    #expect(ledger.contains(1) && ledger.contains(10_000) && !ledger.contains(10_001) && !ledger.contains(0))
    #expect(ledger.entry(4_321)?.product == .marks550)

    let save = AppSave(game: newGame(), ledger: ledger)
    let data = try SaveCodec.encode(save)
    let read = try SaveCodec.decode(data, file: "save.json", rules: rules)
    #expect(read.ledger == ledger)
    #expect(data.count < 1_000_000)
  }
}
