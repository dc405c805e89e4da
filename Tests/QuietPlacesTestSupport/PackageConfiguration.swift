import Foundation
import QuietPlacesAppStore
import QuietPlacesGame
import QuietPlacesLab

// The package's `Configuration/` as the app reads it, loaded once for every test that plays with it.

/// The V1 rules, from `Configuration/balance.json`.
public let rules: Rules = {
  do {
    return try Rules.load(configurationDirectory: Fixtures.configurationFolder)
  } catch {
    fatalError("the V1 balance does not load: \(error)")
  }
}()

/// The V1 StoreKit configuration, priced with `Configuration/price-formats.tsv` as a session prices it.
public let storeKit: StoreKitConfiguration = {
  do {
    let formats = try PriceFormats.load(from: Fixtures.priceFormatsFile, path: Fixtures.priceFormatsFile.path)
    return try StoreKitConfiguration.load(from: Fixtures.storeKitFile, formats: formats)
  } catch {
    fatalError("the StoreKit configuration does not load: \(error)")
  }
}()

/// The V1 rules with `KEY=VALUE` changes, as the lab's `--set` makes them.
public func rules(setting changes: String...) throws -> Rules {
  try Rules(
    balance: try BalanceVariant.apply(changes.map { try BalanceSetting.parse($0) }, to: rules.balance))
}
