/// Something the player (or the app around the game) does; ``GameState/apply(_:rules:)`` runs it.
public enum GameCommand: Sendable, Equatable {
  /// Time passes with the app open.
  case advance(seconds: Int64)
  /// The app closes: any current ends.
  case close
  /// The app opens at `clock` and credits the absence since the state's clock.
  case launch(clock: Int64)
  /// Buys levels of equipment.
  case upgrade(Equipment, Quantity)
  /// Hires scouts.
  case hire(Quantity)
  /// Charters the next route and sets course for its first place.
  case charter
  /// Spends Postmarks on a crate of supplies.
  case buySupplies
  /// Buys a sail colour (Postmarks) or selects an owned one (free).
  case colour(SailColour)
  /// Takes New Bearings or Passes the Atlas.
  case prestige(PrestigeLayer)
  /// Starts a fresh voyage.
  case freshVoyage
}
