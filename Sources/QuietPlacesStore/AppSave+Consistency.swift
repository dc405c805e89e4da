import QuietPlacesGame

/// Checks a save read from a file (the device's, or one from a bug report) before the app runs it.
extension AppSave {
  /// The first thing about the game or the ledger that the app could not run, or `nil` when the
  /// save is sound.
  public func consistencyProblem(_ rules: Rules) -> String? {
    game.consistencyProblem(rules) ?? ledger.problem()
  }
}
