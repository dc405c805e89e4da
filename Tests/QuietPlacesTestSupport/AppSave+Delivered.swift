import QuietPlacesGame
import QuietPlacesStore
import QuietPlacesStoreKit

extension AppSave {
  /// A save of `game` whose ledger holds `delivered` (transaction ID and product), in that order.
  public static func of(_ game: GameState, delivered: [(TransactionID, ProductID)]) -> AppSave {
    var ledger = TransactionLedger()
    for (id, product) in delivered { ledger.record(.init(id: id, product: product)) }
    return AppSave(game: game, ledger: ledger)
  }
}
