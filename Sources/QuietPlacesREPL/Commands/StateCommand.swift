import QuietPlacesGame
import QuietPlacesStore

/// `state --json`: the machine-readable state, one JSON object on one line.
struct StateCommand: REPLCommand {
  static let name = "state"
  static let usage = ["state --json"]
  static let summary = "the state as one line of JSON (from the save on disk while the app is closed)"
  static let topic = HelpTopic.files

  static func completion(after words: [String]) -> ArgumentCompletion {
    words.isEmpty ? .words(["--json"]) : .none
  }

  init(parsing arguments: [String]) throws(CommandError) {
    guard arguments == ["--json"] else { throw Self.usageError() }
  }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    let rules = session.rules
    let save =
      await session.currentSave()
      ?? AppSave(game: GameState(seed: session.seed, clock: session.now, rules: rules))
    let snapshot = await session.store.snapshot()
    let unfinished = snapshot.transactions.filter { !$0.finished }.map(\.id)
    return [
      .info(
        StateJSON(
          save: save, open: session.app != nil, now: session.now, unfinished: unfinished,
          storefront: snapshot.settings.storefront.rawValue, rules: rules
        ).line())
    ]
  }
}
