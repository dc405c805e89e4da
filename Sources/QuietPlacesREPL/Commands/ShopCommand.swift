import QuietPlacesStore
import QuietPlacesStoreKit

/// `shop`: the five products with the store's localised price, or unavailable, and what is owned.
struct ShopCommand: REPLCommand {
  static let name = "shop"
  static let usage = ["shop"]
  static let summary =
    "the five products with the App Store's localised price (or unavailable) and what is owned"
  static let topic = HelpTopic.store

  init(parsing arguments: [String]) throws(CommandError) { try Self.expectNoArguments(arguments) }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    try session.requireOpen(Self.name)
    let view: ShopView
    do {
      view = try await session.device.shop()
    } catch {
      throw CommandError(error, command: Self.name)
    }
    var lines: [String] = []
    if case .simulated(let api, let error) = view.failure {
      lines.append(
        "Loading products failed with the StoreKit configuration's \(api) error (\(error)): no prices; what you own stays owned and keeps working."
      )
    } else if !view.reachable {
      lines.append("The App Store cannot be reached: no prices; what you own stays owned and keeps working.")
    }
    for item in view.items {
      let name = item.product?.displayName ?? Text.productName(item.id)
      let price: String
      if item.owned {
        price = "owned"
      } else if let product = item.product {
        price = product.displayPrice
      } else {
        price = "unavailable"
      }
      lines.append(
        "  \(Text.padded(item.id.rawValue, 9)) \(Text.padded(name, 17)) \(price)"
      )
    }
    return .info(lines)
  }
}
