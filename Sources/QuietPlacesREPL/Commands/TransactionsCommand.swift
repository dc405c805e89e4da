import QuietPlacesAppStore
import QuietPlacesStore
import QuietPlacesUtilities

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
      // Columns widen for long IDs (up to 16 digits) and long prices, so every row stays aligned.
      let rows = snapshot.transactions.map { transaction in
        let product =
          ProductID(fullID: transaction.productID)?.rawValue ?? "\(transaction.productID.fromOutside)"
        let state =
          (transaction.finished ? "finished" : "unfinished") + (transaction.isRevoked ? ", revoked" : "")
        let entry = ledger.entry(transaction.id)
        let inLedger = entry.map { $0.revoked ? "revoked" : "delivered" } ?? "-"
        // The configured number in the storefront's currency, as the store charged it.
        let price =
          "\(transaction.price.map { "\($0) \(transaction.currency ?? "")" } ?? "-") \(transaction.storefront.rawValue)"
        return (
          id: String(transaction.id), product: product, date: transaction.purchaseDate, price: price,
          state: state, inLedger: inLedger
        )
      }
      let idWidth = max(3, rows.map(\.id.count).max() ?? 0)
      let priceWidth = max(18, rows.map(\.price.count).max() ?? 0)
      lines.append(
        "  \(pad(pad("id", 3), idWidth, right: true)) \(pad("product", 12)) \(pad("bought", 20)) \(pad("price & storefront", priceWidth)) \(pad("store", 19)) app ledger"
      )
      for row in rows {
        lines.append(
          "  \(pad(row.id, idWidth, right: true)) \(pad(row.product, 12)) \(Text.instant(row.date))  \(pad(row.price, priceWidth)) \(pad(row.state, 19)) \(row.inLedger)"
        )
      }
    }
    for waiting in snapshot.pendingApprovals {
      lines.append(
        "  Waiting for approval: request \(waiting.id) for \(ProductID(fullID: waiting.productID)?.rawValue ?? "\(waiting.productID.fromOutside)")."
      )
    }
    for waiting in snapshot.interruptedPurchases {
      lines.append(
        "  Interrupted: request \(waiting.id) for \(ProductID(fullID: waiting.productID)?.rawValue ?? "\(waiting.productID.fromOutside)")."
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
