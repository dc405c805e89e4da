import Foundation
import QuietPlacesStore
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesAppStore

/// Quiet Places' five products as the game defines them.
private let quietPlaces = ProductID.allCases.map { product in
  StoreKitConfiguration.ExpectedProduct(
    id: product.fullID, name: product.rawValue, type: product.permanent == nil ? .consumable : .nonConsumable)
}

private func load(_ name: String) throws(StoreKitConfigurationError) -> StoreKitConfiguration {
  try StoreKitConfiguration.load(from: Fixtures.storeKitCorpus.appendingPathComponent(name), path: name)
}

/// Every real file loads, with its version, its products and the notes of what Quiet Places ignores.
/// The counts are those of the files (subscriptions in `subscriptionGroups[].subscriptions`, offers
/// as `introductoryOffer`, `subscriptionOffers`, `codeOffers`, `winbackOffers` and `adHocOffers` entries).
@Test(arguments: [
  ("v1.0-SongPocket.storekit", "1.0", 1, [String]()),
  (
    "v1.0-RevenueCat-SwiftUIExample.storekit", "1.0", 1,
    ["ignored: 2 auto-renewable subscriptions with 2 offers (Quiet Places sells none)"]
  ),
  ("v1.0-WristSteps.storekit", "1.0", 1, []),
  ("v1.1-chemistry-Colombia.storekit", "1.1", 8, []),
  ("v1.1-chemistry-Mexico.storekit", "1.1", 8, []),
  ("v1.1-TweaksForReddit.storekit", "1.1", 1, []),
  ("v1.1-simoleon.storekit", "1.1", 0, ["ignored: 1 auto-renewable subscription (Quiet Places sells none)"]),
  (
    "v1.2-RevenueCat-SwiftUIConfiguration.storekit", "1.2", 3,
    [
      "ignored: 5 auto-renewable subscriptions in 2 groups with 2 offers, 1 code offer and 2 ad hoc offers (Quiet Places sells none)"
    ]
  ),
  ("v1.2-RestockList.storekit", "1.2", 1, []),
  (
    "v2.0-storekit-config-file-demo.storekit", "2.0", 1,
    ["ignored: 2 auto-renewable subscriptions (Quiet Places sells none)"]
  ),
  (
    "v2.0-RevenueCat-SimpleApp.storekit", "2.0", 0,
    ["ignored: 2 auto-renewable subscriptions (Quiet Places sells none)"]
  ),
  (
    "v2.0-RevenueCat-PurchaseTester.storekit", "2.0", 2,
    [
      "ignored: 1 non-renewing subscription (Quiet Places sells none)",
      "ignored: 9 auto-renewable subscriptions in 4 groups with 5 offers and 4 ad hoc offers (Quiet Places sells none)",
      "ignored: subscriptionOffersKeyPair (Quiet Places does not use it)",
    ]
  ),
  (
    "v3.0-chengyu-CN.storekit", "3.0", 1,
    ["ignored: 2 auto-renewable subscriptions with 2 offers (Quiet Places sells none)"]
  ),
  ("v3.0-Pret-Materiel.storekit", "3.0", 4, []),
  (
    "v3.0-RevenueCat-PurchaseTesterSwiftUI.storekit", "3.0", 2,
    [
      "ignored: 1 non-renewing subscription (Quiet Places sells none)",
      "ignored: 13 auto-renewable subscriptions in 6 groups with 4 offers, 8 code offers and 5 ad hoc offers (Quiet Places sells none)",
    ]
  ),
  (
    "v4.0-RevenueCat-rc-maestro.storekit", "4.0", 2,
    [
      "ignored: 4 auto-renewable subscriptions in 2 groups with 1 ad hoc offer (Quiet Places sells none)",
      "ignored: appPolicies, subscriptionOffersKeyPair (Quiet Places does not use them)",
    ]
  ),
  (
    "v4.0-AI-Comic-maker.storekit", "4.0", 4,
    ["ignored: 3 auto-renewable subscriptions with 3 offers (Quiet Places sells none)"]
  ),
  (
    "v4.0-Pret-Materiel.storekit", "4.0", 4,
    [
      "ignored: 2 auto-renewable subscriptions (Quiet Places sells none)",
      "ignored: appPolicies (Quiet Places does not use it)",
    ]
  ),
  (
    "v4.0-RevenueCat-PaywallsTester.storekit", "4.0", 2,
    [
      "ignored: 3 auto-renewable subscriptions with 1 offer and 3 ad hoc offers (Quiet Places sells none)",
      "ignored: appPolicies (Quiet Places does not use it)",
    ]
  ),
  (
    "v5.0-RevenueCat-UnitTests.storekit", "5.0", 2,
    [
      "ignored: 1 non-renewing subscription (Quiet Places sells none)",
      "ignored: 4 auto-renewable subscriptions in 2 groups with 3 offers and 4 ad hoc offers (Quiet Places sells none)",
      "ignored: appPolicies (Quiet Places does not use it)",
    ]
  ),
])
func everyRealXcodeFileLoadsWithItsNote(name: String, version: String, products: Int, notes: [String]) throws
{
  let configuration = try load(name)
  #expect("\(configuration.version.major).\(configuration.version.minor)" == version)
  #expect(configuration.products.count == products)
  #expect(configuration.notes == notes)
  #expect(configuration.warnings.isEmpty)
  #expect(configuration.typeMismatches(quietPlaces).isEmpty)
  // Files of Xcode 12.0–12.4 (version 1.0) have no identifier; later ones do.
  #expect((configuration.identifier == nil) == (version == "1.0"))
  // What was read is written back and reads as the same model.
  let again = try StoreKitConfiguration.parse(configuration.xcodeFormattedData(), path: name)
  #expect(again.products == configuration.products)
  #expect(again.settings == configuration.settings)
  // Every product can be sold by the simulated store, with a name and a price.
  let catalogue = try StoreCatalogue(configuration: configuration, bundleID: ProductID.bundleID)
  for item in catalogue.items {
    let product = catalogue.product(item, in: catalogue.defaultStorefront)
    #expect(!product.displayName.isEmpty)
    #expect(!product.displayPrice.isEmpty)
  }
}

