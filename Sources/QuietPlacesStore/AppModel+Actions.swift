import QuietPlacesGame

extension GameCommand {
  /// Whether it is a player's action, which the app saves at once: an upgrade, a hire, a charter,
  /// supplies, a sail colour, a prestige or a fresh voyage. Time passing, closing and launching are
  /// not: sailing is saved when the app closes and with every delivery.
  public var isPlayerAction: Bool {
    switch self {
    case .advance, .close, .launch: false
    case .upgrade, .hire, .charter, .buySupplies, .colour, .prestige, .freshVoyage: true
    }
  }
}

extension AppModel {
  /// Runs a player's action and, as a shipping mobile game does, saves at once, so a crash loses
  /// only the sailing since the last save, never an action. A failed save leaves the action in
  /// memory (the next save, at the latest the close, writes it) and is returned for the player to
  /// see. With `flushed` false (actions played in bulk, as `autoplay` plays them) the save replaces
  /// the file as one step without waiting for the disk to hold it; every other save always waits.
  public func act(_ command: GameCommand, flushed: Bool = true) throws(GameError) -> (
    events: [GameEvent], saveFailure: SaveError?
  ) {
    let events = try perform(command)
    guard command.isPlayerAction else { return (events, nil) }
    do {
      if flushed {
        try storage.write(save)
      } else {
        try storage.writeUnflushed(save)
      }
      return (events, nil)
    } catch {
      return (events, error)
    }
  }

  /// Open sailing for `seconds`, as `act(.advance(seconds:))` does it, for a driver that reads only
  /// the game after it: no list of events is made.
  public func sail(seconds: Int64) throws(GameError) {
    try save.game.sail(seconds: seconds, rules: rules)
  }

  /// Saves a new game at once, so a crash right after `new` finds it.
  public func saveNewGame() -> SaveError? {
    do {
      try storage.write(save)
      return nil
    } catch {
      return error
    }
  }
}
