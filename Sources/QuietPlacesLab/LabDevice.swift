import QuietPlacesAppStore
import QuietPlacesGame
import QuietPlacesStore

/// A fresh device for one run: the app (``AppModel``, the same pipeline the REPL drives), a fresh
/// simulated App Store account in memory, a save in memory, and the simulated clock.
///
/// It starts as the REPL's `new --seed N` does (a new game at the balance's start instant, a new test
/// account) and runs each ``PlayStep`` as the REPL runs its commands.
public final class LabDevice: PlayHost {
  /// The rules the run plays under.
  public let rules: Rules
  /// The simulated App Store.
  public let store: SimulatedAppStore
  private let storage = MemorySaveStorage()
  private var app: AppModel?
  /// The simulated now.
  public private(set) var now: Int64

  private init(rules: Rules, store: SimulatedAppStore) {
    self.rules = rules
    self.store = store
    now = rules.startClock
  }

  /// A new game with `seed` on a fresh device selling the products of `configuration`.
  public static func start(
    seed: UInt64, rules: Rules, configuration: StoreKitConfiguration
  ) async throws(LabError) -> LabDevice {
    try await start(seed: seed, rules: rules, stores: try await FreshStores(configuration: configuration))
  }

  /// A new game with `seed` on a fresh device whose App Store account comes from `stores`.
  public static func start(seed: UInt64, rules: Rules, stores: FreshStores) async throws(LabError)
    -> LabDevice
  {
    let device = LabDevice(rules: rules, store: try stores.make())
    try await device.launch(newGame: GameState(seed: seed, clock: rules.startClock, rules: rules))
    return device
  }

  private func launch(newGame: GameState) async throws(LabError) {
    await store.setClock(now)
    let store = store
    do {
      let (app, _) = try await AppModel.launch(
        at: now, rules: rules, storage: storage, store: store,
        verifier: TransactionVerifier(publicKey: store.publicKey),
        newGame: { newGame },
        settle: { app in await app.settle(sent: await store.updatesYielded()) })
      self.app = app
      _ = await app.drainJournal()
    } catch {
      throw LabError("the app could not launch at \(Rules.formatInstant(now))")
    }
  }

  public func game() async -> GameState? {
    await app?.game
  }

  /// The save as the app has it (the game and the ledger).
  public func save() async -> AppSave? {
    await app?.save
  }

  public func perform(_ step: PlayStep) async throws(LabError) {
    guard let app else { throw LabError("the app is closed") }
    func run(_ command: GameCommand) async throws(LabError) {
      // As the REPL does: the app saves after every player action.
      let failure: SaveError?
      do {
        failure = try await app.act(command).saveFailure
      } catch {
        throw LabError("'\(step.commands.joined(separator: " then "))' was refused: \(error)")
      }
      if let failure { throw LabError("the app could not save after '\(step.commands[0])': \(failure)") }
    }
    switch step {
    case .buyProduct(let id):
      await store.setClock(now)
      let outcome: PurchaseOutcome
      do {
        outcome = try await app.purchase(id)
      } catch {
        throw LabError("buying \(id.rawValue) stopped the app")
      }
      await app.settle(sent: await store.updatesYielded())
      _ = await app.drainJournal()
      switch outcome {
      case .purchased, .alreadyOwned: break
      default: throw LabError("buying \(id.rawValue) did not complete (\(outcome))")
      }
    case .upgrade(let item): try await run(.upgrade(item, .count(1)))
    case .hire: try await run(.hire(.count(1)))
    case .charter: try await run(.charter)
    case .supplies: try await run(.buySupplies)
    case .prestige(let layer): try await run(.prestige(layer))
    case .advance(let seconds):
      try await run(.advance(seconds: seconds))
      now += seconds
    case .away(let seconds):
      await app.settle(sent: await store.updatesYielded())
      let (_, saved) = await app.close()
      self.app = nil
      if case .failure(let error) = saved { throw LabError("closing the app did not save: \(error)") }
      now += seconds
      let fallback = GameState(seed: 1, clock: now, rules: rules)
      try await launch(newGame: fallback)
    }
  }

  /// The transactions the store has not seen finished, by ID.
  public func unfinishedTransactions() async -> [UInt64] {
    await store.snapshot().transactions.filter { !$0.finished }.map(\.id)
  }

  /// The storefront's code, such as `GBR`.
  public func storefront() async -> String {
    await store.snapshot().settings.storefront.rawValue
  }
}
