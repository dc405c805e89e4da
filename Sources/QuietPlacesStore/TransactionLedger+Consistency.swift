import QuietPlacesStoreKit
import QuietPlacesUtilities

/// Checks a ledger read from a file before the app adds to it or looks an ID up in it.
extension TransactionLedger {
  /// The first ID that is not a transaction ID (1 to 10^15) or is out of order, or `nil` when the
  /// ledger is sound: its lookups search the IDs in increasing order, so an ID listed twice or
  /// out of place would hide a delivery and let it happen again.
  public func problem() -> String? {
    var previous: TransactionID = 0
    for (index, entry) in entries.enumerated() {
      let field = "ledger.entries[\(index)].id"
      if let problem = FileBounds.transactionIDProblem(entry.id, field: field) { return problem }
      guard entry.id > previous else {
        return "'\(field)' is \(entry.id), not above the ID before it (\(previous)); "
          + "the ledger lists each ID once, in increasing order"
      }
      previous = entry.id
    }
    return nil
  }
}
