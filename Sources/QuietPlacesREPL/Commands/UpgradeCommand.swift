import QuietPlacesGame

/// `upgrade sails|spyglass|cargo [N|max]`.
struct UpgradeCommand: REPLCommand {
  static let name = "upgrade"
  static let usage = ["upgrade \(Equipment.alternatives) [N|max]"]
  static let summary =
    "buy equipment levels; N levels cost the closed-form sum of their prices, max buys all affordable"
  static let topic = HelpTopic.play

  /// The equipment.
  let item: Equipment
  /// How many levels.
  let quantity: Quantity

  init(parsing arguments: [String]) throws(CommandError) {
    guard (1...2).contains(arguments.count) else { throw Self.usageError() }
    item = try Equipment(word: arguments[0])
    quantity = try Quantity(argument: arguments.count == 2 ? arguments[1] : nil)
  }

  static func completion(after words: [String]) -> ArgumentCompletion {
    switch words.count {
    case 0: .words(Equipment.words)
    case 1: .words(["max"])
    default: .none
    }
  }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    let event: GameEvent?
    let game: GameState
    do {
      (event, game) = try await session.perform(.upgrade(item, quantity), command: Self.name)
    } catch {
      // `max` that can buy nothing is an answer, not a mistake.
      if case .game(.nothingAffordable(_, let cost, let held)) = error {
        return [.info(Self.nothingAffordable("\(item.rawValue) level", cost: cost, held: held))]
      }
      throw error
    }
    guard case .upgraded(_, let levels, let cost, let level) = event else { return [] }
    return [
      .info(
        "\(item.rawValue.capitalized) +\(Text.count(levels)) → level \(Text.count(level)) for \(Text.number(cost)) Discoveries (\(Text.number(game.discoveries)) left)."
      )
    ]
  }
}

extension UpgradeCommand {
  /// What `max` says when not even one is affordable: `No sails level is affordable: …`.
  static func nothingAffordable(_ item: String, cost: Double, held: Double) -> String {
    "No \(item) is affordable: the next costs \(NumberFormat.amount(cost)) Discoveries; you hold "
      + "\(NumberFormat.amount(held)). "
      + "Nothing bought."
  }
}

extension Equipment: ArgumentWord {
  static var noun: String { "equipment" }
}

extension Quantity {
  /// A count argument (`N` or `max`); none means one.
  init(argument: String?) throws(CommandError) {
    guard let argument else {
      self = .count(1)
      return
    }
    do {
      switch try CountArgument.parse(argument) {
      case .count(let count): self = .count(count)
      case .max: self = .max
      }
    } catch {
      throw .count(error)
    }
  }
}
