import Foundation
import QuietPlacesGame
import Testing

@testable import QuietPlacesAppStore

/// `Configuration/QuietPlaces.storekit`, found from this file's path.
private let configurationURL = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent()  // QuietPlacesStoreTests
  .deletingLastPathComponent()  // Tests
  .deletingLastPathComponent()  // package root
  .appendingPathComponent("Configuration/QuietPlaces.storekit")

/// The seed's table, typed from the seed.
private let seedProducts:
  [(
    suffix: String, type: StoreKitConfiguration.ProductType, price: String, name: String, description: String
  )] = [
    ("marks100", .consumable, "0.99", "100 Postmarks", "100 Postmarks for supplies or sail colours."),
    ("marks550", .consumable, "3.99", "550 Postmarks", "550 Postmarks for supplies or sail colours."),
    ("charts", .nonConsumable, "4.99", "Luminous charts", "Permanently earn 50% more Discoveries."),
    ("hold", .nonConsumable, "2.99", "Deep hold", "Keep up to 32 hours of offline earnings."),
    ("signal", .nonConsumable, "2.99", "Companion signal", "One permanent scout; 20% more scout income."),
  ]

private func isUpperHex8(_ text: String) -> Bool {
  text.utf8.count == 8 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x46).contains($0) }
}

@Test func theCommittedFileHoldsTheSeedsFiveProducts() throws {
  let configuration = try StoreKitConfiguration.load(from: configurationURL)
  #expect(configuration.version == StoreKitConfiguration.Version(major: 4, minor: 0))
  #expect(isUpperHex8(configuration.identifier))
  #expect(configuration.products.map(\.id) == seedProducts.map { "com.gallaxgames.quietplaces." + $0.suffix })
  for (product, seed) in zip(configuration.products, seedProducts) {
    #expect(product.type == seed.type)
    #expect(product.displayPrice == Decimal(string: seed.price)!)
    #expect(product.familyShareable == false)
    #expect(isUpperHex8(product.internalID))
    #expect(product.referenceName == seed.name)
    #expect(product.localizations.map(\.locale) == ["en_GB", "en_US"])
    for locale in ["en_GB", "en_US"] {
      #expect(product.localizationsByLocale[locale]?.displayName == seed.name)
      #expect(product.localization(for: locale)?.description == seed.description)
    }
  }
  #expect(Set(configuration.products.map(\.internalID)).count == 5)
  #expect(configuration.defaultStorefront == "GBR")
  #expect(configuration.defaultLocale == "en_GB")
  #expect(configuration.askToBuyEnabled == false)
  #expect(configuration.failTransactionsEnabled == false)
  #expect(configuration.ignoredProductIDs.isEmpty)
  #expect(
    Set(configuration.settings.otherKeys.keys) == [
      "_billingGracePeriodEnabled", "_billingIssuesEnabled", "_disableDialogs",
      "_renewalBillingIssuesEnabled",
      "_storeKitErrors", "_timeRate",
    ])
}

@Test func theCommittedFileRoundTripsByteForByte() throws {
  let bytes = try Data(contentsOf: configurationURL)
  let configuration = try StoreKitConfiguration.parse(bytes, path: "QuietPlaces.storekit")
  #expect(configuration.xcodeFormattedData() == bytes)
  let text = String(decoding: bytes, as: UTF8.self)
  #expect(text.contains("\"nonRenewingSubscriptions\" : [\n\n  ],"))
  #expect(text.contains("\"_storefront\" : \"GBR\",\n    \"_storeKitErrors\" : ["))
  #expect(text.hasSuffix("  }\n}\n"))
  // The Codable form round-trips too.
  let decoded = try JSONDecoder().decode(
    StoreKitConfiguration.self, from: JSONEncoder().encode(configuration))
  #expect(decoded.products == configuration.products)
  #expect(decoded.xcodeFormattedData() == bytes)
}

