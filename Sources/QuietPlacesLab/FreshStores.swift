import QuietPlacesAppStore
import QuietPlacesStore

/// Fresh simulated App Store accounts for a sweep's runs: each run gets a new, empty test account
/// (default settings, no transactions, IDs from 1), all signed with one key made for the sweep.
///
/// Making a P-256 key and its certificate is most of a new account's cost (a third of a short run);
/// a run never sees the key, only whether its transactions verify, so one key serves the sweep.
public struct FreshStores: Sendable {
  /// The products the stores sell.
  let catalogue: StoreCatalogue
  /// A new account as the store starts one, before anything happened in it.
  let account: StoreAccount

  /// Makes the sweep's key and the empty account every run starts from.
  public init(configuration: StoreKitConfiguration) async throws(LabError) {
    let template: SimulatedAppStore
    do {
      template = try SimulatedAppStore(
        configuration: configuration, bundleID: ProductID.bundleID, accountFile: nil)
    } catch {
      throw LabError("the simulated App Store could not start: \(error)")
    }
    catalogue = template.catalogue
    account = await template.exportAccount()
  }

  /// A store with a fresh account, in memory.
  func make() throws(LabError) -> SimulatedAppStore {
    do {
      return try SimulatedAppStore(catalogue: catalogue, account: account, accountFile: nil)
    } catch {
      throw LabError("the simulated App Store could not start: \(error)")
    }
  }
}