@Test func theCorpusHasEveryVersionFrom1To5() throws {
  let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.storeKitCorpus.path).filter {
    $0.hasSuffix(".storekit")
  }
  let versions = Set(
    try names.map { name in
      let version = try load(name).version
      return "\(version.major).\(version.minor)"
    })
  #expect(versions == ["1.0", "1.1", "1.2", "2.0", "3.0", "4.0", "5.0"])
}

@Test func emptyNamesShowTheProductIDAndEmptyDescriptionsLoad() throws {
  // Xcode writes "" for a name or description nobody typed; the real file has both.
  let real = try load("v1.1-TweaksForReddit.storekit")
  #expect(real.products[0].localizations[0].displayName == "")
  let catalogue = try StoreCatalogue(configuration: real, bundleID: ProductID.bundleID)
  #expect(catalogue.product(catalogue.items[0], in: Storefront.usa).displayName == "livecommentpreview")
  // The edited copy of Quiet Places' own file: charts' names and descriptions emptied in both locales.
  let edited = try load("edited/empty-strings.storekit")
  let charts = try #require(edited.product(id: ProductID.charts.fullID))
  #expect(charts.localizations.allSatisfy { $0.displayName.isEmpty && $0.description.isEmpty })
  #expect(charts.displayName(for: "en_GB") == ProductID.charts.fullID)
  let shop = try StoreCatalogue(configuration: edited, bundleID: ProductID.bundleID)
  #expect(
    shop.product(try #require(shop.item(ProductID.charts.fullID)), in: Storefront.gbr).displayName
      == ProductID.charts.fullID)
}

@Test func aNullReferenceNameAndNoIdentifierLoadAndAreWrittenBackAsTheyWere() throws {
  let configuration = try load("edited/null-reference-name-no-identifier.storekit")
  #expect(configuration.identifier == nil)
  #expect(configuration.product(id: ProductID.hold.fullID)?.referenceName == nil)
  let text = String(decoding: configuration.xcodeFormattedData(), as: UTF8.self)
  #expect(text.contains("\"referenceName\" : null"))
  #expect(!text.contains("\"identifier\""))
  let original = try Data(
    contentsOf: Fixtures.storeKitCorpus.appendingPathComponent(
      "edited/null-reference-name-no-identifier.storekit"))
  #expect(configuration.xcodeFormattedData() == original)
  // The real Colombian file has null reference names too.
  #expect(try load("v1.1-chemistry-Colombia.storekit").products.allSatisfy { $0.referenceName == nil })
}

@Test func emptySettingsLoadWithXcodesDefaults() throws {
  let configuration = try load("v2.0-storekit-config-file-demo.storekit")
  #expect(configuration.settings == StoreKitConfiguration.Settings())
  #expect(configuration.defaultStorefront == "USA")
  #expect(configuration.defaultLocale == "en_US")
}

@Test func aNewerMajorVersionLoadsWithAWarningAndItsUnknownKeyNoted() throws {
  let configuration = try load("edited/version-6.1.storekit")
  #expect(configuration.products.count == 5)
  #expect(
    configuration.warnings == [
      "version 6.1 is newer than the versions this reader knows (1.0 to 5.x); its products were read as in version 5"
    ])
  #expect(configuration.notes == ["ignored: a key this reader does not know: storeKitPlayground"])
}

