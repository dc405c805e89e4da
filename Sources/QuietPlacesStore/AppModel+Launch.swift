import QuietPlacesGame
import QuietPlacesStoreKit

/// What a launch found and did before the player could play.
public struct LaunchReport: Sendable {
  /// There was no save: a new game started.
  public var startedNewGame: Bool
  /// The save could not be read; it was kept aside and a new game started.
  public var unreadableSave: SaveError?
  /// What the pipeline and reconciliation did, in order.
  public var storeEvents: [StoreEvent]
  /// The absence credited.
  public var absence: AbsenceReport?
}

/// Why the app could not launch.
public enum LaunchError: Error, Sendable, Equatable {
  /// The save is of a format this version cannot read; it was left untouched.
  case unsupportedSave(SaveError)
  /// The app died at a crash point while recovering.
  case crashed(AppCrash)
}

extension AppModel {
  /// Launches the app at `now`: (1) loads the save, or starts `newGame` when there is none;
  /// (2) reconciles the store — unfinished transactions first, then `updates` (observed from now
  /// until close), then current entitlements; (3) credits the absence with the hold as it stands.
  ///
  /// `settle` is called once the `updates` observer is attached, and must return when every update
  /// the store has sent to it so far has gone through the pipeline.
  public static func launch(
    at now: Int64, rules: Rules, storage: any SaveStorage, store: any StoreClient,
    verifier: TransactionVerifier, crashHook: @escaping CrashHook = AppModel.neverCrashes,
    newGame: @Sendable () -> GameState,
    settle: @Sendable (AppModel) async -> Void
  ) async throws(LaunchError) -> (AppModel, LaunchReport) {
    var unreadable: SaveError?
    var loaded: AppSave?
    do {
      loaded = try storage.read()
    } catch {
      if case .unsupportedFormat = error { throw .unsupportedSave(error) }
      unreadable = error
    }
    // The app may have died without closing: the save is the state at its last write, closed.
    let save = loaded?.asTheNextLaunchReadsIt(rules: rules) ?? AppSave(game: newGame())
    let app = AppModel(
      save: save, rules: rules, storage: storage, store: store, verifier: verifier, crashHook: crashHook)
    let absence: AbsenceReport?
    do {
      absence = try await app.recover(at: now, settle: settle)
    } catch {
      // The dead app must not go on observing updates while it is closed.
      await app.terminate()
      throw .crashed(error)
    }
    let report = LaunchReport(
      startedNewGame: loaded == nil, unreadableSave: unreadable, storeEvents: await app.drainJournal(),
      absence: absence)
    return (app, report)
  }

  private func recover(
    at now: Int64, settle: @Sendable (AppModel) async -> Void
  ) async throws(AppCrash) -> AbsenceReport? {
    for signed in await store.unfinished() {
      try await process(signed, source: .unfinished)
      handledAtLaunch.insert(signed.payloadSegment)
    }
    await observeUpdates()
    await settle(self)
    handledAtLaunch = []
    if let crashReport { throw crashReport }
    try await reconcileEntitlements()
    if let crashReport { throw crashReport }
    if save.game.isOpen { return nil }
    guard case .launched(let report) = try? save.game.apply(.launch(clock: now), rules: rules).first else {
      return nil
    }
    return report
  }
}
