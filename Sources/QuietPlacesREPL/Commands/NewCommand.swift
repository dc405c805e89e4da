import QuietPlacesAppStore
import QuietPlacesDevice
import QuietPlacesGame
import QuietPlacesLab
import QuietPlacesStore

/// `new [--seed N] [--storefront CODE] [--set KEY=VALUE …]`: a fresh game and a fresh test store
/// account, under the configuration's rules or those with the numbers given changed.
struct NewCommand: REPLCommand {
  static let name = "new"
  static let usage = ["new [--seed N] [--storefront \(StorefrontArgument.form)] [--set KEY=VALUE ...]"]
  static let summary =
    "a fresh game and a fresh test store account, clock back to the start; --set changes a number of "
    + "balance.json for this game (as simulate --set)"
  static let topic = HelpTopic.time

  /// The options `new` takes.
  enum Option: String, ArgumentWord {
    case seed = "--seed"
    case storefront = "--storefront"
    case set = "--set"

    static let noun = "an option of new"
    static var expectation: String {
      "\(noun); write --seed N, --storefront \(StorefrontArgument.form) or --set KEY=VALUE"
    }
  }

  /// The new game's seed.
  var seed: UInt64 = 1
  /// The new account's storefront; the configuration's default when not given.
  var storefront: Storefront?
  /// Numbers of the configuration's balance changed for this game, in the order given.
  var settings: [BalanceSetting] = []

  init(parsing arguments: [String]) throws(CommandError) {
    var rest = arguments[...]
    var given: [Option] = []
    while let word = rest.popFirst() {
      guard let value = rest.popFirst() else { throw Self.usageError() }
      let option = try Option(word: word)
      // --seed and --storefront take one value: a second would silently win.
      if option != .set, given.contains(option) {
        throw .usage(
          command: Self.name,
          expected: "\(option.rawValue) once, not twice (the second, \(word) \(value), would silently win)")
      }
      given.append(option)
      switch option {
      case .seed:
        guard let number = UInt64(value) else {
          throw .badArgument(
            argument: value, expected: "a seed; write a whole number from 0 to 18446744073709551615")
        }
        seed = number
      case .storefront:
        storefront = try StorefrontArgument.parse(value)
      case .set:
        let setting: BalanceSetting
        do {
          setting = try BalanceSetting.parse(value)
        } catch {
          throw .lab(error)
        }
        guard !settings.contains(where: { $0.key == setting.key }) else {
          throw .badArgument(
            argument: setting.text,
            expected: "one value for \(setting.key) (it is set twice); give each key once")
        }
        settings.append(setting)
      }
    }
  }

  static func completion(after words: [String]) -> ArgumentCompletion {
    switch words.last.flatMap(Option.init(rawValue:)) {
    case .storefront: .words(StorefrontArgument.codes)
    case .seed, .set: .none
    case nil: .words(Option.words.filter { $0 == Option.set.rawValue || !words.contains($0) })
    }
  }

  /// The app and its save go, the store's account starts afresh, the clock goes back to the start,
  /// and a new game launches with the seed, under the configuration's rules with the settings
  /// changed (checked first: a bad one changes nothing).
  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    let changed = try session.changedRules(settings)
    let wasChanged = session.device.changedRules != nil
    let made: Device.NewGame
    do {
      made = try await session.device.newGame(seed: seed, storefront: storefront, changedRules: changed)
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
      + .info(
        [
          "New game: seed \(seed), storefront \(chosen.rawValue), \(Text.instant(session.device.now)).",
          "Sailing \(rules.routeName(game.route)) for \(rules.placeName(game.nextPlace)), \(Text.distance(game.legRemaining)) nm ahead.",
        ] + rulesLine(changed, wasChanged: wasChanged)) + saved
  }

  /// What the new game plays under, said when it is not the configuration's balance or when it goes
  /// back to it.
  private func rulesLine(_ changed: ChangedRules?, wasChanged: Bool) -> [String] {
    if let changed {
      return [
        "Rules: the configuration's balance with \(changed.changes.joined(separator: ", ")), for this game."
      ]
    }
    return wasChanged ? ["Rules: the configuration's balance again, unchanged."] : []
  }
}