@Test func threeProblemsAreReportedTogetherInFileOrder() throws {
  let name = "edited/three-problems.storekit"
  do {
    _ = try load(name)
    Issue.record("loaded a file with three problems")
  } catch {
    // Lines and columns of the three edits in the file (1-based; the column of the value, or of
    // the object that lacks a key).
    #expect(
      error.problems.map(\.description) == [
        "\(name):28:24: products[1].displayPrice: is '3,99', expected a decimal string like \"4.99\" (no currency, no comma)",
        "\(name):77:9: products[3].localizations[1]: key 'locale' is missing; write a locale like \"en_GB\"",
        "\(name):115:21: settings._storefront: is 'XYZ', expected an App Store storefront's ISO 3166-1 alpha-3 code such as \"GBR\", \"USA\", \"JPN\" or \"DEU\"",
      ])
    #expect(error.description.hasPrefix("\(name): refused: 3 problems\n  \(name):28:24: "))
  }
}

@Test func atMostTwentyProblemsAreListedOfMany() throws {
  // 30 products, each without a price: 30 problems, the first 20 listed.
  let product = #"{ "productID" : "p", "type" : "Consumable" }"#
  let products = (0..<30).map { product.replacing("\"p\"", with: "\"p\($0)\"") }.joined(separator: ",\n")
  let text = "{\n\"products\" : [\n\(products)\n],\n\"version\" : { \"major\" : 4, \"minor\" : 0 }\n}\n"
  do {
    _ = try StoreKitConfiguration.parse(Data(text.utf8), path: "many.storekit")
    Issue.record("loaded products without prices")
  } catch {
    #expect(error.problems.count == 20)
    #expect(error.description.hasPrefix("many.storekit: refused: 30 problems (the first 20 listed)\n"))
    // Product n is on line n + 3 (the lines before it: "{", "\"products\" : [").
    #expect(
      error.problems.first?.description.hasPrefix(
        "many.storekit:3:1: products[0]: key 'displayPrice' is missing") == true)
    #expect(error.problems.last?.description.hasPrefix("many.storekit:22:1: products[19]: ") == true)
  }
}

@Test func aFileOver4MiBIsRefusedBeforeParsing() throws {
  // 5 MiB of spaces and then an invalid byte: refused for its size, never parsed (parsing would
  // report the byte).
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("storekit-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let url = folder.appendingPathComponent("huge.storekit")
  try (Data(repeating: 0x20, count: 5 * 1024 * 1024) + Data([0xFF])).write(to: url)
  do {
    _ = try StoreKitConfiguration.load(from: url, path: "huge.storekit")
    Issue.record("loaded a 5 MiB file")
  } catch {
    // 5 × 1,048,576 + 1 = 5,242,881 bytes; the limit is 4 × 1,048,576 = 4,194,304.
    #expect(error == .tooLarge(path: "huge.storekit", bytes: 5_242_881))
    #expect(error.description.hasPrefix("huge.storekit: 5,242,881 bytes is more than the 4,194,304 (4 MiB)"))
  }
  // Exactly 4 MiB is still read (and here refused as not JSON, which shows it was parsed).
  try (Data(repeating: 0x20, count: 4 * 1024 * 1024 - 1) + Data([0xFF])).write(to: url)
  do {
    _ = try StoreKitConfiguration.load(from: url, path: "huge.storekit")
  } catch {
    #expect(error.problems.first?.message == "not JSON: unexpected character")
  }
}

@Test func typeMismatchesLoadWithOneWarningEach() throws {
  let configuration = try load("edited/type-mismatches.storekit")
  #expect(configuration.product(id: ProductID.charts.fullID)?.type == .consumable)
  #expect(
    configuration.typeMismatches(quietPlaces) == [
      "marks100 is NonConsumable in this file but Consumable in the app: the App Store sells it once per account: buying it again returns the first transaction without a charge, and the app, which delivered it already, delivers nothing",
      "charts is Consumable in this file but NonConsumable in the app: StoreKit never lists a consumable among current entitlements, so the launch or restore after a purchase removes charts, and nothing brings it back",
    ])
  // The store sells them as the file says.
  let catalogue = try StoreCatalogue(configuration: configuration, bundleID: ProductID.bundleID)
  #expect(catalogue.item(ProductID.charts.fullID)?.type == .consumable)
  #expect(catalogue.item(ProductID.marks100.fullID)?.type == .nonConsumable)
}

@Test func aByteOrderMarkIsSkippedAndJapanPricesInYen() throws {
  let bytes = try Data(
    contentsOf: Fixtures.storeKitCorpus.appendingPathComponent("edited/bom-japan.storekit"))
  #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF])
  let configuration = try load("edited/bom-japan.storekit")
  #expect(configuration.defaultStorefront == "JPN")
  let catalogue = try StoreCatalogue(configuration: configuration, bundleID: ProductID.bundleID)
  let charts = try #require(catalogue.item(ProductID.charts.fullID))
  // ja: ¤#,##0.00 with JPY's 0 digits and symbol ￥: 160 → ￥160.
  #expect(catalogue.product(charts, in: catalogue.defaultStorefront).displayPrice == "￥160")
  // A problem on the first line counts the mark as one column.
  var broken = bytes
  broken.append(contentsOf: Array("x".utf8))
  do {
    _ = try StoreKitConfiguration.parse(broken, path: "b")
  } catch {
    #expect(error.problems.first?.message == "not JSON: unexpected text after the value")
  }
}
