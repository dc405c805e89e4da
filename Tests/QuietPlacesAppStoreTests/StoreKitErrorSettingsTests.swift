import Foundation
import QuietPlacesJWS
import QuietPlacesStore
import QuietPlacesStoreKit
import QuietPlacesTestSupport
import QuietPlacesUtilities
import Testing

@testable import QuietPlacesAppStore

/// Xcode's StoreKit error settings (`settings._storeKitErrors`): read tolerantly, applied where the
/// simulated store models the API, named in a warning where it does not.
@Suite struct StoreKitErrorSettingsTests {
  private let file = Fixtures.scriptsFolder.appendingPathComponent("store/fixtures/storekit-errors.storekit")

  @Test func theFileSettingsAreReadAndTheUnmodelledOnesWarned() throws {
    let configuration = try StoreKitConfiguration.load(from: file)
    #expect(
      configuration.storeKitErrors == [
        StoreKitErrorSetting(name: "Purchase", enabled: true, error: nil),
        StoreKitErrorSetting(name: "App Store Sync", enabled: true, error: "networkError"),
      ])
    #expect(
      configuration.warnings == [
        "settings._storeKitErrors: Subscription Status and Refund Request Sheet are enabled but not applied: "
          + "the simulated store models only Load Products, Purchase, Verification and App Store Sync"
      ])
    // The settings stay among the file's keys: it is written back as it was.
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(String(decoding: configuration.xcodeFormattedData(), as: UTF8.self) == text)
  }

  @Test(
    arguments: [
      (JSONValue.null, nil), (.string("networkError"), "networkError"), (.string(""), nil),
      (.number("2"), "code 2"), (.bool(true), nil), (.array([.string("x")]), nil),
      (.object(["type": .string("generic"), "name": .string("systemError")]), "systemError"),
      (.object(["kind": .string("unknown")]), "unknown"),
      (.object(["error": .object(["code": .number("3")])]), "code 3"),
      (.object(["wrapper": .object(["name": .string("notEntitled")])]), "notEntitled"),
    ] as [(JSONValue, String?)])
  func currentIsReadTolerantly(current: JSONValue, name: String?) {
    #expect(StoreKitErrorSetting.errorName(current) == name)
  }

  @Test func aNewAccountFailsWhatTheFileSays() async throws {
    let store = try SimulatedAppStore(
      configuration: try StoreKitConfiguration.load(from: file), bundleID: ProductID.bundleID,
      accountFile: nil)
    let hold = try #require(try await store.products(for: [ProductID.hold.fullID]).first)
    await #expect(throws: StoreError.simulated(api: "Purchase", error: "the default error")) {
      try await store.purchase(hold)
    }
    await #expect(throws: StoreError.simulated(api: "App Store Sync", error: "networkError")) {
      try await store.sync()
    }
    // Verification: a transaction arrives with a signature that does not verify.
    try await store.setStoreKitError(.purchase, nil, on: false)
    try await store.setStoreKitError(.verification, nil, on: true)
    guard case .success(let signed) = try await store.purchase(hold) else {
      Issue.record("the purchase did not succeed")
      return
    }
    #expect(throws: (any Error).self) {
      try JWS.verify(signed.jwsRepresentation, publicKey: store.publicKey).get()
    }
    try await store.setStoreKitError(.verification, nil, on: false)
    let again = try #require(await store.unfinished().first)
    #expect(throws: Never.self) { try JWS.verify(again.jwsRepresentation, publicKey: store.publicKey).get() }
    // Load Products: the catalogue fails.
    try await store.setStoreKitError(.loadProducts, "systemError", on: true)
    await #expect(throws: StoreError.simulated(api: "Load Products", error: "systemError")) {
      try await store.products(for: [ProductID.hold.fullID])
    }
  }
}
