import QuietPlacesDevice
import QuietPlacesGame
import QuietPlacesStore

extension Device {
  /// Carries out a strategy's step with the device's verbs, as the REPL's commands for it do, and
  /// returns the game it left; a step the app refuses, or a save that fails, stops the run.
  func play(_ step: PlayStep) async throws(LabError) -> GameState {
    switch step {
    case .buyProduct(let id):
      let outcome: PurchaseOutcome
      do {
        outcome = try await purchase(id)
      } catch {
        throw LabError("buying \(id.rawValue) stopped the app")
      }
      _ = await settle()
      switch outcome {
      case .purchased, .alreadyOwned: break
      default: throw LabError("buying \(id.rawValue) did not complete (\(outcome))")
      }
      guard let game = await game else { throw LabError("the app closed buying \(id.rawValue)") }
      return game
    case .upgrade(let item): return try await playerAction(.upgrade(item, .count(1)))
    case .hire: return try await playerAction(.hire(.count(1)))
    case .charter: return try await playerAction(.charter)
    case .supplies: return try await playerAction(.buySupplies)
    case .prestige(let layer): return try await playerAction(.prestige(layer))
    case .advance(let seconds):
      let advanced: Advanced
      do {
        advanced = try await advance(by: seconds)
      } catch {
        throw LabError("the app refused \(seconds) s of sailing: \(error)")
      }
      guard case .sailed(_, let game) = advanced else { throw LabError("the app is closed") }
      return game
    case .away(let seconds):
      if let (_, saved) = await close(), case .failure(let error) = saved {
        throw LabError("closing the app did not save: \(error)")
      }
      do {
        _ = try await advance(by: seconds)
        _ = try await launch()
      } catch {
        throw LabError("the app could not launch at \(Rules.formatInstant(now)): \(error)")
      }
      guard let game = await game else { throw LabError("the app is closed") }
      return game
    }
  }

  /// A player's action, saved at once as the app does.
  private func playerAction(_ command: GameCommand) async throws(LabError) -> GameState {
    let acted: Acted
    do {
      acted = try await act(command)
    } catch {
      throw LabError("the app refused \(command): \(error)")
    }
    if let failure = acted.saveFailure {
      throw LabError("the app could not save after \(command): \(failure)")
    }
    return acted.game
  }
}
