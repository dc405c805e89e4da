import Foundation
import QuietPlacesAppStore
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesREPL

/// A `.storekit` file that gives Quiet Places' products the wrong type loads, and the simulated store
/// sells them as the file says: what the start-up warnings promise is what a session then does.
@Suite struct MisconfiguredCatalogueTests {
  /// A session over the catalogue `Scripts/store/fixtures/NAME` (or the corpus's `edited/NAME`), in
  /// its own folder.
  private func session(_ name: String, corpus: Bool = false) async throws -> (Session, TemporaryFolder) {
    let folder = try TemporaryFolder()
    let file =
      corpus
      ? Fixtures.storeKitCorpus.appendingPathComponent("edited/\(name)")
      : Fixtures.scriptsFolder.appendingPathComponent("store/fixtures/\(name)")
    let storeKit = try StoreKitConfiguration.load(from: file, path: name)
    let environment = SessionEnvironment(
      rules: rules, storeKit: storeKit, saveDirectory: folder.url)
    return (try await Session.start(environment).0, folder)
  }

  @Test func aPackSoldAsANonConsumableIsNeverBoughtTwice() async throws {
    let (session, folder) = try await session("type-mismatches.storekit", corpus: true)
    defer { folder.remove() }
    _ = await session.execute("new --seed 1")
    #expect(
      await session.execute("buy marks100").texts == [
        "Bought 100 Postmarks for £0.99.",
        "Transaction 1 (marks100, via purchase): delivered, +100 Postmarks; saved, then finished.",
      ])
    // StoreKit 2 returns the transaction the account has: no charge, and nothing delivered again.
    #expect(
      await session.execute("buy marks100").texts == [
        "The App Store returned the 100 Postmarks transaction this account already has (it sells the product as a non-consumable, as StoreKit 2 does): nothing charged.",
        "Transaction 1 (marks100, via purchase): already in the ledger; finished, not delivered again.",
      ])
    #expect(await session.execute("state --json postmarks").texts == [#"{"postmarks":100}"#])
    await session.finish()
  }

  /// A display name is text from outside: a control character in it is written escaped, as the shop
  /// writes it, where `buy` names the product (it printed the raw line break, splitting its line).
  @Test func aDisplayNameWithAControlCharacterStaysOnItsLine() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let shipped = try String(
      contentsOf: Fixtures.configurationFolder.appendingPathComponent("QuietPlaces.storekit"), encoding: .utf8
    )
    let edited = shipped.replacingOccurrences(
      of: #""displayName" : "Luminous charts""#, with: #""displayName" : "Lum\u001b[31minous\nX""#)
    #expect(edited != shipped)
    let file = folder.url.appendingPathComponent("control.storekit")
    try edited.write(to: file, atomically: true, encoding: .utf8)
    let storeKit = try StoreKitConfiguration.load(from: file, path: "control.storekit")
    let environment = SessionEnvironment(
      rules: rules, storeKit: storeKit, saveDirectory: folder.url.appendingPathComponent("saves"))
    let session = try await Session.start(environment).0
    _ = await session.execute("new --seed 1")
    let bought = await session.execute("buy charts").texts
    #expect(bought.first?.hasPrefix(#"Bought Lum\u{1B}[31minous\u{A}X for "#) == true)
    #expect(bought.allSatisfy { !$0.contains("\n") && !$0.contains("\u{1B}") })
    await session.finish()
  }

  @Test func chartsSoldAsAConsumableIsRemovedAtTheNextLaunch() async throws {
    let (session, folder) = try await session("type-mismatches.storekit", corpus: true)
    defer { folder.remove() }
    _ = await session.execute("new --seed 1")
    _ = await session.execute("buy charts")
    #expect(await session.execute("state --json owned").texts == [#"{"owned":["charts"]}"#])
    let away = await session.execute("away 1h").texts
    #expect(away.contains("Entitlements: removed Luminous charts; saved."))
    #expect(await session.execute("restore").texts == ["Restore finished: owned nothing."])
    await session.finish()
  }

  @Test func chartsInASubscriptionGroupIsAMismatchAndUnavailable() async throws {
    let name = "charts-as-subscription.storekit"
    let file = Fixtures.scriptsFolder.appendingPathComponent("store/fixtures/\(name)")
    let storeKit = try StoreKitConfiguration.load(from: file, path: name)
    #expect(
      SessionEnvironment.typeMismatches(storeKit) == [
        "charts is an auto-renewable subscription in this file but NonConsumable in the app: the store sells no subscriptions, so Luminous charts is unavailable (no price, it cannot be bought or restored)"
      ])
    #expect(StoreKitCheck(formats: .standard).run([file.path]).failed)
    let (session, folder) = try await session(name)
    defer { folder.remove() }
    _ = await session.execute("new --seed 1")
    #expect(await session.execute("buy charts").hasError)
    await session.finish()
  }
}
