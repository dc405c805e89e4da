import QuietPlacesAppStore
import QuietPlacesDevice
import QuietPlacesStore
import QuietPlacesStoreKit
import QuietPlacesUtilities

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
      let name = item.product.map { "\($0.displayName.fromOutside)" } ?? Text.productName(item.id)
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
    if let note = await Self.roundedPriceNote(session.device) { lines.append(note) }
    return .info(lines)
  }

  /// When a configured price has more decimals than the storefront's currency shows (0.99 in JPY,
  /// 4.999 in GBP), a note that the numbers are shown rounded, as StoreKit testing does (0.99 → ￥1);
  /// nil otherwise.
  static func roundedPriceNote(_ device: Device) async -> String? {
    let settings = await device.storeSnapshot().settings
    let catalogue = device.catalogue
    guard let currency = catalogue.formats.storefront(settings.storefront.code)?.currency else { return nil }
    let prices = catalogue.items.map { settings.prices?[$0.productID] ?? $0.displayPrice }
    guard let fractional = prices.first(where: { catalogue.formats.isRounded($0, in: currency) })
    else { return nil }
    let item = StoreCatalogue.Item(
      productID: "", type: .consumable, displayPrice: fractional, localizations: [:])
    let shown = catalogue.displayPrice(item, in: settings.storefront, locale: settings.locale)
    return
      "note: \(Self.decimalDigits(of: currency, catalogue.formats)): the configuration's numbers are shown in \(currency), "
      + "rounded, as StoreKit testing does (\(fractional) → \(shown)); store price sets a product's number "
      + "(the same in every storefront)."
  }

  /// `GBP has 2 decimal digits`, `JPY has no decimal digits`: why a configured number is rounded.
  static func decimalDigits(of currency: String, _ formats: PriceFormats) -> String {
    let digits = formats.decimalDigits(currency)
    return "\(currency) has \(digits == 0 ? "no" : String(digits)) decimal digit\(digits == 1 ? "" : "s")"
  }
}
