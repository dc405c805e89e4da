import Foundation

/// Where the files the tests read are, found from this file's path: the package's configuration,
/// its scripts and the test targets' fixtures.
public enum Fixtures {
  /// The package's root folder.
  public static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // QuietPlacesTestSupport
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  /// `Configuration/`: the balance, the StoreKit file and the price formats the app ships with.
  public static let configurationFolder = packageRoot.appendingPathComponent("Configuration")

  /// `Configuration/QuietPlaces.storekit`.
  public static let storeKitFile = configurationFolder.appendingPathComponent("QuietPlaces.storekit")

  /// `Configuration/price-formats.tsv`.
  public static let priceFormatsFile = configurationFolder.appendingPathComponent("price-formats.tsv")

  /// `Scripts/`: the golden scripts and their fixtures.
  public static let scriptsFolder = packageRoot.appendingPathComponent("Scripts")

  /// Real `.storekit` files Xcode wrote and edited copies that each show one rule (sources in the
  /// README beside them).
  public static let storeKitCorpus = packageRoot.appendingPathComponent(
    "Tests/QuietPlacesAppStoreTests/Fixtures/StoreKit")

  /// Saves of earlier formats, kept as they were written.
  public static let saves = packageRoot.appendingPathComponent("Tests/QuietPlacesStoreTests/Fixtures")
}

extension Fixtures {
  /// The package's balance.json as text, with the ship's base speed set to `shipSpeed`: a balance
  /// file that differs from the package's only where a test says.
  public static func balanceText(shipSpeed: Double) throws -> String {
    let data = try Data(contentsOf: configurationFolder.appendingPathComponent("balance.json"))
    guard var object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      var ship = object["ship"] as? [String: Any]
    else { throw CocoaError(.fileReadCorruptFile) }
    ship["baseSpeedKnots"] = shipSpeed
    object["ship"] = ship
    return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
  }
}
