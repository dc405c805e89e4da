import QuietPlacesGame
import QuietPlacesStore

extension Session {
  /// Runs a game command on the open app.
  func perform(_ command: GameCommand, command name: String) async throws(CommandError) -> [GameEvent] {
    let app = try requireApp(name)
    do {
      return try await app.perform(command)
    } catch {
      throw .game(error)
    }
  }

  /// `buy supplies`: shows the amount and asks.
  func askForSupplies() async throws(CommandError) -> [String] {
    let game = try await requireApp("buy supplies").game
    let price = rules.balance.postmarks.suppliesPrice
    guard game.postmarks >= price else {
      throw .game(.notEnoughPostmarks(item: "supplies", cost: price, held: game.postmarks))
    }
    question = .supplies
    let amount = game.suppliesAmount(rules)
    return [
      "Supplies: \(Text.number(amount)) Discoveries for \(price) of your \(Text.count(game.postmarks)) Postmarks. Buy? [y/N]"
    ]
  }

  /// `colour C`: an owned colour is selected at once; another is bought after asking.
  func chooseColour(_ colour: SailColour) async throws(CommandError) -> [String] {
    let game = try await requireApp("colour").game
    if game.ownedColours.contains(colour) {
      _ = try await perform(.colour(colour), command: "colour")
      return ["Sail colour: \(colour.rawValue) (owned; free to select)."]
    }
    let price = rules.balance.postmarks.colourPrice
    guard game.postmarks >= price else {
      throw .game(.notEnoughPostmarks(item: "the \(colour.rawValue) sail", cost: price, held: game.postmarks))
    }
    question = .colour(colour)
    return [
      "The \(colour.rawValue) sail costs \(price) of your \(Text.count(game.postmarks)) Postmarks and is yours for good. Buy? [y/N]"
    ]
  }

  /// `fresh-voyage`: says what goes and what stays, and asks.
  func askForFreshVoyage() async throws(CommandError) -> [String] {
    _ = try requireApp("fresh-voyage")
    question = .freshVoyage
    return [
      "A fresh voyage resets Discoveries, equipment, scouts, routes, progress, Knowledge, generations and statistics;",
      "Postmarks, postmark stamps, purchases and sail colours stay. Start a fresh voyage? [y/N]",
    ]
  }

  /// The next line after a question: `y` or `yes` confirms, anything else cancels.
  func answer(_ waiting: Question, with text: String) async -> [String] {
    guard ["y", "yes"].contains(text.lowercased()) else { return ["Cancelled; nothing changed."] }
    do {
      switch waiting {
      case .supplies:
        let events = try await perform(.buySupplies, command: "buy supplies")
        guard case .suppliesBought(let amount, let price) = events.first else { return [] }
        let game = try await requireApp("buy supplies").game
        return [
          "Bought supplies: +\(Text.number(amount)) Discoveries for \(price) Postmarks (\(Text.count(game.postmarks)) left)."
        ]
      case .colour(let colour):
        let events = try await perform(.colour(colour), command: "colour")
        guard case .colourBought(_, let price) = events.first else { return [] }
        let game = try await requireApp("colour").game
        return [
          "Bought the \(colour.rawValue) sail for \(price) Postmarks (\(Text.count(game.postmarks)) left); it is up."
        ]
      case .freshVoyage:
        _ = try await perform(.freshVoyage, command: "fresh-voyage")
        let game = try await requireApp("fresh-voyage").game
        return [
          "A fresh voyage begins on \(rules.routeName(1)); Postmarks \(Text.count(game.postmarks)), stamps and purchases kept."
        ]
      }
    } catch {
      return ["error: " + error.message]
    }
  }
}
