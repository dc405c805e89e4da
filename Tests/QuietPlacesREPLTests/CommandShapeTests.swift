import Foundation
import QuietPlacesGame
import Testing

@testable import QuietPlacesREPL

/// Every command is a parsed value: its words become a value (or a typed usage error) before
/// anything runs, and the same argument words give its usage, its errors and its Tab completion.
@Suite struct CommandShapeTests {
  @Test func everyUsageLineStartsWithItsCommandsName() {
    for command in CommandRegistry.commands {
      for form in command.usage {
        #expect(form.split(separator: " ").first.map(String.init) == command.name, "\(form)")
      }
    }
  }

  @Test func theStoreControlsGiveUsageAndCompletion() {
    #expect(StoreCommand.usage.count == StoreCommand.Control.allCases.count)
    #expect(StoreCommand.completion(after: []) == .words(StoreCommand.Control.words))
    #expect(StoreCommand.usage.contains("store ask-to-buy on|off"))
    #expect(StoreCommand.usage.contains("store storefront \(StorefrontArgument.form)"))
    #expect(StoreCommand.completion(after: ["storefront"]) == .words(StorefrontArgument.codes))
  }

  @Test func storeControlsParseIntoActions() throws {
    #expect(try StoreCommand(parsing: ["ASK-TO-BUY", "On"]).action == .askToBuy(true))
    #expect(try StoreCommand(parsing: ["approve"]).action == .approve(nil))
    #expect(try StoreCommand(parsing: ["resolve", "7"]).action == .resolve(7))
    #expect(try StoreCommand(parsing: ["unavailable", "charts"]).action == .setAvailable(.charts, false))
    #expect(try StoreCommand(parsing: ["storefront", "usa"]).action == .storefront(.usa))
    #expect(throws: CommandError.badArgument(argument: "maybe", expected: "on or off")) {
      try StoreCommand(parsing: ["offline", "maybe"])
    }
    #expect(throws: CommandError.usage(command: "store clear", expected: "store clear")) {
      try StoreCommand(parsing: ["clear", "now"])
    }
    #expect(throws: CommandError.usage(command: "store replay", expected: "store replay ID")) {
      try StoreCommand(parsing: ["replay"])
    }
    let controls =
      "storefront, locale, price, ask-to-buy, approve, decline, interrupted, resolve, fail-purchases, "
      + "cancel-next, error, offline, new-device, unavailable, available, buy-outside, replay, forge, foreign, "
      + "delay-restore, continue or clear"
    #expect(
      throws: CommandError.badArgument(
        argument: "frob", expected: "a store control; write \(controls) (help store SUB says what one does)")
    ) {
      try StoreCommand(parsing: ["frob"])
    }
    // A word one edit from a control names it; a bare store lists them.
    #expect(
      throws: CommandError.badArgument(
        argument: "aprove", expected: "a store control; did you mean 'approve'?")
    ) {
      try StoreCommand(parsing: ["aprove"])
    }
    #expect(
      throws: CommandError.usage(
        command: "store", expected: "a store control; write \(controls) (help store SUB says what one does)")
    ) {
      try StoreCommand(parsing: [])
    }
    // Another command written after store is shown as that command.
    #expect(
      throws: CommandError.badArgument(
        argument: "Refund", expected: "a store control but a command of its own: refund PRODUCT|ID")
    ) {
      try StoreCommand(parsing: ["Refund", "hold"])
    }
  }

  @Test func faultsParseIntoFaults() throws {
    #expect(try FaultCommand(parsing: ["save-fails", "ONCE"]).fault == .saveFails(.once))
    #expect(try FaultCommand(parsing: ["crash-before-finish"]).fault == .crashBeforeFinish)
    #expect(
      throws: CommandError.badArgument(argument: "twice", expected: "a save fault; write once, on or off")
    ) {
      try FaultCommand(parsing: ["save-fails", "twice"])
    }
    #expect(throws: FaultCommand.usageError()) { try FaultCommand(parsing: ["save-fails"]) }
    #expect(throws: FaultCommand.usageError()) { try FaultCommand(parsing: ["crash-before-save", "x"]) }
    #expect(
      FaultCommand.usage == [
        "fault save-fails once|on|off", "fault crash-before-save", "fault crash-before-finish",
      ])
  }

  @Test func advanceParsesADurationOrAGoal() throws {
    // 1h30m is 3,600 + 30 · 60 = 5,400 seconds.
    #expect(try AdvanceCommand(parsing: ["1h30m"]).target == .duration(5400))
    #expect(try AdvanceCommand(parsing: ["until", "atlas"]).target == .until(.atlas))
    #expect(
      try AdvanceCommand(parsing: ["until", "affordable", "scouts"]).target == .until(.affordableScout))
    #expect(
      try AdvanceCommand(parsing: ["until", "affordable", "Cargo"]).target
        == .until(.affordableEquipment(.cargo)))
    #expect(
      throws: CommandError.usage(
        command: "advance until", expected: "bearings, atlas or affordable sails|spyglass|cargo|scout|charter"
      )
    ) { try AdvanceCommand(parsing: ["until", "affordable"]) }
    #expect(throws: AdvanceCommand.usageError()) { try AdvanceCommand(parsing: []) }
    #expect(
      Buyable.allCases.map(\.affordableGoal) == [
        .affordableEquipment(.sails), .affordableEquipment(.spyglass), .affordableEquipment(.cargo),
        .affordableScout, .affordableCharter,
      ])
  }

  @Test func refusalsNameWhatWasToBeBought() {
    // Three sails levels from level 0: 25 + 40 + 64 = 129 Discoveries (25 · 1.6^L).
    #expect(
      CommandError.game(.notAffordable(item: .equipment(.sails), count: 3, cost: 129, held: 88)).message
        == "3 levels of sails cost 129 Discoveries; you hold 88")
    #expect(
      CommandError.game(.notAffordable(item: .scouts, count: 1, cost: 10, held: 9)).message
        == "scout costs 10 Discoveries; you hold 9")
    #expect(
      CommandError.game(.notEnoughPostmarks(item: .colour(.apricot), cost: 40, held: 39)).message
        == "the apricot sail costs 40 Postmarks; you hold 39")
    #expect(
      CommandError.game(.overLimit(item: .cargo, limit: 4, level: 4, requested: 1)).message
        == "cargo is at its limit of 4 levels; nothing more can be bought")
  }

  @Test func errorsAreTypedLinesWithOnePrefix() {
    let line = OutputLine.error(.noQuestion("y"))
    #expect(line.isError)
    #expect(line.text == "error: 'y' answers no question; nothing is waiting for a yes or no")
    #expect(!OutputLine.info("error: is only text here").isError)
    #expect([OutputLine.info("a"), line].hasError)
  }
}