@Test func aFileXcodeWroteWithSubscriptionsRoundTripsAndListsThemAsIgnored() throws {
  let text = """
    {
      "identifier" : "3D44023D",
      "nonRenewingSubscriptions" : [
        {
          "displayPrice" : "1.99",
          "familyShareable" : false,
          "internalID" : "0A0B0C0D",
          "localizations" : [

          ],
          "productID" : "season.pass",
          "referenceName" : "Season",
          "type" : "NonRenewingSubscription"
        }
      ],
      "products" : [

      ],
      "settings" : {
        "_lastSynchronizedDate" : 793882906.67838395,
        "_storefront" : "USA",
        "_storeKitErrors" : [

        ],
        "_timeRate" : 0
      },
      "subscriptionGroups" : [
        {
          "id" : "0D4D641A",
          "localizations" : [

          ],
          "name" : "Subscriptions",
          "subscriptions" : [
            {
              "displayPrice" : "11.99",
              "productID" : "ID_2",
              "subscriptionGroupID" : "0D4D641A",
              "type" : "RecurringSubscription",
              "url" : "https:\\/\\/example.com\\/a"
            }
          ]
        }
      ],
      "version" : {
        "major" : 1,
        "minor" : 2
      }
    }

    """
  let configuration = try StoreKitConfiguration.parse(Data(text.utf8), path: "Other.storekit")
  #expect(configuration.ignoredProductIDs == ["season.pass", "ID_2"])
  #expect(configuration.products.isEmpty)
  #expect(configuration.defaultStorefront == "USA")
  #expect(configuration.defaultLocale == "en_US")
  #expect(String(decoding: configuration.xcodeFormattedData(), as: UTF8.self) == text)
}

/// Replaces the first occurrence of `old` in the committed file with `new`.
private func variant(_ old: String, _ new: String) throws -> Data {
  let text = String(decoding: try Data(contentsOf: configurationURL), as: UTF8.self)
  let range = try #require(text.range(of: old), "fixture text not found: \(old)")
  return Data(text.replacingCharacters(in: range, with: new).utf8)
}

private let file = "QuietPlaces.storekit"
private let marks100 = "\(file): product 'com.gallaxgames.quietplaces.marks100'"
private let charts = "\(file): product 'com.gallaxgames.quietplaces.charts'"
private let decimalHint = "expected a decimal string like \"4.99\""

