import Foundation
import QuietPlacesGame

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

/// A new game with the V1 defaults.
func newGame(seed: UInt64 = 1) -> GameState {
  GameState(seed: seed, clock: rules.startClock, rules: rules)
}
