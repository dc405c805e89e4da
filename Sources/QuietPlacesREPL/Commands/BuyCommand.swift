import QuietPlacesGame
import QuietPlacesStore
import QuietPlacesStoreKit

/// `buy supplies` (Postmarks, asks first) or `buy PRODUCT` (the App Store).
struct BuyCommand: REPLCommand {
  static let name = "buy"
  static let usage = ["buy supplies", "buy \(ProductID.alternatives)"]
  static let summary = "buy supplies with Postmarks (asks first), or a product through the App Store"
  static let topic = HelpTopic.play

  /// What to buy.
  enum Item: Equatable {
    /// Supplies, for Postmarks.
    case supplies
    /// A product, through the App Store.
    case product(ProductID)
  }

  let item: Item

  init(parsing arguments: [String]) throws(CommandError) {
    guard arguments.count == 1 else { throw Self.usageError() }
    if arguments[0].lowercased() == "supplies" {
      item = .supplies
    } else if let product = ProductID(argument: arguments[0]) {
      item = .product(product)
    } else {
      throw .badArgument(
        argument: arguments[0],
        expected: "something to buy; write supplies or a product: \(ProductID.words.joined(separator: ", "))")
    }
  }

  static func completion(after words: [String]) -> ArgumentCompletion {
    words.isEmpty ? .words(["supplies"] + ProductID.words) : .none
  }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    switch item {
    case .supplies: try await Self.askForSupplies(in: session)
    case .product(let product): try await Self.purchase(product, in: session)
    }
  }

  /// `buy supplies`: shows the amount and asks.
  private static func askForSupplies(in session: Session) async throws(CommandError) -> [OutputLine] {
    guard let game = await session.device.game else { throw .appClosed(command: "buy supplies") }
    let price = session.rules.suppliesPrice
    guard game.postmarks >= price else {
      throw .game(.notEnoughPostmarks(item: .supplies, cost: price, held: game.postmarks))
    }
    session.question = Supplies()
    let amount = game.suppliesAmount(session.rules)
    return [
      .info(
        "Supplies: \(Text.number(amount)) Discoveries for \(Text.count(price)) of your \(Text.count(game.postmarks)) Postmarks. Buy? [y/N]"
      )
    ]
  }

  /// The question `buy supplies` asks.
  struct Supplies: PendingQuestion {
    func confirmed(in session: Session) async throws(CommandError) -> [OutputLine] {
      let (event, game) = try await session.perform(.buySupplies, command: "buy supplies")
      guard case .suppliesBought(let amount, let price) = event else { return [] }
      return [
        .info(
          "Bought supplies: +\(Text.number(amount)) Discoveries for \(Text.count(price)) Postmarks (\(Text.count(game.postmarks)) left)."
        )
      ]
    }
  }

  /// `buy PRODUCT`: the purchase flow through the app side; the delivery lines follow from the journal.
  private static func purchase(_ product: ProductID, in session: Session) async throws(CommandError)
    -> [OutputLine]
  {
    try session.requireOpen(name)
    session.step.purchase = product
    let outcome: PurchaseOutcome
    do {
      outcome = try await session.device.purchase(product)
    } catch {
      // A crash is reported with the app's other store lines.
      guard case .crashed = error else { throw CommandError(error, command: name) }
      return []
    }
    switch outcome {
    case .purchased(let item):
      return [.info("Bought \(item.displayName.fromOutside) for \(item.displayPrice).")]
    case .returnedExisting(let item):
      return [
        .info(
          "The App Store returned the \(item.displayName.fromOutside) transaction this account already has (it sells the product as a non-consumable, as StoreKit 2 does): nothing charged."
        )
      ]
    case .cancelled(let item):
      return [
        .info(
          "The purchase sheet for \(item.displayName.fromOutside) was cancelled; nothing granted, nothing charged."
        )
      ]
    case .pending(let item):
      return [.info("\(item.displayName.fromOutside) waits for approval (Ask to Buy); nothing granted yet.")]
    case .failed(let item, let error):
      return [
        .info(
          "The purchase of \(item.displayName.fromOutside) did not complete (\(describe(error))); nothing granted."
        )
      ]
    case .unavailable(let id):
      throw .productUnavailable(id)
    case .alreadyOwned(let id):
      return [.info("You already own \(Text.productName(id)); nothing bought, nothing charged.")]
    case .storeUnreachable(let id, let error):
      throw .storeUnreachable(id, error)
    }
  }

  private static func describe(_ error: StoreError) -> String {
    switch error {
    case .networkError: "the App Store cannot be reached"
    case .productUnavailable: "the product is unavailable"
    case .purchaseFailed: "the App Store reported a failed purchase; nothing was charged"
    case .purchaseInterrupted:
      "interrupted: the purchase needs action outside the app; once resolved it arrives through updates"
    case .accountNotSaved(let reason):
      "the simulated App Store could not write its account file, on this computer's disk: \(reason); nothing was charged"
    case .simulated(let api, let error):
      "the StoreKit configuration's \(api) error, \(error); nothing was charged"
    }
  }
}

extension ProductID: ArgumentWord {
  static var noun: String { "a product" }
}
