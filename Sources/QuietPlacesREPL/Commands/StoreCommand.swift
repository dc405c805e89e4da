import QuietPlacesAppStore
import QuietPlacesStore

/// `store …`: the simulated App Store's test controls, as StoreKitTest's `SKTestSession` has them.
enum StoreCommand: REPLCommand {
  static let name = "store"
  static let usage = [
    "store storefront GBR|USA", "store ask-to-buy on|off", "store approve [ID]", "store decline [ID]",
    "store interrupted on|off", "store resolve [ID]", "store fail-purchases on|off", "store cancel-next",
    "store offline on|off", "store unavailable PRODUCT", "store available PRODUCT",
    "store buy-outside PRODUCT",
    "store replay ID", "store forge PRODUCT", "store foreign PRODUCT-ID", "store delay-restore",
    "store continue",
    "store clear",
  ]
  static let summary =
    "control the simulated App Store: storefront, Ask to Buy, failures, refunds, replays, forgeries…"
  static let topic = HelpTopic.simulation

  static let controls = [
    "storefront", "ask-to-buy", "approve", "decline", "interrupted", "resolve", "fail-purchases",
    "cancel-next",
    "offline", "unavailable", "available", "buy-outside", "replay", "forge", "foreign", "delay-restore",
    "continue",
    "clear",
  ]

  static func completion(after words: [String]) -> ArgumentCompletion {
    guard let control = words.first else { return .words(controls) }
    guard words.count == 1 else { return .none }
    switch control {
    case "storefront": return .words(["GBR", "USA"])
    case "ask-to-buy", "interrupted", "fail-purchases", "offline": return .words(["on", "off"])
    case "unavailable", "available", "buy-outside", "forge": return .words(ProductID.allCases.map(\.rawValue))
    default: return .none
    }
  }

  static func run(_ arguments: [String], in session: Session) async throws(CommandError) -> [String] {
    guard let control = arguments.first?.lowercased() else { throw usageError() }
    let rest = Array(arguments.dropFirst())
    let store = session.store
    func one() throws(CommandError) -> String {
      guard rest.count == 1 else { throw .usage(command: "store \(control)", expected: formOf(control)) }
      return rest[0]
    }
    func none() throws(CommandError) {
      guard rest.isEmpty else { throw .usage(command: "store \(control)", expected: formOf(control)) }
    }
    func onOff() throws(CommandError) -> Bool {
      switch try one().lowercased() {
      case "on": return true
      case "off": return false
      default: throw .badArgument(argument: rest[0], expected: "on or off")
      }
    }
    func product() throws(CommandError) -> ProductID {
      let text = try one()
      guard let product = ProductID(argument: text) else {
        throw .badArgument(
          argument: text, expected: "a product; write marks100, marks550, charts, hold or signal")
      }
      return product
    }
    func optionalID() throws(CommandError) -> UInt64? {
      guard let text = rest.first else { return nil }
      guard rest.count == 1, let id = UInt64(text) else {
        throw .badArgument(
          argument: rest.joined(separator: " "),
          expected: "an ID; write a whole number, or nothing for the oldest")
      }
      return id
    }
    func state(_ on: Bool) -> String { on ? "on" : "off" }

    do {
      switch control {
      case "storefront":
        let text = try one()
        guard let storefront = Storefront(argument: text) else {
          throw CommandError.badArgument(argument: text, expected: "a storefront; write GBR or USA")
        }
        try await store.setStorefront(storefront)
        return [
          "Storefront \(storefront.rawValue): prices in \(storefront.currencySymbol), \(storefront.locale) names."
        ]
      case "ask-to-buy":
        let on = try onOff()
        try await store.setAskToBuy(on)
        return ["Ask to Buy \(state(on)): purchases \(on ? "wait for approval" : "complete at once")."]
      case "approve":
        let transaction = try await store.approve(try optionalID())
        return [
          "Approved: transaction \(transaction.id) (\(name(transaction.productID))) is sent through updates."
        ]
      case "decline":
        let waiting = try await store.decline(try optionalID())
        return ["Declined request \(waiting.id) (\(name(waiting.productID))); nothing is charged or granted."]
      case "interrupted":
        let on = try onOff()
        try await store.setInterrupted(on)
        return ["Interrupted purchases \(state(on))."]
      case "resolve":
        let transaction = try await store.resolve(try optionalID())
        return [
          "Resolved: transaction \(transaction.id) (\(name(transaction.productID))) is sent through updates."
        ]
      case "fail-purchases":
        let on = try onOff()
        try await store.setFailPurchases(on)
        return ["Failing purchases \(state(on))."]
      case "cancel-next":
        try none()
        try await store.cancelNext()
        return ["The next purchase sheet will be cancelled by the user."]
      case "offline":
        let on = try onOff()
        try await store.setOffline(on)
        return [
          on
            ? "Offline: the catalogue and sync fail; current entitlements still answer from the device."
            : "Online: the App Store answers again."
        ]
      case "unavailable", "available":
        let chosen = try product()
        try await store.setAvailable(productID: chosen.fullID, control == "available")
        return ["\(Text.productName(chosen)) is \(control) in the App Store's answers."]
      case "buy-outside":
        let transaction = try await store.buyOutside(productID: try product().fullID)
        return [
          "Bought on another device: transaction \(transaction.id) (\(name(transaction.productID))) is sent through updates."
        ]
      case "replay":
        guard let id = try optionalID() else {
          throw CommandError.usage(command: "store replay", expected: "store replay ID")
        }
        let transaction = try await store.replay(id)
        return ["Replayed transaction \(transaction.id) (\(name(transaction.productID))) through updates."]
      case "forge":
        let forged = try await store.forge(productID: try product().fullID)
        return [
          "Sent a forged transaction \(forged.transactionId) (\(name(forged.productId))) through updates."
        ]
      case "foreign":
        let transaction = try await store.foreign(
          productID: try one(), appProductIDs: Set(ProductID.allCases.map(\.fullID)))
        return ["Sent a signed transaction \(transaction.id) for \(transaction.productID) through updates."]
      case "delay-restore":
        try none()
        try await store.delayRestore()
        return ["The next restore will read entitlements, then wait for store continue."]
      case "continue":
        try none()
        try await store.continueRestore()
        guard let progress = session.restoreInFlight else { return ["The restore continues."] }
        return ["The restore continues."] + (await session.awaitRestore(progress))
      case "clear":
        try none()
        try await store.clear()
        return ["The App Store account is cleared: no transactions, nothing pending (a fresh test account)."]
      default:
        throw CommandError.badArgument(argument: control, expected: "a store control; help store lists them")
      }
    } catch let error as CommandError {
      throw error
    } catch let error as AppStoreError {
      throw .store(error)
    } catch {
      throw .usage(command: "store \(control)", expected: formOf(control))
    }
  }

  private static func formOf(_ control: String) -> String {
    usage.first { $0.hasPrefix("store \(control)") } ?? usage.joined(separator: ", ")
  }

  private static func name(_ productID: String) -> String {
    ProductID(fullID: productID)?.rawValue ?? productID
  }
}
