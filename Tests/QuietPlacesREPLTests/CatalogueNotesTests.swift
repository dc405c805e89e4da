import Foundation
import QuietPlacesAppStore
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesREPL

/// `--storekit FILE`: what the file holds that Quiet Places cannot sell is listed as ignored, and
/// the Quiet Places products it lacks are named as unavailable.
@Suite struct CatalogueNotesTests {
  @Test func theShippedCatalogueNeedsNoNote() throws {
    let storeKit = try StoreKitConfiguration.load(from: Fixtures.storeKitFile)
    #expect(SessionEnvironment.catalogueNotes(storeKit, file: "QuietPlaces.storekit").isEmpty)
  }

  @Test func anEditedCatalogueNamesWhatItIgnoresAndLacks() throws {
    var json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.storeKitFile)) as? [String: Any])
    var products = try #require(json["products"] as? [[String: Any]])
    products.removeAll { ($0["productID"] as? String)?.hasSuffix(".hold") == true }
    var other = products[0]
    other["productID"] = "com.example.other.gems"
    other["internalID"] = "0000ABCD"
    products.append(other)
    json["products"] = products
    let storeKit = try StoreKitConfiguration.parse(
      try JSONSerialization.data(withJSONObject: json), path: "edited.storekit")
    #expect(
      SessionEnvironment.catalogueNotes(storeKit, file: "edited.storekit") == [
        "note: edited.storekit: ignored: 1 product Quiet Places does not sell: com.example.other.gems",
        "note: edited.storekit: no hold; the store answers that they are unavailable",
      ])
  }

  @Test func typeMismatchesPrintOneStartUpWarningEach() throws {
    let file = Fixtures.storeKitCorpus.appendingPathComponent("edited/type-mismatches.storekit")
    let storeKit = try StoreKitConfiguration.load(from: file, path: "mismatch.storekit")
    #expect(
      SessionEnvironment.startupLines(storeKit, file: "mismatch.storekit") == [
        "warning: mismatch.storekit: marks100 is NonConsumable in this file but Consumable in the app: "
          + "the App Store sells it once per account: buying it again returns the first transaction "
          + "without a charge, and the app, which delivered it already, delivers nothing",
        "warning: mismatch.storekit: charts is Consumable in this file but NonConsumable in the app: "
          + "StoreKit never lists a consumable among current entitlements, so the launch or restore after "
          + "a purchase removes Luminous charts, and nothing brings it back",
      ])
    // The shipped file needs no line at all.
    #expect(
      SessionEnvironment.startupLines(try StoreKitConfiguration.load(from: Fixtures.storeKitFile), file: nil)
        .isEmpty)
  }

  @Test func storeKitCheckReportsEveryFileAndFailsOnARefusalOrAMismatch() throws {
    let check = StoreKitCheck(formats: .standard)
    let good = Fixtures.storeKitCorpus.appendingPathComponent("v1.0-SongPocket.storekit").path
    let refused = Fixtures.storeKitCorpus.appendingPathComponent("edited/three-problems.storekit").path
    let mismatched = Fixtures.storeKitCorpus.appendingPathComponent("edited/type-mismatches.storekit").path
    let newer = Fixtures.storeKitCorpus.appendingPathComponent("edited/version-6.1.storekit").path

    let (goodLines, goodFailed) = check.run([good, newer])
    #expect(!goodFailed)  // a newer version warns but is no failure
    #expect(
      goodLines.first
        == "\(good): loads: version 1.0, 1 product (0 of Quiet Places'), storefront USA (unset), locale en_US (unset)"
    )
    #expect(goodLines.last == "2 files: 2 load, 0 refused, 0 with type mismatches")

    let (lines, failed) = check.run([good, refused, mismatched])
    #expect(failed)
    // Every problem of the refused file, each on its own line after the file's first line.
    let start = try #require(lines.firstIndex(of: "\(refused): refused: 3 problems"))
    #expect(lines[start + 1].hasPrefix("  \(refused):28:24: products[1].displayPrice: "))
    #expect(lines[start + 3].hasPrefix("  \(refused):115:21: settings._storefront: "))
    #expect(lines.filter { $0.hasPrefix("  warning: ") }.count == 2)
    #expect(lines.last == "3 files: 2 load, 1 refused, 1 with type mismatches")

    #expect((check.run([mismatched])).failed)
  }

  @Test func anEmptyPathIsAnEmptyPathNotAFolder() {
    let (lines, failed) = StoreKitCheck(formats: .standard).run([""])
    #expect(failed)
    #expect(
      lines == [
        #""": an empty path; give the path of a .storekit file"#,
        "1 file: 0 load, 1 refused, 0 with type mismatches",
      ])
  }
}
