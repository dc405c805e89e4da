import QuietPlacesStoreKit
import Testing

@testable import QuietPlacesAppStore

/// A catalogue makes each product once (the shop asks for all five at every look); what it hands
/// back is always what making it afresh gives, for the item, storefront and locale asked, and for
/// a copy whose default locale or price formats changed.
@Suite struct CatalogueProductTests {
  private static let charts = StoreCatalogue.Item(
    productID: "com.example.charts", type: .nonConsumable, displayPrice: "0.99",
    localizations: [
      "en_GB": .init(displayName: "Luminous charts", description: "Brighter maps"),
      "fr_FR": .init(displayName: "Cartes lumineuses", description: "Des cartes plus claires"),
    ])

  private static let catalogue = StoreCatalogue(
    bundleID: "com.example", items: [charts], defaultStorefront: .gbr, defaultLocale: "en_GB")

  @Test func aProductAskedAgainIsTheSame() {
    let first = Self.catalogue.product(Self.charts, in: .gbr)
    #expect(first.displayName == "Luminous charts")
    #expect(first.displayPrice == "£0.99")
    #expect(Self.catalogue.product(Self.charts, in: .gbr) == first)
  }

  @Test func eachStorefrontLocaleAndPriceIsMadeForItself() {
    _ = Self.catalogue.product(Self.charts, in: .gbr)
    #expect(Self.catalogue.product(Self.charts, in: .usa).displayPrice == "US$0.99")
    let french = Self.catalogue.product(Self.charts, in: .gbr, locale: "fr_FR")
    #expect(french.displayName == "Cartes lumineuses")
    #expect(french.displayPrice == "0,99\u{A0}£GB")
    // A price edited in the account's settings (`store price`) is another item.
    var edited = Self.charts
    edited.displayPrice = "1.49"
    #expect(Self.catalogue.product(edited, in: .gbr).displayPrice == "£1.49")
    #expect(Self.catalogue.product(Self.charts, in: .gbr).displayPrice == "£0.99")
  }

  @Test func aCopyWithAnotherDefaultLocaleMakesItsOwn() {
    // A device in a locale the product has no localization for (nor its language) is shown the
    // default locale's name.
    let original = Self.catalogue
    #expect(original.product(Self.charts, in: .gbr, locale: "de_DE").displayName == "Luminous charts")
    var copy = original
    copy.defaultLocale = "fr_FR"
    #expect(copy.product(Self.charts, in: .gbr, locale: "de_DE").displayName == "Cartes lumineuses")
    #expect(original.product(Self.charts, in: .gbr, locale: "de_DE").displayName == "Luminous charts")
  }

  @Test func aCopyWithOtherFormatsMakesItsOwn() throws {
    let original = Self.catalogue
    _ = original.product(Self.charts, in: .gbr)
    var copy = original
    copy.formats = try PriceFormats.parse(
      "locale\troot\t\nlocale\ten\troot\nstorefront\tGBR\tGBP\tUnited Kingdom\ndigits\tGBP\t0\n", path: "t")
    #expect(
      copy.product(Self.charts, in: .gbr).displayPrice != original.product(Self.charts, in: .gbr).displayPrice
    )
  }

  @Test func whatWasMadeIsNotPartOfTheCatalogue() {
    let fresh = StoreCatalogue(
      bundleID: "com.example", items: [Self.charts], defaultStorefront: .gbr, defaultLocale: "en_GB")
    _ = Self.catalogue.product(Self.charts, in: .usa)
    #expect(fresh == Self.catalogue)
  }
}
