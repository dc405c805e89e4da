import FoundationEssentials
import QuietPlacesAppStore
import QuietPlacesGame
import QuietPlacesStore

extension Session {
  /// Time passes: the ship sails while the app is open; only the clock moves while it is closed.
  func advance(seconds: Int64) async throws(CommandError) -> [String] {
    guard seconds >= 1, seconds <= maximumAdvanceSeconds else {
      throw .game(.invalidDuration(seconds: seconds))
    }
    guard now <= GameState.latestClock - seconds else {
      throw .game(.beyondLastInstant(latest: GameState.latestClock))
    }
    guard let app else {
      now += seconds
      await store.setClock(now)
      return [
        "The app is closed: the clock moves \(Text.duration(seconds)) to \(Text.instant(now)); nothing is produced until launch."
      ]
    }
    let events: [GameEvent]
    do {
      events = try await app.perform(.advance(seconds: seconds))
    } catch {
      throw .game(error)
    }
    now += seconds
    await store.setClock(now)
    guard case .sailed(let report) = events.first else { return [] }
    var lines = Text.sailing(report, rules: rules)
    lines[0] = "Sailed \(Text.duration(seconds)): " + lines[0]
    lines.append("  " + Text.position(await app.game, rules: rules))
    remember(lines.filter { !$0.hasPrefix("  Discoveries") })
    return lines
  }

  /// `new`: the app and its save go, the store's account starts afresh, the clock goes back to the
  /// start, and a new game launches with the seed.
  func startNewGame(seed: UInt64, storefront: Storefront?) async -> [String] {
    if let app {
      await app.terminate()
      self.app = nil
    }
    restoreInFlight = nil
    storage.delete()
    now = rules.startClock
    await store.setClock(now)
    do {
      store = try await freshAccount(storefront: storefront)
    } catch {
      return ["error: " + CommandError.store(error).message]
    }
    let lines = await launch(seed: seed, quietWhenNew: true)
    guard let app else { return lines }
    let game = await app.game
    let chosen = await store.snapshot().settings.storefront
    recentEvents = []
    return lines + [
      "New game: seed \(seed), storefront \(chosen.rawValue), \(Text.instant(now)).",
      "Sailing \(rules.routeName(game.route)) for \(rules.placeName(game.nextPlace)), \(Text.distance(game.legRemaining)) nm ahead.",
    ]
  }

  /// A fresh test account: the old account file goes, a new store with a new key takes its place.
  private func freshAccount(storefront: Storefront?) async throws(AppStoreError) -> SimulatedAppStore {
    let file = environment.saveDirectory.appendingPathComponent(Session.accountFileName)
    try? FileManager.default.removeItem(at: file)
    let fresh = try SimulatedAppStore(
      configuration: environment.storeKit, bundleID: ProductID.bundleID, accountFile: file)
    await fresh.setClock(now)
    if let storefront { try await fresh.setStorefront(storefront) }
    return fresh
  }
}
