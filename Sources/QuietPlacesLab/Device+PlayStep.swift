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
        throw .purchaseStopped(id)
      }
      _ = await settle()
      switch outcome {
      case .purchased, .alreadyOwned: break
      default: throw .purchaseIncomplete(id, outcome)
      }
      guard let game = await game else { throw .appClosedDuringRun(at: now) }
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
        throw .stepRefused(at: now, error)
      }
      guard case .sailed(_, let game) = advanced else { throw .appClosedDuringRun(at: now) }
      return game
    case .away(let seconds):
      if let (_, saved) = await close(), case .failure(let error) = saved {
        throw .closeNotSaved(at: now, error)
      }
      do {
        _ = try await advance(by: seconds)
        _ = try await launch()
      } catch {
        throw .stepRefused(at: now, error)
      }
      guard let game = await game else { throw .appClosedDuringRun(at: now) }
      return game
    }
  }

  /// A player's action, saved at once as the app does.
  private func playerAction(_ command: GameCommand) async throws(LabError) -> GameState {
    let acted: Acted
    do {
      acted = try await act(command)
    } catch {
      throw .stepRefused(at: now, error)
    }
    if let failure = acted.saveFailure { throw .actionNotSaved(at: now, failure) }
    return acted.game
  }
}

extension Device.OpenApp {
  /// Carries out a step that ``PlayStep/playsOnOpenApp`` on the open app, as
  /// ``Device/play(_:)`` does it, and returns the game it left.
  mutating func play(_ step: PlayStep, on app: isolated AppModel) throws(LabError) -> GameState {
    switch step {
    case .upgrade(let item): return try playerAction(.upgrade(item, .count(1)), on: app)
    case .hire: return try playerAction(.hire(.count(1)), on: app)
    case .charter: return try playerAction(.charter, on: app)
    case .supplies: return try playerAction(.buySupplies, on: app)
    case .prestige(let layer): return try playerAction(.prestige(layer), on: app)
    case .advance(let seconds):
      do {
        return try sail(by: seconds, on: app)
      } catch {
        throw .stepRefused(at: now, error)
      }
    case .buyProduct, .away: preconditionFailure("\(step) is not played on the open app alone")
    }
  }

  /// A player's action, saved at once as the app does.
  private func playerAction(_ command: GameCommand, on app: isolated AppModel) throws(LabError) -> GameState {
    let game: GameState
    let saveFailure: SaveError?
    do {
      (game, saveFailure) = try perform(command, on: app)
    } catch {
      throw .stepRefused(at: now, error)
    }
    if let saveFailure { throw .actionNotSaved(at: now, saveFailure) }
    return game
  }
}
