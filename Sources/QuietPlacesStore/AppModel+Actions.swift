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
  /// see.
  public func act(_ command: GameCommand) throws(GameError) -> (events: [GameEvent], saveFailure: SaveError?)
  {
    let events = try perform(command)
    guard command.isPlayerAction else { return (events, nil) }
    do {
      if actionSavesFlushed {
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

  /// Whether an action's save waits for the disk to hold it (the default), or (`false`, for actions
  /// played in bulk) only replaces the file as one step; back to `true`, the last save is flushed.
  /// A delivery's save, the close's and every other save always wait.
  public func setActionSavesFlushed(_ flushed: Bool) throws(SaveError) {
    actionSavesFlushed = flushed
    if flushed { try storage.flush() }
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
