import Foundation
import QuietPlacesAppStore
import QuietPlacesGame
import Testing

@testable import QuietPlacesLab

/// The package's `Configuration/` folder, found from this file's path.
let configurationDirectory = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Configuration")

/// The V1 rules, loaded once.
let rules: Rules = {
  do {
    return try Rules.load(configurationDirectory: configurationDirectory)
  } catch {
    fatalError("the V1 balance does not load: \(error)")
  }
}()

/// The V1 StoreKit configuration.
let storeKit: StoreKitConfiguration = {
  do {
    return try StoreKitConfiguration.load(
      from: configurationDirectory.appendingPathComponent("QuietPlaces.storekit"))
  } catch {
    fatalError("the StoreKit configuration does not load: \(error)")
  }
}()

/// The V1 rules with `KEY=VALUE` changes.
func rules(setting changes: String...) throws -> Rules {
  try Rules(
    balance: try BalanceVariant.apply(changes.map { try BalanceSetting.parse($0) }, to: rules.balance))
}

/// A new game.
func newGame(seed: UInt64 = 1, rules: Rules = rules) -> GameState {
  GameState(seed: seed, clock: rules.startClock, rules: rules)
}

/// Whether two numbers agree to a relative difference of at most `tolerance`.
func isClose(_ a: Double, _ b: Double, tolerance: Double = 1e-12) -> Bool {
  if a == b { return true }
  return abs(a - b) <= tolerance * max(abs(a), abs(b))
}
