import Foundation
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesAppStore

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
  let configuration = try StoreKitConfiguration.load(from: Fixtures.storeKitFile)
  #expect(configuration.version == StoreKitConfiguration.Version(major: 4, minor: 0))
  #expect(configuration.identifier.map(isUpperHex8) == true)
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
  let bytes = try Data(contentsOf: Fixtures.storeKitFile)
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
  let text = String(decoding: try Data(contentsOf: Fixtures.storeKitFile), as: UTF8.self)
  let range = try #require(text.range(of: old), "fixture text not found: \(old)")
  return Data(text.replacingCharacters(in: range, with: new).utf8)
}

private let file = "QuietPlaces.storekit"
private let decimalHint = "expected a decimal string like \"4.99\" (no currency, no comma)"

/// Each edit of the committed file and the one problem it must cause: `line:column: JSON path: message`,
/// the line and column being where the edited value (or the object missing a key) starts in the
/// file (charts' `displayPrice` value is on line 48 at column 24, after six spaces and `"displayPrice" : `).
@Test(arguments: [
  (
    #""displayPrice" : "4.99","#, "",
    "47:5: products[2]: key 'displayPrice' is missing; write the price as a decimal string like \"4.99\""
  ),
  (
    #""displayPrice" : "4.99""#, #""displayPrice" : "4,99""#,
    "48:24: products[2].displayPrice: is '4,99', \(decimalHint)"
  ),
  (
    #""displayPrice" : "4.99""#, #""displayPrice" : 4.99"#,
    "48:24: products[2].displayPrice: is 4.99, \(decimalHint)"
  ),
  (
    #""displayPrice" : "4.99""#, #""displayPrice" : "-4.99""#,
    "48:24: products[2].displayPrice: is '-4.99', \(decimalHint)"
  ),
  (
    #""displayPrice" : "4.99""#, #""displayPrice" : "£4.99""#,
    "48:24: products[2].displayPrice: is '£4.99', \(decimalHint)"
  ),
  (
    #""displayPrice" : "4.99""#, #""displayPrice" : "1000000000""#,
    "48:24: products[2].displayPrice: is '1000000000', above the highest price this store takes (999999999.9999); no App Store price in any currency comes near it"
  ),
  (
    #""type" : "NonConsumable""#, #""type" : "AutoRenewable""#,
    "65:16: products[2].type: is 'AutoRenewable', expected \"Consumable\" or \"NonConsumable\" (subscriptions belong in subscriptionGroups)"
  ),
  (
    #""familyShareable" : false,"#, #""familyShareable" : "no","#,
    "9:27: products[0].familyShareable: is 'no', expected true or false"
  ),
  (
    #""productID" : "com.gallaxgames.quietplaces.marks100","#, "",
    "7:5: products[0]: key 'productID' is missing; every product needs its product ID"
  ),
  (
    #""productID" : "com.gallaxgames.quietplaces.marks550""#,
    #""productID" : "com.gallaxgames.quietplaces.marks100""#,
    "43:21: products[1].productID: 'com.gallaxgames.quietplaces.marks100' is also the ID of products[0]; give each product its own ID"
  ),
  (
    #""locale" : "en_US""#, #""locale" : "en_GB""#,
    "20:22: products[0].localizations[1].locale: 'en_GB' is also the locale of localizations[0]; give each locale one localization"
  ),
  (
    #""_storefront" : "GBR""#, #""_storefront" : "GB""#,
    "116:21: settings._storefront: is 'GB', expected an App Store storefront's ISO 3166-1 alpha-3 code such as \"GBR\", \"USA\", \"JPN\" or \"DEU\""
  ),
  (
    #""_askToBuyEnabled" : false"#, #""_askToBuyEnabled" : 0"#,
    "109:26: settings._askToBuyEnabled: is 0, expected true or false"
  ),
  (#""major" : 4"#, #""major" : 0"#, "170:15: version.major: is 0; versions start at 1"),
  (#""major" : 4"#, #""major" : "4""#, "170:15: version.major: is '4', expected a whole number"),
  (#""products" : ["#, #""products" : {}, "x" : ["#, "6:16: products: is an object, expected an array"),
  (#""settings" : {"#, #""settings" : {,"#, "108:17: not JSON: expected a string key"),
  ("{\n  \"identifier\"", "[\n  \"identifier\"", "2:16: not JSON: expected ',' or ']'"),
  (
    #""identifier" : "9D3E61A4","#, #""identifier" : "9D3E61A4", "identifier" : "X","#,
    "2:30: not JSON: duplicate key 'identifier'"
  ),
])
func malformedVariantsAreRefusedWithWhereAndWhat(old: String, new: String, message: String) throws {
  let data = try variant(old, new)
  do {
    _ = try StoreKitConfiguration.parse(data, path: file)
    Issue.record("accepted a variant replacing \(old)")
  } catch {
    #expect(error.problems.count == 1, "\(error.description)")
    #expect(error.problems.first?.description == "\(file):\(message)", "\(error.description)")
    #expect(error.description.hasPrefix("\(file): refused: 1 problem\n  \(file):\(message)"))
  }
}

@Test func emptyAndNonJSONInputsAreRefused() {
  for (bytes, message) in [
    (Data(), "X:1:1: not JSON: unexpected end of data"),
    (Data("[]".utf8), "X:1:1: the top level is an array, expected an object"),
    (Data([0xFF, 0xFE]), "X:1:1: not JSON: unexpected character"),
    (Data("{\"a\" : \"\u{1}\"}".utf8), "X:1:9: not JSON: control character in a string"),
    (Data(String(repeating: "[", count: 1000).utf8), "X:1:65: not JSON: nesting deeper than 64 levels"),
  ] {
    do {
      _ = try StoreKitConfiguration.parse(bytes, path: "X")
      Issue.record("accepted \(message)")
    } catch {
      #expect(error.problems.map(\.description) == [message], "\(error.description)")
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
  let original = [UInt8](try Data(contentsOf: Fixtures.storeKitFile))
  let interesting = Array("{}[]\",:0123456789.-eE \\/u\ntrfnal".utf8) + [0x00, 0x80, 0xC3, 0xFF]
  var generator = SeededGenerator(seed: 0x5107_EC17)
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
      #expect(!error.description.isEmpty)
      #expect(error.problems.count <= StoreKitConfiguration.maximumProblems)
    }
  }
  #expect(accepted < 5_000)
}

@Test func aPriceAboveNineDigitsIsTooHighNotMalformed() {
  #expect(StoreKitConfigurationReader.isAboveHighestPrice("1000000000"))
  #expect(StoreKitConfigurationReader.isAboveHighestPrice("12345678901.5"))
  #expect(!StoreKitConfigurationReader.isAboveHighestPrice("999999999.9999"))
  #expect(!StoreKitConfigurationReader.isAboveHighestPrice("01000000000"))
  #expect(!StoreKitConfigurationReader.isAboveHighestPrice("1000000000.99999"))
  #expect(!StoreKitConfigurationReader.isAboveHighestPrice("1,000,000,000"))
}

/// Apple's locale identifiers as Xcode writes them load without a warning: the legacy language
/// codes it still uses, and a number-system keyword.
@Test(arguments: [
  ("iw_IL", "he_IL"), ("in_ID", "id_ID"), ("tl_PH", "fil_PH"), ("ar_SA@numbers=latn", "ar_SA@numbers=latn"),
  ("ar-SA-u-nu-latn", "ar_SA@numbers=latn"), ("en_GB", "en_GB"),
])
func appleLocaleIdentifiersLoadAndResolve(locale: String, resolved: String) throws {
  let data = try variant(#""_locale" : "en_GB""#, "\"_locale\" : \"\(locale)\"")
  let configuration = try StoreKitConfiguration.parse(data, path: file)
  #expect(configuration.warnings.isEmpty, "\(configuration.warnings)")
  #expect(configuration.defaultLocale == locale)
  #expect(PriceFormats.standard.resolve(locale) == resolved)
}

@Test func aNumberingSystemOtherThanLatinLoadsWithAWarning() throws {
  let data = try variant(#""_locale" : "en_GB""#, #""_locale" : "ar_SA@numbers=thai""#)
  let configuration = try StoreKitConfiguration.parse(data, path: file)
  #expect(
    configuration.warnings == [
      "settings._locale 'ar_SA@numbers=thai' asks for the numbering system 'thai', which this store does not write (only latn, or the locale's own); prices are written as the currency's code and the configuration's number (GBP 0.99)"
    ])
}

@Test func aPriceWithMoreDecimalsThanTheCurrencyShowsLoadsWithAWarning() throws {
  let data = try variant(#""displayPrice" : "4.99""#, #""displayPrice" : "4.999""#)
  let configuration = try StoreKitConfiguration.parse(data, path: file)
  #expect(
    configuration.warnings == [
      "the price 4.999 (com.gallaxgames.quietplaces.charts) has more decimals than GBP shows (2): shown rounded in the file's storefront, as StoreKit testing does"
    ])
  let trailingZero = try variant(#""displayPrice" : "4.99""#, #""displayPrice" : "4.990""#)
  #expect(try StoreKitConfiguration.parse(trailingZero, path: file).warnings.isEmpty)
}

/// A file with no `products`, or with `"products" : null`, loads as one with none, and says which it
/// was (the note beside it names the game's products the store then answers are unavailable).
@Test func missingOrNullProductsLoadAsNoneWithANote() throws {
  let data = try Data(contentsOf: Fixtures.storeKitFile)
  var top = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  top["products"] = NSNull()
  let null = try StoreKitConfiguration.parse(try JSONSerialization.data(withJSONObject: top), path: file)
  #expect(null.products.isEmpty)
  #expect(null.notes.first == #""products" is null: read as no products"#)
  top.removeValue(forKey: "products")
  let missing = try StoreKitConfiguration.parse(try JSONSerialization.data(withJSONObject: top), path: file)
  #expect(missing.products.isEmpty)
  #expect(missing.notes.first == #"the file has no "products": read as no products"#)
}
