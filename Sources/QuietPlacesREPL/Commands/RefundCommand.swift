import QuietPlacesAppStore
import QuietPlacesDevice
import QuietPlacesStore

/// `refund PRODUCT|ID`: Apple refunds a purchase; the revocation arrives through `updates`.
struct RefundCommand: REPLCommand {
  static let name = "refund"
  static let usage = ["refund PRODUCT|ID"]
  static let summary =
    "Apple refunds the latest purchase of a product (or a transaction ID); it arrives through updates"
  static let topic = HelpTopic.simulation

  /// What to refund: one transaction, or a product's latest purchase.
  enum Target: Equatable {
    case transaction(UInt64)
    case product(ProductID)
  }

  let target: Target

  init(parsing arguments: [String]) throws(CommandError) {
    guard arguments.count == 1 else { throw Self.usageError() }
    let word = arguments[0]
    if let id = UInt64(word) {
      target = .transaction(id)
      return
    }
    // All digits, too many for any ID: out of range, not another kind of word.
    if !word.isEmpty, word.allSatisfy({ $0.isASCII && $0.isNumber }) {
      throw .badArgument(
        argument: word,
        expected:
          "a transaction ID: it is beyond the largest one an account gives (\(UInt64.max)); write an ID "
          + "as a purchase printed it, or a product")
    }
    guard let product = ProductID(argument: word) else {
      throw .badArgument(
        argument: word,
        expected: "a product or transaction ID; write \(ProductID.words.joined(separator: ", ")) or a number")
    }
    target = .product(product)
  }

  static func completion(after words: [String]) -> ArgumentCompletion {
    words.isEmpty ? .words(ProductID.words) : .none
  }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    let refunded: String
    do {
      switch target {
      case .transaction(let id):
        let transaction = try await session.device.control(.refund(id))
        // Named as a refund by product is, so the line says what was refunded.
        let product =
          ProductID(fullID: transaction.productID)?.rawValue ?? "\(transaction.productID.fromOutside)"
        refunded = "transaction \(transaction.id) (\(product))"
      case .product(let product):
        let transaction = try await session.device.control(.refundLatest(product))
        refunded = "transaction \(transaction.id) (\(product.rawValue))"
      }
    } catch {
      throw .store(error)
    }
    let held = await StoreCommand.heldNote(session.device)
    return [.info("Apple refunded \(refunded); the revocation is sent through updates.\(held)")]
  }
}