@Test(arguments: [
  (#""displayPrice" : "4.99","#, "", "\(charts): key 'displayPrice' is missing"),
  (
    #""displayPrice" : "4.99""#, #""displayPrice" : "4,99""#,
    "\(charts): key 'displayPrice' is '4,99', \(decimalHint)"
  ),
  (
    #""displayPrice" : "4.99""#, #""displayPrice" : 4.99"#,
    "\(charts): key 'displayPrice' is 4.99, \(decimalHint)"
  ),
  (
    #""displayPrice" : "4.99""#, #""displayPrice" : "-4.99""#,
    "\(charts): key 'displayPrice' is '-4.99', \(decimalHint)"
  ),
  (
    #""displayPrice" : "4.99""#, #""displayPrice" : "£4.99""#,
    "\(charts): key 'displayPrice' is '£4.99', \(decimalHint)"
  ),
  (
    #""type" : "NonConsumable""#, #""type" : "AutoRenewable""#,
    "\(charts): key 'type' is 'AutoRenewable', expected \"Consumable\" or \"NonConsumable\""
  ),
  (
    #""familyShareable" : false,"#, #""familyShareable" : "no","#,
    "\(marks100): key 'familyShareable' is 'no', expected true or false"
  ),
  (
    #""productID" : "com.gallaxgames.quietplaces.marks100","#, "",
    "\(file): product #1: key 'productID' is missing"
  ),
  (
    #""productID" : "com.gallaxgames.quietplaces.marks550""#,
    #""productID" : "com.gallaxgames.quietplaces.marks100""#,
    "\(marks100) appears more than once"
  ),
  (
    #""displayName" : "100 Postmarks","#, "",
    "\(marks100): localization 'en_GB': key 'displayName' is missing"
  ),
  (#""locale" : "en_US""#, #""locale" : "en_GB""#, "\(marks100): locale 'en_GB' appears more than once"),
  (
    #""_storefront" : "GBR""#, #""_storefront" : "GB""#,
    "\(file): settings: key '_storefront' is 'GB', expected an ISO 3166-1 alpha-3 code like \"GBR\""
  ),
  (
    #""_askToBuyEnabled" : false"#, #""_askToBuyEnabled" : 0"#,
    "\(file): settings: key '_askToBuyEnabled' is 0, expected true or false"
  ),
  (#""major" : 4"#, #""major" : 9"#, "\(file): unsupported version 9; this reads versions 1 to 5"),
  (
    #""major" : 4"#, #""major" : "4""#,
    "\(file): version: key 'major' is '4', expected a non-negative integer"
  ),
  (
    #""products" : ["#, #""products" : {}, "x" : ["#,
    "\(file): key 'products' is an object, expected an array"
  ),
  (#""identifier" : "9D3E61A4","#, "", "\(file): key 'identifier' is missing"),
  (#""settings" : {"#, #""settings" : {,"#, "\(file): not JSON: expected a string key at line"),
  (
    "{\n  \"identifier\"", "[\n  \"identifier\"",
    "\(file): not JSON: expected ',' or ']' at line 2, column 16"
  ),
  (
    #""identifier" : "9D3E61A4","#, #""identifier" : "9D3E61A4", "identifier" : "X","#,
    "\(file): not JSON: duplicate key 'identifier' at line 2, column 30"
  ),
])
func malformedVariantsAreRejectedWithTheirMessage(old: String, new: String, message: String) throws {
  let data = try variant(old, new)
  do {
    _ = try StoreKitConfiguration.parse(data, path: file)
    Issue.record("accepted a variant replacing \(old)")
  } catch {
    #expect(error.description.hasPrefix(message), "\(error.description)")
    #expect(!error.description.contains("\n"))
  }
}

@Test func emptyAndNonJSONInputsAreRejected() {
  for (bytes, message) in [
    (Data(), "X: not JSON: unexpected end of data at line 1, column 1"),
    (Data("[]".utf8), "X: not JSON: the top level is an array, expected an object"),
    (Data([0xFF, 0xFE]), "X: not JSON: unexpected character at line 1, column 1"),
    (Data("{\"a\" : \"\u{1}\"}".utf8), "X: not JSON: control character in a string at line 1, column 9"),
    (Data(String(repeating: "[", count: 1000).utf8), "X: not JSON: nesting deeper than 64 levels"),
  ] {
    do {
      _ = try StoreKitConfiguration.parse(bytes, path: "X")
      Issue.record("accepted \(message)")
    } catch {
      #expect(error.description.hasPrefix(message), "\(error.description)")
    }
  }
  do {
    _ = try StoreKitConfiguration.load(from: URL(fileURLWithPath: "/nonexistent/Missing.storekit"))
    Issue.record("loaded a missing file")
  } catch {
    #expect(error.description.hasPrefix("Missing.storekit: cannot be read: "), "\(error.description)")
  }
}

@Test(arguments: [
  ("0.99", true), ("4.99", true), ("0", true), ("12", true), ("1.5", true), ("0.9999", true),
  ("4,99", false), (".99", false), ("4.", false), ("04.99", false), ("-1", false), ("+1", false),
  ("1e2", false),
  ("4.99999", false), ("", false), (" 4.99", false), ("١.٩٩", false), ("1234567890", false),
])
func pricesAreParsedStrictly(text: String, accepted: Bool) {
  #expect((StoreKitConfigurationReader.decimal(text) != nil) == accepted)
}

@Test func mutatedBytesOfTheRealFileNeverCrashTheLoader() throws {
  let original = [UInt8](try Data(contentsOf: configurationURL))
  let interesting = Array("{}[]\",:0123456789.-eE \\/u\ntrfnal".utf8) + [0x00, 0x80, 0xC3, 0xFF]
  var generator = SplitMix64(seed: 0x5107_EC17)
  var accepted = 0
  for _ in 0..<5_000 {
    var bytes = original
    for _ in 0..<Int.random(in: 1...3, using: &generator) where !bytes.isEmpty {
      let position = Int.random(in: 0..<bytes.count, using: &generator)
      let byte =
        Bool.random(using: &generator)
        ? interesting.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
      switch Int.random(in: 0..<4, using: &generator) {
      case 0: bytes[position] = byte
      case 1: bytes.insert(byte, at: position)
      case 2: bytes.remove(at: position)
      default:
        bytes.removeSubrange(
          position..<min(bytes.count, position + Int.random(in: 1...40, using: &generator)))
      }
    }
    do {
      let configuration = try StoreKitConfiguration.parse(Data(bytes), path: file)
      accepted += 1
      // Whatever is accepted can be written and read back to the same model.
      let rewritten = try StoreKitConfiguration.parse(configuration.xcodeFormattedData(), path: "again")
      #expect(rewritten == configuration)
    } catch {
      #expect(!error.description.isEmpty && !error.description.contains("\n"))
    }
  }
  #expect(accepted < 5_000)
}
