import QuietPlacesGame
import QuietPlacesStore

/// `buy supplies` (Postmarks, asks first) or `buy PRODUCT` (the App Store).
enum BuyCommand: REPLCommand {
  static let name = "buy"
  static let usage = ["buy supplies", "buy marks100|marks550|charts|hold|signal"]
  static let summary = "buy supplies with Postmarks (asks first), or a product through the App Store"
  static let topic = HelpTopic.play

  static func completion(after words: [String]) -> ArgumentCompletion {
    words.isEmpty ? .words(["supplies"] + ProductID.allCases.map(\.rawValue)) : .none
  }

  static func run(_ arguments: [String], in session: Session) async throws(CommandError) -> [String] {
    guard arguments.count == 1 else { throw usageError() }
    if arguments[0].lowercased() == "supplies" {
      return try await session.askForSupplies()
    }
    guard let product = ProductID(argument: arguments[0]) else {
      throw .badArgument(
        argument: arguments[0],
        expected: "something to buy; write supplies or a product: marks100, marks550, charts, hold, signal")
    }
    return try await session.purchase(product)
  }
}
