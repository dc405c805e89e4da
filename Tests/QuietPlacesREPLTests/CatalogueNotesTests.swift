import Foundation
import QuietPlacesAppStore
import QuietPlacesREPL
import Testing

/// `--storekit FILE`: what the file holds that Quiet Places cannot sell is listed as ignored, and
/// the Quiet Places products it lacks are named as unavailable.
@Suite struct CatalogueNotesTests {
  let storeKitFile = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Configuration/QuietPlaces.storekit")

  @Test func theShippedCatalogueNeedsNoNote() throws {
    let storeKit = try StoreKitConfiguration.load(from: storeKitFile)
    #expect(SessionEnvironment.catalogueNotes(storeKit, file: "QuietPlaces.storekit").isEmpty)
  }

  @Test func anEditedCatalogueNamesWhatItIgnoresAndLacks() throws {
    var json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: storeKitFile)) as? [String: Any])
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
        "note: edited.storekit: ignored com.example.other.gems (not Quiet Places products)",
        "note: edited.storekit: no hold; the store answers that they are unavailable",
      ])
  }
}
