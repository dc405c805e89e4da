import Foundation
import QuietPlacesGame
import QuietPlacesStore
import QuietPlacesTestSupport
import Testing

/// Every integer field of a save, set in turn to each extreme value: the loader never traps,
/// refuses an ID or a date out of range with one line, and refusing changes and loses nothing (the
/// refused file is kept aside byte for byte); what it accepts can be played and saved again.
@Suite struct SaveBoundsTests {
  @Test func everyIntegerOfASaveAtEveryExtreme() throws {
    var game = GameState(seed: 9, clock: rules.startClock, rules: rules)
    _ = try game.apply(.advance(seconds: 86_400), rules: rules)
    game.grant(.signal)
    var ledger = TransactionLedger()
    ledger.record(.init(id: 1, product: .marks100))
    ledger.record(.init(id: 2, product: .signal, revoked: true))
    let valid = Array(try SaveCodec.encode(AppSave(game: game, ledger: ledger)))
    let fields = ExtremeIntegers.fields(valid)
    #expect(Set(fields.map(\.key)).isSuperset(of: ["id", "clock", "postmarks", "seed", "state", "format"]))
    #expect(fields.count >= 20)
    let folder = try TemporaryFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    let storage = FileSaveStorage(directory: folder, rules: rules)
    var refused = 0
    for field in fields {
      for value in ExtremeIntegers.values {
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
          case .writeFailed, .deleteFailed:
            Issue.record("\(what): a read reported a write or a delete")
          }
          continue
        }
        let save = try #require(read, "\(what): the save vanished")
        #expect(!ExtremeIntegers.mustBeRefused(key: field.key, value: value), "\(what) was accepted")
        // What is accepted runs: it sails, the next transaction ID after its ledger is an ID, its
        // clock is a date, and it saves and reads back the same.
        var state = save.game
        let later = min(state.clock + 28_800, ExtremeIntegers.latestInstant)
        let commands: [GameCommand] = [
          .advance(seconds: 3_600), .upgrade(.sails, .count(1)), .upgrade(.spyglass, .max),
          .upgrade(.cargo, .max), .hire(.max), .charter, .buySupplies, .colour(.apricot), .close,
          .launch(clock: later), .prestige(.bearings), .prestige(.atlas), .freshVoyage,
        ]
        for command in commands { _ = try? state.apply(command, rules: rules) }
        #expect((save.ledger.ids.last ?? 0) < ExtremeIntegers.largestTransactionID + 1, "\(what)")
        #expect(Rules.formatInstant(save.game.clock).hasSuffix("Z"))
        let again = try SaveCodec.decode(try SaveCodec.encode(save), file: "save.json", rules: rules)
        #expect(again == save, "\(what) did not read back the same")
      }
    }
    #expect(refused > 0)
  }
}
