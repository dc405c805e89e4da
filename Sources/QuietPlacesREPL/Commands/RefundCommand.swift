import QuietPlacesStore

/// `refund PRODUCT|ID`: Apple refunds a purchase; the revocation arrives through `updates`.
enum RefundCommand: REPLCommand {
  static let name = "refund"
  static let usage = ["refund PRODUCT|ID"]
  static let summary =
    "Apple refunds the latest purchase of a product (or a transaction ID); it arrives through updates"
  static let topic = HelpTopic.simulation

  static func completion(after words: [String]) -> ArgumentCompletion {
    words.isEmpty ? .words(ProductID.allCases.map(\.rawValue)) : .none
  }

  static func run(_ arguments: [String], in session: Session) async throws(CommandError) -> [String] {
    guard arguments.count == 1 else { throw usageError() }
    let refunded: String
    if let id = UInt64(arguments[0]) {
      do {
        let transaction = try await session.store.refund(transaction: id)
        refunded = "transaction \(transaction.id)"
      } catch {
        throw .store(error)
      }
    } else if let product = ProductID(argument: arguments[0]) {
      do {
        let transaction = try await session.store.refund(productID: product.fullID)
        refunded = "transaction \(transaction.id) (\(product.rawValue))"
      } catch {
        throw .store(error)
      }
    } else {
      throw .badArgument(
        argument: arguments[0],
        expected: "a product or transaction ID; write marks100, marks550, charts, hold, signal or a number")
    }
    return ["Apple refunded \(refunded); the revocation is sent through updates."]
  }
}
