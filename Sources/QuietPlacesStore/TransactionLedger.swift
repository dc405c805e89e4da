import QuietPlacesStoreKit

/// The transactions the app has delivered, saved with the balances they changed.
///
/// Its IDs keep a transaction from being delivered twice, whichever way it arrives again.
public struct TransactionLedger: Sendable, Codable, Equatable {
  /// One delivered (or revoked) transaction.
  public struct Entry: Sendable, Codable, Equatable {
    /// The transaction's ID.
    public var id: TransactionID
    /// The product it was for.
    public var product: ProductID
    /// Whether a revocation of it was processed.
    public var revoked: Bool

    public init(id: TransactionID, product: ProductID, revoked: Bool = false) {
      self.id = id
      self.product = product
      self.revoked = revoked
    }
  }

  /// Entries in increasing ID order.
  public private(set) var entries: [Entry] = []

  public init() {}

  /// The entry of an ID.
  public func entry(_ id: TransactionID) -> Entry? {
    index(of: id).map { entries[$0] }
  }

  /// Whether the ID is in the ledger.
  public func contains(_ id: TransactionID) -> Bool { index(of: id) != nil }

  /// Records a delivery, or a revocation of a transaction never delivered here.
  public mutating func record(_ entry: Entry) {
    if let index = index(of: entry.id) {
      entries[index].revoked = entries[index].revoked || entry.revoked
      return
    }
    let position = entries.firstIndex { $0.id > entry.id } ?? entries.count
    entries.insert(entry, at: position)
  }

  /// Delivered IDs in increasing order.
  public var ids: [TransactionID] { entries.map(\.id) }

  private func index(of id: TransactionID) -> Int? {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].id < id { low = middle + 1 } else { high = middle }
    }
    return low < entries.count && entries[low].id == id ? low : nil
  }
}
