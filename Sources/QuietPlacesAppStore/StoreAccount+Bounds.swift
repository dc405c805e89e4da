import FoundationEssentials
import QuietPlacesJWS
import QuietPlacesStoreKit
import QuietPlacesUtilities

/// The ranges of the numbers an account file or a bundle's account holds, checked before the store
/// adds to an ID or formats a date.
extension StoreAccount {
  /// The first number outside its range, or `nil` when every one is in range: transaction IDs 1 to
  /// 10^15 (the next ID up to one past that, when every ID has been given out), dates in 1970 to
  /// 9999, revocation reasons 0 or 1, and transactions in increasing ID order.
  func boundsProblem() -> String? {
    let largest = FileBounds.largestTransactionID
    guard (1...largest + 1).contains(nextTransactionID) else {
      return "'nextTransactionID' must be 1 to 1e15 + 1 (one past the last ID given out), "
        + "not \(nextTransactionID)"
    }
    var previous: TransactionID = 0
    for (index, transaction) in transactions.enumerated() {
      let field = "transactions[\(index)]"
      if let problem = FileBounds.transactionIDProblem(transaction.id, field: field + ".id")
        ?? FileBounds.instantProblem(transaction.purchaseDate, field: field + ".purchaseDate")
        ?? transaction.revocationDate.flatMap({
          FileBounds.instantProblem($0, field: field + ".revocationDate")
        })
      {
        return problem
      }
      if let reason = transaction.revocationReason, !(0...1).contains(reason) {
        return "'\(field).revocationReason' must be 0 (other) or 1 (an issue in the app), not \(reason)"
      }
      guard transaction.id > previous else {
        return "'\(field).id' is \(transaction.id), not above the ID before it (\(previous)); "
          + "the account lists each transaction once, in increasing ID order"
      }
      previous = transaction.id
    }
    for (name, list) in [
      ("pendingApprovals", pendingApprovals), ("interruptedPurchases", interruptedPurchases),
    ] {
      for (index, waiting) in list.enumerated() {
        let field = "\(name)[\(index)]"
        if let problem = FileBounds.transactionIDProblem(waiting.id, field: field + ".id")
          ?? FileBounds.instantProblem(waiting.requestDate, field: field + ".requestDate")
        {
          return problem
        }
      }
    }
    for (index, update) in queue.enumerated() {
      if let problem = FileBounds.transactionIDProblem(
        update.transactionID, field: "queue[\(index)].transactionID")
      {
        return problem
      }
      // A queued forged token reaches the app as it is: were it signed with the account's own key,
      // its numbers would be delivered, so they are held to the same ranges.
      guard let jws = update.forgedJWS, let data = try? JWS.unverifiedPayload(of: jws),
        let payload = try? StrictJSONDecoder.decodeDeferring(Transaction.self, from: data)
      else { continue }
      let field = "queue[\(index)].forgedJWS."
      if let problem = FileBounds.transactionIDProblem(payload.transactionId, field: field + "transactionId")
        ?? FileBounds.transactionIDProblem(
          payload.originalTransactionId, field: field + "originalTransactionId")
        ?? FileBounds.instantProblem(payload.purchaseDate, field: field + "purchaseDate")
        ?? FileBounds.instantProblem(payload.signedDate, field: field + "signedDate")
        ?? payload.revocationDate.flatMap({ FileBounds.instantProblem($0, field: field + "revocationDate") })
      {
        return problem
      }
    }
    // A price is formatted digit by digit: it must be a decimal the store takes from `store price`.
    for (product, price) in (settings.prices ?? [:]).sorted(by: { $0.key < $1.key }) {
      if let problem = Self.priceProblem(
        price, field: "settings.prices.\(product.count > 60 ? "…" : product)")
      {
        return problem
      }
    }
    return nil
  }
}
