import Foundation
import QuietPlacesStore
import QuietPlacesStoreKit
import QuietPlacesTestSupport
import Testing

@testable import QuietPlacesAppStore

/// What an account holds that only the catalogue can check: a hand-edited bundle's account is
/// refused with the key and what would be right, instead of selling at a storefront that does not
/// exist or passing over an unavailable product named by its short name.
@Suite struct AccountCatalogueTests {
  /// A store with a new account in memory, selling the package's StoreKit file.
  private func freshStore() throws -> SimulatedAppStore {
    try SimulatedAppStore(
      configuration: try StoreKitConfiguration.load(from: Fixtures.storeKitFile),
      bundleID: ProductID.bundleID,
      accountFile: nil)
  }

  private func catalogueAndAccount() async throws -> (StoreCatalogue, StoreAccount) {
    let store = try freshStore()
    await store.setClock(1_767_603_600)
    try await store.buyOutside(productID: ProductID.hold.fullID)
    return (store.catalogue, await store.exportAccount())
  }

  @Test func anAccountTheStoreWrotePasses() async throws {
    let (catalogue, account) = try await catalogueAndAccount()
    #expect(account.catalogueProblem(catalogue) == nil)
    #expect(account.transactions.first?.currency == "GBP")
  }

  @Test func eachHandEditIsRefusedNamingItsKey() async throws {
    let (catalogue, account) = try await catalogueAndAccount()
    let hold = ProductID.hold.fullID
    let edits: [(String, (inout StoreAccount) -> Void, String)] = [
      ("a short name", { $0.settings.unavailable = ["hold"] }, "write '\(hold)'"),
      (
        "no product", { $0.settings.unavailable = ["com.example.other"] },
        "not a product of the StoreKit file"
      ),
      ("a price's short name", { $0.settings.prices = ["charts": "0.01"] }, "'settings.prices.charts'"),
      (
        "a storefront",
        { $0.settings.storefront = try! JSONDecoder().decode(Storefront.self, from: Data(#""XYZ""#.utf8)) },
        "'settings.storefront' is 'XYZ'"
      ),
      ("a locale", { $0.settings.locale = "klingon" }, "'settings.locale' is 'klingon'"),
      ("a price", { $0.transactions[0].price = "abc" }, "'transactions[0].price' is 'abc', not a price"),
      ("a currency", { $0.transactions[0].currency = "ZZZ" }, "storefront GBR prices in GBP; write GBP"),
      ("a type", { $0.transactions[0].type = .consumable }, "sells hold as Non-Consumable"),
    ]
    for (name, edit, expected) in edits {
      var edited = account
      edit(&edited)
      let problem = try #require(edited.catalogueProblem(catalogue), "\(name)")
      #expect(problem.contains(expected), "\(name): \(problem)")
      #expect(throws: AppStoreError.self, "\(name)") {
        try SimulatedAppStore(catalogue: catalogue, account: edited, accountFile: nil)
      }
    }
  }

  @Test func anUnavailableProductIsNotBoughtOnAnotherDeviceEither() async throws {
    let store = try freshStore()
    try await store.setAvailable(productID: ProductID.signal.fullID, false)
    await #expect(throws: AppStoreError.productUnavailable("signal")) {
      try await store.buyOutside(productID: ProductID.signal.fullID)
    }
    #expect(await store.exportAccount().transactions.isEmpty)
  }

  @Test func resolvingWhenAskToBuyTookThePurchaseSaysSo() async throws {
    let store = try freshStore()
    try await store.setAskToBuy(true)
    try await store.setInterrupted(true)
    let product = try #require(try await store.products(for: [ProductID.marks100.fullID]).first)
    _ = try await store.purchase(product)
    await #expect(throws: AppStoreError.nothingInterrupted(awaitingApproval: 1, on: true)) {
      try await store.resolve()
    }
    #expect(
      AppStoreError.nothingInterrupted(awaitingApproval: 1, on: true).description
        == "no purchase is interrupted; 1 purchase is waiting for approval instead (Ask to Buy comes first): "
        + "store approve or store decline answers it")
    #expect(
      AppStoreError.nothingInterrupted(awaitingApproval: 0, on: true).description
        == "no purchase is interrupted; interrupted purchases are on: buy something first")
  }

  @Test func aRefundByProductTakesTheLastBoughtNotTheHighestID() async throws {
    let store = try freshStore()
    try await store.setInterrupted(true)
    let product = try #require(try await store.products(for: [ProductID.marks100.fullID]).first)
    await store.setClock(1_767_603_600)
    _ = try? await store.purchase(product)
    _ = try? await store.purchase(product)
    // Request 2 completes first; request 1, which reserved the lower ID, an hour later.
    try await store.resolve(2)
    await store.setClock(1_767_607_200)
    try await store.resolve(1)
    #expect(try await store.refund(productID: ProductID.marks100.fullID).id == 1)
    #expect(try await store.refund(productID: ProductID.marks100.fullID).id == 2)
  }

  @Test func aPriceWithMoreDecimalsThanItsCurrencyIsRounded() {
    let formats = PriceFormats.standard
    #expect(formats.isRounded("4.999", in: "GBP"))
    #expect(!formats.isRounded("4.990", in: "GBP"))
    #expect(!formats.isRounded("4.99", in: "GBP"))
    #expect(formats.isRounded("0.99", in: "JPY"))
    #expect(!formats.isRounded("160.00", in: "JPY"))
    #expect(!formats.isRounded("160", in: "JPY"))
  }
}
