import Foundation
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesAppStore

/// `Configuration/price-formats.tsv`.
private let table = try! PriceFormats.load(from: Fixtures.priceFormatsFile, path: "price-formats.tsv")

/// What CLDR says each price is; the comment gives the pattern, the symbol and the digits it comes from.
@Test(arguments: [
  // en_GB → en_001 → en: pattern ¤#,##0.00; GBP symbol £ (root); GBP 2 digits.
  ("en_GB", "GBR", "0.99", "£0.99"),
  // en_US → en: pattern ¤#,##0.00; USD symbol $ (en); 2 digits.
  ("en_US", "USA", "0.99", "$0.99"),
  // ja: pattern ¤#,##0.00; JPY symbol ￥ (U+FFE5, ja); JPY 0 digits: 160.
  ("ja", "JPN", "160", "￥160"),
  // de: pattern #,##0.00 ¤ (U+00A0 before ¤); EUR symbol € (root); decimal ",".
  ("de", "DEU", "0.99", "0,99\u{A0}€"),
  // en: KRW symbol ₩ (root); KRW 0 digits; group "," every 3: 1,200.
  ("en_US", "KOR", "1200", "₩1,200"),
  // en: GBP £, 2 digits, group ",": 4,900.00.
  ("en_US", "GBR", "4900", "£4,900.00"),
  // en_GB → en_001: USD symbol US$ (en_001).
  ("en_GB", "USA", "0.99", "US$0.99"),
  // zh_CN → zh_Hans_CN → zh: pattern ¤#,##0.00; CNY symbol ¥ (U+00A5, zh).
  ("zh_CN", "CHN", "6", "¥6.00"),
  // es_CO → es_419: pattern ¤#,##0.00; es_CO: decimal ",", group "."; COP symbol $ (es_CO); 2 digits.
  ("es_CO", "COL", "4900", "$4.900,00"),
  // en_IN: pattern ¤#,##,##0.00 (groups of 3 then 2); INR symbol ₹ (root).
  ("en_IN", "IND", "1234567", "₹12,34,567.00"),
  // en: CHF symbol "CHF" (root) ends in a letter: CLDR currency spacing puts U+00A0 before the digits.
  ("en_US", "CHE", "1", "CHF\u{A0}1.00"),
  // ja: JPY 0 digits; 0.5 rounds half to even → 0, 1.5 → 2, 2.5 → 2.
  ("ja", "JPN", "0.5", "￥0"), ("ja", "JPN", "1.5", "￥2"), ("ja", "JPN", "2.5", "￥2"),
  // en: 9.995 → 10.00 (half to even: the 9 before 5 is odd, so up), carrying into a new digit.
  ("en_US", "USA", "999.995", "$1,000.00"),
  // ar_SA: default numbering system arab (zero ٠, decimal ٫, group ٬); with numbers=latn its latn
  // separators "." and "," and Latin digits; pattern ‏#,##0.00 ¤; SAR symbol ر.س.‏ (ar).
  ("ar_SA", "SAU", "1200", "\u{200F}١٬٢٠٠٫٠٠\u{A0}ر.س.\u{200F}"),
  ("ar_SA@numbers=latn", "SAU", "1200", "\u{200F}1,200.00\u{A0}ر.س.\u{200F}"),
  ("ar-SA-u-nu-latn", "SAU", "0.99", "\u{200F}0.99\u{A0}ر.س.\u{200F}"),
  // Apple's legacy codes: iw_IL is he_IL (pattern ‏#,##0.00 ‏¤), in_ID is id_ID (decimal ","; Rp ends
  // in a letter: currency spacing), tl_PH is fil_PH (₱).
  ("iw_IL", "ISR", "0.99", "\u{200F}0.99\u{A0}\u{200F}₪"),
  ("in_ID", "IDN", "0.99", "Rp\u{A0}0,99"),
  ("tl_PH", "PHL", "1200", "₱1,200.00"),
])
func pricesAreWrittenAsCLDRWritesThem(locale: String, storefront: String, amount: String, expected: String) {
  #expect(table.displayPrice(amount, storefront: storefront, locale: locale) == expected)
}

@Test func everyStorefrontXcodeOffersHasACurrencyAndAPrice() throws {
  // 175 storefronts (Scripts/cldr/storefronts.tsv), each an upper-case alpha-3 code, each priced.
  #expect(table.storefronts.count == 175)
  #expect(Set(table.storefronts.map(\.code)).count == 175)
  for info in table.storefronts {
    #expect(info.code.count == 3 && info.code == info.code.uppercased())
    #expect(info.currency.count == 3)
    let price = try #require(table.displayPrice("0.99", storefront: info.code, locale: "en_US"))
    #expect(!price.isEmpty)
  }
  #expect(table.storefront("gbr")?.currency == "GBP")
  #expect(table.storefront("COL")?.currency == "COP")
  #expect(table.storefront("XYZ") == nil)
}

@Test func localeNamesResolveAsCLDRDoes() {
  #expect(table.resolve("en-GB") == "en_GB")
  #expect(table.resolve("EN_gb") == "en_GB")
  #expect(table.resolve("zh_CN") == "zh_Hans_CN")
  #expect(table.resolve("en_XX") == "en")
  #expect(table.resolve("qq") == nil)
  #expect(table.resolve("") == nil)
}

@Test func aTableThatIsNotOneIsRefusedWithItsLine() {
  #expect(throws: PriceFormats.LoadError.self) {
    try PriceFormats.parse("locale\troot\nbogus\tx\n", path: "t")
  }
  do {
    _ = try PriceFormats.parse("storefront\tGBR\tGBP\n", path: "t")
  } catch {
    #expect(error.description == "t: line 1: 'storefront' is not a line this table has")
  }
}

/// A currency's decimal digits pad and cut every price, so a count outside ISO 4217's 0 to 4 (a
/// negative one would index before the first digit; a huge one would pad without end) is refused
/// with its line, and a table with an ISO count formats as before.
@Test(arguments: ["-1", "5", "9223372036854775807", "99999999999999999999", "x"])
func currencyDigitsOutsideISOAreRefused(digits: String) {
  let table = "locale\troot\t\nstorefront\tJPN\tJPY\tJapan\ndigits\tJPY\t\(digits)\n"
  #expect(throws: PriceFormats.LoadError.self) { try PriceFormats.parse(table, path: "t") }
  do {
    _ = try PriceFormats.parse(table, path: "t")
  } catch {
    #expect(error.description.hasPrefix("t: line 3: "))
  }
}

@Test func currencyDigitsWithinISOFormat() throws {
  for digits in 0...4 {
    let table = try PriceFormats.parse(
      "locale\troot\t\nlocale\ten\troot\nstorefront\tJPN\tJPY\tJapan\ndigits\tJPY\t\(digits)\n", path: "t")
    let price = try #require(table.displayPrice("1.5", storefront: "JPN", locale: "en"))
    // 1.5 to 0 digits rounds half to even (2); otherwise it is padded with zeros to `digits`.
    let number = digits == 0 ? "2" : "1." + "5" + String(repeating: "0", count: digits - 1)
    #expect(price.hasSuffix(number), "\(digits): \(price)")
  }
}
