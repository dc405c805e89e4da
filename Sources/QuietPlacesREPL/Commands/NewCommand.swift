import FoundationEssentials
import QuietPlacesAppStore
import QuietPlacesGame
import QuietPlacesStore

/// `new [--seed N] [--storefront CODE]`: a fresh game and a fresh test store account.
struct NewCommand: REPLCommand {
  static let name = "new"
  static let usage = ["new [--seed N] [--storefront \(StorefrontArgument.form)]"]
  static let summary = "a fresh game and a fresh test store account, clock back to the start"
  static let topic = HelpTopic.time

  /// The options `new` takes.
  enum Option: String, ArgumentWord {
    case seed = "--seed"
    case storefront = "--storefront"

    static let noun = "an option of new"
    static var expectation: String { "\(noun); write --seed N or --storefront \(StorefrontArgument.form)" }
  }

  /// The new game's seed.
  var seed: UInt64 = 1
  /// The new account's storefront; the configuration's default when not given.
  var storefront: Storefront?

  init(parsing arguments: [String]) throws(CommandError) {
    var rest = arguments[...]
    while let word = rest.popFirst() {
      guard let value = rest.popFirst() else { throw Self.usageError() }
      switch try Option(word: word) {
      case .seed:
        guard let number = UInt64(value) else {
          throw .badArgument(
            argument: value, expected: "a seed; write a whole number from 0 to 18446744073709551615")
        }
        seed = number
      case .storefront:
        storefront = try StorefrontArgument.parse(value)
      }
    }
  }

  static func completion(after words: [String]) -> ArgumentCompletion {
    switch words.last.flatMap(Option.init(rawValue:)) {
    case .storefront: .words(StorefrontArgument.codes)
    case .seed: .none
    case nil: .words(Option.words.filter { !words.contains($0) })
    }
  }

  /// The app and its save go, the store's account starts afresh, the clock goes back to the start,
  /// and a new game launches with the seed.
  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    await session.deleteApp()
    session.now = session.rules.startClock
    await session.store.setClock(session.now)
    do {
      session.store = try await freshAccount(in: session)
    } catch {
      throw .store(error)
    }
    let lines = await session.launch(seed: seed, quietWhenNew: true)
    guard let app = session.app else { return lines }
    // The new game is saved at once, so a crash right after `new` finds it.
    var saved: [OutputLine] = []
    if let failure = await app.saveNewGame() {
      saved = [.error(.saveDuringLifecycle(failure, then: .actionUnsaved))]
    }
    let game = await app.game
    let chosen = await session.store.snapshot().settings.storefront
    let rules = session.rules
    session.recentEvents = []
    return lines
      + .info([
        "New game: seed \(seed), storefront \(chosen.rawValue), \(Text.instant(session.now)).",
        "Sailing \(rules.routeName(game.route)) for \(rules.placeName(game.nextPlace)), \(Text.distance(game.legRemaining)) nm ahead.",
      ]) + saved
  }

  /// A fresh test account: the old account file goes, a new store with a new key takes its place.
  private func freshAccount(in session: Session) async throws(AppStoreError) -> SimulatedAppStore {
    let file = session.environment.saveDirectory.appendingPathComponent(Session.accountFileName)
    try? FileManager.default.removeItem(at: file)
    let fresh = try SimulatedAppStore(
      configuration: session.environment.storeKit, bundleID: ProductID.bundleID, accountFile: file)
    await fresh.setClock(session.now)
    if let storefront { try await fresh.setStorefront(storefront) }
    return fresh
  }
}
