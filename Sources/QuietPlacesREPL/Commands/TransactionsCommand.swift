import QuietPlacesAppStore
import QuietPlacesStore

/// `transactions`: the app's ledger beside the store's view of the account.
struct TransactionsCommand: REPLCommand {
  static let name = "transactions"
  static let usage = ["transactions"]
  static let summary = "the App Store's transactions (finished? revoked?) beside the app's ledger"
  static let topic = HelpTopic.store

  init(parsing arguments: [String]) throws(CommandError) { try Self.expectNoArguments(arguments) }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    let snapshot = await session.device.storeSnapshot()
    let ledger = await session.device.currentSave()?.ledger ?? TransactionLedger()
    var lines: [String] = []
    if snapshot.transactions.isEmpty {
      lines.append("The App Store account has no transactions.")
    } else {
      lines.append(
        "  id  product      bought               price & storefront store               app ledger")
      for transaction in snapshot.transactions {
        let product = ProductID(fullID: transaction.productID)?.rawValue ?? transaction.productID
        let state =
          (transaction.finished ? "finished" : "unfinished") + (transaction.isRevoked ? ", revoked" : "")
        let entry = ledger.entry(transaction.id)
        let inLedger = entry.map { $0.revoked ? "revoked" : "delivered" } ?? "-"
        // The configured number in the storefront's currency, as the store charged it.
        let price =
          "\(transaction.price.map { "\($0) \(transaction.currency ?? "")" } ?? "-") \(transaction.storefront.rawValue)"
        lines.append(
          "  \(pad(String(transaction.id), 3, right: true)) \(pad(product, 12)) \(Text.instant(transaction.purchaseDate))  \(pad(price, 18)) \(pad(state, 19)) \(inLedger)"
        )
      }
    }
    for waiting in snapshot.pendingApprovals {
      lines.append(
        "  Waiting for approval: request \(waiting.id) for \(ProductID(fullID: waiting.productID)?.rawValue ?? waiting.productID)."
      )
    }
    for waiting in snapshot.interruptedPurchases {
      lines.append(
        "  Interrupted: request \(waiting.id) for \(ProductID(fullID: waiting.productID)?.rawValue ?? waiting.productID)."
      )
    }
    let inStore = Set(snapshot.transactions.map(\.id))
    for entry in ledger.entries where !inStore.contains(entry.id) {
      lines.append("  Ledger only: \(entry.id) (\(entry.product.rawValue)) is not in this App Store account.")
    }
    return .info(lines)
  }

  private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return right ? padding + text : text + padding
  }
}
