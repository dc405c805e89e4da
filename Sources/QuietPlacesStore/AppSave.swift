import QuietPlacesGame

/// Everything the app keeps on the device: the game, its balances and entitlements, and the ledger.
///
/// Balances and the ledger live in one file so a delivery and its record are saved together.
public struct AppSave: Sendable, Codable, Equatable {
  /// The format written now.
  public static let currentFormat = 1

  /// The format of this save.
  public var format: Int
  /// The game, with Postmarks and the permanent purchases owned.
  public var game: GameState
  /// Delivered transactions.
  public var ledger: TransactionLedger

  public init(game: GameState, ledger: TransactionLedger = TransactionLedger()) {
    format = Self.currentFormat
    self.game = game
    self.ledger = ledger
  }
}
