import QuietPlacesAppStore
import QuietPlacesDevice
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
    let made: Device.NewGame
    do {
      made = try await session.device.newGame(seed: seed, storefront: storefront)
    } catch {
      throw CommandError(error, command: Self.name)
    }
    let lines: [OutputLine]
    switch made.launch {
    case .success(let report): lines = LaunchCommand.describe(report, in: session, quietWhenNew: true)
    case .failure(let error): return LaunchCommand.failure(error)
    }
    guard let game = await session.device.game else { return lines }
    var saved: [OutputLine] = []
    if let failure = made.saveFailure {
      saved = [.error(.saveDuringLifecycle(failure, then: .actionUnsaved))]
    }
    let chosen = await session.device.storeSnapshot().settings.storefront
    let rules = session.rules
    session.recentEvents = []
    return lines
      + .info([
        "New game: seed \(seed), storefront \(chosen.rawValue), \(Text.instant(session.device.now)).",
        "Sailing \(rules.routeName(game.route)) for \(rules.placeName(game.nextPlace)), \(Text.distance(game.legRemaining)) nm ahead.",
      ]) + saved
  }
}
