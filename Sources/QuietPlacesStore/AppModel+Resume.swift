import QuietPlacesGame
import QuietPlacesStoreKit

extension AppModel {
  /// What a running app holds: its save as last changed, the transactions held for the next launch
  /// after a failed save, and when each permanent purchase was granted in this run. Opaque outside
  /// the app side: a checkpoint keeps it whole and ``resume(_:rules:storage:store:verifier:crashHook:settle:)``
  /// brings it back.
  public struct Memory: Sendable, Equatable {
    /// The game, balances, entitlements and ledger, saved or not.
    public let save: AppSave
    let heldForLaunch: Set<TransactionID>
    let grantStamps: [PermanentPurchase: UInt64]
    let stamp: UInt64

    /// The transactions whose delivery could not be saved, waiting for the next launch, in ID order.
    public var held: [TransactionID] { heldForLaunch.sorted() }

    /// A running app's memory from a file (a device bundle): the grant times of this run are not
    /// kept there, so ownership counts as loaded from the save.
    public init(save: AppSave, held: [TransactionID]) {
      self.save = save
      heldForLaunch = Set(held)
      grantStamps = [:]
      stamp = 0
    }

    init(
      save: AppSave, heldForLaunch: Set<TransactionID>, grantStamps: [PermanentPurchase: UInt64],
      stamp: UInt64
    ) {
      self.save = save
      self.heldForLaunch = heldForLaunch
      self.grantStamps = grantStamps
      self.stamp = stamp
    }
  }

  /// The app's memory now.
  public var memory: Memory {
    Memory(save: save, heldForLaunch: heldForLaunch, grantStamps: grantStamps, stamp: stamp)
  }

  /// Brings back a running app exactly as `memory` holds it, without a launch: nothing is loaded,
  /// recovered or credited. It observes `updates` from now on; what the store sends again on
  /// attaching (updates it queued for the app before) goes through the pipeline as it did the
  /// first time, which changes nothing (delivered ones are in the ledger, held ones wait, rejected
  /// ones are rejected again), and is not reported a second time.
  ///
  /// `settle` must return once every update the store has sent so far has gone through the pipeline.
  public static func resume(
    _ memory: Memory, rules: Rules, storage: any SaveStorage, store: any StoreClient,
    verifier: TransactionVerifier, crashHook: @escaping CrashHook = AppModel.neverCrashes,
    settle: @Sendable (AppModel) async -> Void
  ) async -> AppModel {
    let app = AppModel(
      save: memory.save, rules: rules, storage: storage, store: store, verifier: verifier,
      crashHook: crashHook)
    await app.restore(memory)
    await app.observeUpdates()
    await settle(app)
    _ = await app.drainJournal()
    return app
  }

  private func restore(_ memory: Memory) {
    heldForLaunch = memory.heldForLaunch
    grantStamps = memory.grantStamps
    stamp = memory.stamp
  }
}
