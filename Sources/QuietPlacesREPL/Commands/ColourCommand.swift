import QuietPlacesGame
import QuietPlacesUtilities

/// `colour ivory|apricot|turquoise`: select an owned sail colour, or buy one (asks first).
struct ColourCommand: REPLCommand {
  static let name = "colour"
  static let aliases = ["color"]
  static let usage = ["colour \(SailColour.alternatives)"]
  static let summary = "select an owned sail colour (free), or buy one for 40 Postmarks (asks first)"
  static let topic = HelpTopic.play

  /// The colour chosen.
  let colour: SailColour

  init(parsing arguments: [String]) throws(CommandError) {
    guard arguments.count == 1 else { throw Self.usageError() }
    colour = try SailColour(word: arguments[0])
  }

  static func completion(after words: [String]) -> ArgumentCompletion {
    words.isEmpty ? .words(SailColour.words) : .none
  }

  /// An owned colour is selected at once; another is bought after asking.
  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    guard let game = await session.device.game else { throw .appClosed(command: Self.name) }
    if game.ownedColours.contains(colour) {
      _ = try await session.perform(.colour(colour), command: Self.name)
      return [.info("Sail colour: \(colour.rawValue) (owned; free to select).")]
    }
    let price = session.rules.colourPrice
    var checked = true
    #if QP_PLANTED_DEFECTS
      checked = !PlantedDefect.planted(.spendUnchecked)
    #endif
    guard game.postmarks >= price || !checked else {
      throw .game(.notEnoughPostmarks(item: .colour(colour), cost: price, held: game.postmarks))
    }
    session.question = Purchase(colour: colour)
    return [
      .info(
        "The \(colour.rawValue) sail costs \(Text.count(price)) of your \(Text.count(game.postmarks)) Postmarks and is yours for good. Buy? [y/N]"
      )
    ]
  }

  /// The question a colour not yet owned asks: buy it?
  struct Purchase: PendingQuestion {
    let colour: SailColour

    func confirmed(in session: Session) async throws(CommandError) -> [OutputLine] {
      let (event, game) = try await session.perform(.colour(colour), command: ColourCommand.name)
      guard case .colourBought(_, let price) = event else { return [] }
      return [
        .info(
          "Bought the \(colour.rawValue) sail for \(Text.count(price)) Postmarks (\(Text.count(game.postmarks)) left); it is up."
        )
      ]
    }
  }
}

extension SailColour: ArgumentWord {
  static var noun: String { "a sail colour" }
}
