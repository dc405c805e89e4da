import QuietPlacesDevice
import QuietPlacesGame
import QuietPlacesInvariants
import QuietPlacesStore
import QuietPlacesTestSupport
import Testing

/// The checker on devices in memory: each invariant holds on a fresh game and breaks on a device
/// made to break it.
@Suite struct InvariantCheckerTests {
  let factory = try! DeviceFactory(DeviceConfiguration(rules: rules, storeKit: storeKit))

  /// A launched device with its checker.
  func launched() async throws -> (Device, InvariantChecker) {
    let device = try factory.makeDevice(seed: 7)
    _ = try await device.launch()
    return (device, InvariantChecker(rules: rules, start: await device.inspect()))
  }

  @Test func everyCheapInvariantHoldsOnAFreshGame() async throws {
    let (device, checker) = try await launched()
    let cheap = Invariant.allCases.filter { !$0.isCostly }
    #expect(await checker.check(cheap, on: await device.inspect(), device: device).isEmpty)
  }

  @Test func theCostlyOnesHoldAfterSailing() async throws {
    let (device, checker) = try await launched()
    _ = try await device.advance(by: 3 * 3_600)
    let costly = [Invariant.saveRoundTrip, .timeAdditive, .timeStepper]
    #expect(await checker.check(costly, on: await device.inspect(), device: device).isEmpty)
  }

  @Test func postmarksNobodyGrantedBreakTheLedger() async throws {
    let (device, checker) = try await launched()
    var game = try #require(await device.game)
    game.postmarks = 500
    _ = try await device.replaceGame(with: AppSave(game: game))
    let broken = await checker.check([.postmarksLedger], on: await device.inspect(), device: device)
    #expect(
      broken.map(\.message) == [
        "invariant postmarks.ledger broken: expected Postmarks = 0 opening + 0 stamps + 0 New Bearings + 0 Atlas "
          + "+ 0 packs − 0 supplies − 0 colours = 0, found 500 in the running app's save"
      ])
  }

  @Test func aPackGrantedTwiceForOneTransactionBreaksExactlyOnce() async throws {
    let (device, checker) = try await launched()
    var save = try #require(await device.currentSave())
    save.game.receivePack(100, transaction: 1)
    save.game.receivePack(100, transaction: 1)
    save.ledger.record(.init(id: 1, product: .marks100))
    _ = try await device.replaceGame(with: save)
    let broken = await checker.check([.exactlyOnce], on: await device.inspect(), device: device)
    #expect(
      broken.map(\.found) == [
        "transaction 1 (marks100) granted its Postmarks 2 times in the running app's save"
      ])
  }

  @Test func aRefusedStepThatChangedTheClockBreaksTwoInvariants() async throws {
    let (device, checker) = try await launched()
    let before = await device.inspect()
    _ = try await device.advance(by: 60)
    var step = StepRecord(line: "advance 1m")
    step.refused = true
    let broken = checker.record(step, before: await device.inspect(), after: before)
    #expect(broken.map(\.name) == ["clock.monotonic", "refused.changes-nothing"])
    #expect(
      checker.stepBreaks[.refusedChangesNothing]?.found == "it changed the clock and the running app's save")
    // A step's break is kept: `check` reports it later too.
    let later = await checker.check([.clockMonotonic], on: await device.inspect(), device: device)
    #expect(later.count == 1)
  }

  @Test func aDeliveryOfATransactionTheAccountNeverIssuedBreaksVerifiedOnly() async throws {
    let (device, checker) = try await launched()
    let inspection = await device.inspect()
    var step = StepRecord(line: "store forge charts")
    step.storeEvents = [.delivered(id: 9, product: .charts, source: .updates)]
    let broken = checker.record(step, before: inspection, after: inspection)
    #expect(broken.map(\.name) == ["money.verified-only"])
  }
}
