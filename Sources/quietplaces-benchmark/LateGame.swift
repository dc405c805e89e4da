import QuietPlacesGame
import QuietPlacesStore
import QuietPlacesStoreKit

/// The ships the benchmark sails: a late-game ship on route 8 and variants of it.
enum LateGame {
  /// Every place of the atlas as a bit mask.
  static func allPlaces(_ rules: Rules) -> UInt64 {
    let count = UInt64(rules.allPlaces.count)
    return count >= 64 ? .max : (1 << count) - 1
  }

  /// Route 8, 60 sails levels, every place visited and stamped, the three permanent purchases owned;
  /// the random events run as the seed draws them.
  static func ship(_ rules: Rules, seed: UInt64 = 42) -> GameState {
    var game = GameState(seed: seed, clock: rules.startClock, rules: rules)
    game.route = rules.routeCount
    game.legIndex = 0
    game.legRemaining = rules.route(game.route).legs[0]
    game.equipment.sails = 60
    game.equipment.spyglass = 45
    game.equipment.cargo = 4
    game.knowledge = 600
    game.generations = 3
    game.hiredScouts = 80
    game.discoveries = 3.5e15
    game.progress = 2.0e15
    game.postmarks = 1_234
    game.visited = allPlaces(rules)
    game.stamped = allPlaces(rules)
    game.grant(.charts)
    game.grant(.hold)
    game.grant(.signal)
    game.lifetime.arrivals = 2_500_000
    game.lifetime.discoveriesEarned = 9.0e15
    game.lifetime.surveys = 60_000
    game.lifetime.currents = 160_000
    game.lifetime.bearings = 40
    return game
  }

  /// The same ship with the random events pushed out of reach: an ordinary, event-free stretch.
  static func quietShip(_ rules: Rules) -> GameState {
    var game = ship(rules)
    game.surveyCountdown = 1 << 40
    game.currentCountdown = 1 << 40
    game.currentRemaining = 0
    return game
  }

  /// The ship with the app closed, ready for a launch.
  static func closed(_ game: GameState) -> GameState {
    var closed = game
    closed.currentRemaining = 0
    closed.isOpen = false
    return closed
  }

  /// A late-game save: the ship and a ledger of delivered purchases and packs.
  static func save(_ rules: Rules) -> AppSave {
    var ledger = TransactionLedger()
    let products: [ProductID] =
      [.charts, .hold, .signal] + Array(repeating: .marks100, count: 12)
      + Array(repeating: .marks550, count: 5)
    for (index, product) in products.enumerated() {
      ledger.record(TransactionLedger.Entry(id: TransactionID(index + 1), product: product))
    }
    return AppSave(game: ship(rules), ledger: ledger)
  }
}
