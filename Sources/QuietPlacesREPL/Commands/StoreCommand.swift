import QuietPlacesAppStore
import QuietPlacesDevice
import QuietPlacesStore
import QuietPlacesUtilities

/// The APIs `store error` fails, as words.
enum StoreKitAPIWord: String, ArgumentWord {
  case loadProducts = "load-products"
  case purchase
  case verification
  case appStoreSync = "app-store-sync"

  static let noun = "a StoreKit API the store fails"

  var api: StoreKitErrorSetting.API {
    switch self {
    case .loadProducts: .loadProducts
    case .purchase: .purchase
    case .verification: .verification
    case .appStoreSync: .appStoreSync
    }
  }
}

/// `store …`: the simulated App Store's test controls, as StoreKitTest's `SKTestSession` has them.
struct StoreCommand: REPLCommand {
  static let name = "store"
  static let usage = Control.allCases.map(\.form)
  static let summary =
    "control the simulated App Store: storefront, Ask to Buy, failures, refunds, replays, forgeries…"
  static let topic = HelpTopic.simulation

  /// The first word: which control.
  enum Control: String, ArgumentWord {
    case storefront
    case locale
    case price
    case askToBuy = "ask-to-buy"
    case approve
    case decline
    case interrupted
    case resolve
    case failPurchases = "fail-purchases"
    case cancelNext = "cancel-next"
    case error
    case offline
    case newDevice = "new-device"
    case unavailable
    case available
    case buyOutside = "buy-outside"
    case replay
    case forge
    case foreign
    case delayRestore = "delay-restore"
    case continueRestore = "continue"
    case clear

    static let noun = "a store control"
    static var expectation: String { "\(noun); write \(listed) (help store SUB says what one does)" }

    /// What follows the control word.
    enum Argument {
      case none
      case storefront
      case locale
      case productPrice
      case onOff
      case optionalID
      case id
      case product
      case productID
      case storeKitError
    }

    var argument: Argument {
      switch self {
      case .storefront: .storefront
      case .locale: .locale
      case .price: .productPrice
      case .askToBuy, .interrupted, .failPurchases, .offline: .onOff
      case .approve, .decline, .resolve: .optionalID
      case .replay: .id
      case .unavailable, .available, .buyOutside, .forge: .product
      case .foreign: .productID
      case .error: .storeKitError
      case .cancelNext, .delayRestore, .continueRestore, .clear, .newDevice: .none
      }
    }

    /// The control's form, for usage: `store ask-to-buy on|off`.
    var form: String {
      let words: String? =
        switch argument {
        case .none: nil
        case .storefront: StorefrontArgument.form
        case .locale: "LOCALE"
        case .productPrice: "PRODUCT DECIMAL"
        case .onOff: Switch.alternatives
        case .optionalID: "[ID]"
        case .id: "ID"
        case .product: "PRODUCT"
        case .productID: "PRODUCT-ID"
        case .storeKitError: "\(StoreKitAPIWord.alternatives) [ERROR|on|off]"
        }
      return (["store", rawValue] + (words.map { [$0] } ?? [])).joined(separator: " ")
    }

    /// What Tab completes after the control word.
    var completion: ArgumentCompletion {
      switch argument {
      case .storefront: .words(StorefrontArgument.codes)
      case .locale: .words(StorefrontArgument.localeExamples)
      case .productPrice: .words(ProductID.words)
      case .onOff: .words(Switch.words)
      case .product: .words(ProductID.words)
      case .storeKitError: .words(StoreKitAPIWord.words)
      case .none, .optionalID, .id, .productID: .none
      }
    }
  }

  /// What the control does, with its argument read.
  enum Action: Equatable {
    case storefront(Storefront)
    case locale(String)
    case price(ProductID, String)
    case askToBuy(Bool)
    case approve(UInt64?)
    case decline(UInt64?)
    case interrupted(Bool)
    case resolve(UInt64?)
    case failPurchases(Bool)
    case cancelNext
    case offline(Bool)
    case storeKitError(StoreKitErrorSetting.API, String?, on: Bool)
    case newDevice
    case setAvailable(ProductID, Bool)
    case buyOutside(ProductID)
    case replay(UInt64)
    case forge(ProductID)
    case foreign(String)
    case delayRestore
    case continueRestore
    case clear

    /// Whether the App Store sends an update through `updates` for it.
    var sendsUpdate: Bool {
      switch self {
      case .approve, .resolve, .buyOutside, .replay, .forge, .foreign: true
      default: false
      }
    }
  }

  let action: Action

  init(parsing arguments: [String]) throws(CommandError) {
    // Twenty-two forms make a usage line no one reads: a bare `store` names the controls.
    guard let word = arguments.first else {
      throw .usage(command: Self.name, expected: Control.expectation)
    }
    if Control(argument: word) == nil, let command = CommandRegistry.command(named: word.lowercased()),
      command != StoreCommand.self
    {
      throw .badArgument(
        argument: word,
        expected: "a store control but a command of its own: \(command.usage.joined(separator: " or "))")
    }
    let control = try Control(word: word.lowercased())
    let rest = Array(arguments.dropFirst())
    func wrongForm() -> CommandError { .usage(command: "store \(control.rawValue)", expected: control.form) }
    func one() throws(CommandError) -> String {
      guard rest.count == 1 else { throw wrongForm() }
      return rest[0]
    }
    func onOff() throws(CommandError) -> Bool { try Switch(word: try one()).isOn }
    func product() throws(CommandError) -> ProductID { try ProductID(word: try one()) }
    func optionalID() throws(CommandError) -> UInt64? {
      guard let text = rest.first else { return nil }
      guard rest.count == 1, let id = UInt64(text) else {
        throw .badArgument(
          argument: rest.joined(separator: " "),
          expected: "an ID; write a whole number, or nothing for the oldest")
      }
      return id
    }
    switch control.argument {
    case .none: guard rest.isEmpty else { throw wrongForm() }
    default: break
    }
    switch control {
    case .storefront: action = .storefront(try StorefrontArgument.parse(try one()))
    case .locale: action = .locale(try one())
    case .price:
      guard rest.count == 2 else { throw wrongForm() }
      action = .price(try ProductID(word: rest[0]), rest[1])
    case .askToBuy: action = .askToBuy(try onOff())
    case .approve: action = .approve(try optionalID())
    case .decline: action = .decline(try optionalID())
    case .interrupted: action = .interrupted(try onOff())
    case .resolve: action = .resolve(try optionalID())
    case .failPurchases: action = .failPurchases(try onOff())
    case .cancelNext: action = .cancelNext
    case .offline: action = .offline(try onOff())
    case .error:
      guard (1...2).contains(rest.count) else { throw wrongForm() }
      let api = try StoreKitAPIWord(word: rest[0].lowercased()).api
      // `on`, as every switch of the store takes it, or no word: the API's default error; `off`:
      // none; otherwise one of StoreKit's error names, spelt as StoreKit spells it.
      switch rest.count == 2 ? rest[1].lowercased() : "on" {
      case "off": action = .storeKitError(api, nil, on: false)
      case "on": action = .storeKitError(api, nil, on: true)
      default:
        guard let name = StoreKitErrorSetting.errorName(rest[1]) else {
          let close = EditDistance.closest(
            to: rest[1], in: StoreKitErrorSetting.errorNames, within: EditDistance.tolerance(for: rest[1]))
          throw .badArgument(
            argument: rest[1],
            expected:
              "a StoreKit error name (\(StoreKitErrorSetting.errorNames.joined(separator: ", "))), on for "
              + "the API's default error, or off" + (close.map { "; did you mean \($0)?" } ?? ""))
        }
        action = .storeKitError(api, name, on: true)
      }
    case .newDevice: action = .newDevice
    case .unavailable: action = .setAvailable(try product(), false)
    case .available: action = .setAvailable(try product(), true)
    case .buyOutside: action = .buyOutside(try product())
    case .replay:
      guard let id = try optionalID() else { throw .usage(command: "store replay", expected: control.form) }
      action = .replay(id)
    case .forge: action = .forge(try product())
    case .foreign: action = .foreign(try one())
    case .delayRestore: action = .delayRestore
    case .continueRestore: action = .continueRestore
    case .clear: action = .clear
    }
  }

  static func completion(after words: [String]) -> ArgumentCompletion {
    guard let word = words.first else { return .words(Control.words) }
    guard words.count == 1, let control = Control(rawValue: word) else { return .none }
    return control.completion
  }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    var line: String
    do {
      line = try await perform(on: session.device)
    } catch {
      throw .store(error)
    }
    if action.sendsUpdate { line += await Self.heldNote(session.device) }
    guard action == .continueRestore, let restoring = await session.device.awaitRestore() else {
      return [.info(line)]
    }
    return [.info(line)] + (await RestoreCommand.describe(restoring, in: session))
  }

  /// Applies the control to the device's App Store; returns the line that says what it did.
  private func perform(on device: Device) async throws(AppStoreError) -> String {
    func state(_ on: Bool) -> String { on ? "on" : "off" }
    switch action {
    case .storefront(let storefront):
      try await device.control(.storefront(storefront))
      let info = device.catalogue.formats.storefront(storefront.code)
      let locale = await device.storeSnapshot().settings.locale ?? device.catalogue.defaultLocale
      return "Storefront \(storefront.code) (\(info?.name ?? storefront.code)): prices in "
        + "\(info?.currency ?? storefront.code), written for \(locale)."
    case .locale(let locale):
      let resolved = try await device.control(.locale(locale))
      return "Locale \(locale): prices written by CLDR's \(resolved) rules; "
        + "names from the \(locale) localization where there is one."
    case .price(let product, let price):
      let shown = try await device.control(.price(product, price))
      let storefront = await device.storeSnapshot().settings.storefront
      var rounded = ""
      let formats = device.catalogue.formats
      if let currency = formats.storefront(storefront.code)?.currency, formats.isRounded(price, in: currency)
      {
        rounded =
          " (\(ShopCommand.decimalDigits(of: currency, formats)): the number is rounded, as StoreKit testing does)"
      }
      return "\(product.rawValue) now costs \(price) in the configuration (in every storefront, in its "
        + "currency): \(shown) in this storefront\(rounded)."
    case .askToBuy(let on):
      try await device.control(.askToBuy(on))
      return "Ask to Buy \(state(on)): purchases \(on ? "wait for approval" : "complete at once")."
    case .approve(let id):
      let transaction = try await device.control(.approve(id))
      return "Approved: \(Self.describe(transaction)) is sent through updates"
        + (await Self.confirmedPrice(transaction, on: device)) + "."
    case .decline(let id):
      let waiting = try await device.control(.decline(id))
      return
        "Declined request \(waiting.id) (\(Self.name(waiting.productID))); nothing is charged or granted."
    case .interrupted(let on):
      try await device.control(.interrupted(on))
      return "Interrupted purchases \(state(on))."
    case .resolve(let id):
      let transaction = try await device.control(.resolve(id))
      return "Resolved: \(Self.describe(transaction)) is sent through updates"
        + (await Self.confirmedPrice(transaction, on: device)) + "."
    case .failPurchases(let on):
      try await device.control(.failPurchases(on))
      return "Failing purchases \(state(on))."
    case .cancelNext:
      try await device.control(.cancelNext)
      return "The next purchase sheet will be cancelled by the user."
    case .offline(let on):
      let held = try await device.control(.offline(on))
      guard !on else {
        return "Offline: no catalogue, purchase or sync, and nothing from the App Store reaches this device "
          + "(refunds, approvals, purchases on other devices wait); unfinished transactions and current "
          + "entitlements answer from the device's cache."
      }
      return "Online: the App Store answers again, and the device syncs"
        + (held == 0
          ? "."
          : "; \(Text.plural(held, "update")) held back meanwhile \(held == 1 ? "arrives" : "arrive") now.")
    case .storeKitError(let api, let error, let on):
      try await device.control(.storeKitError(api, error, on: on))
      guard on else { return "StoreKit error for \(api.rawValue) off: it works again." }
      return "StoreKit error for \(api.rawValue) on (\(error ?? "the default error")): "
        + api.effect + "."
    case .newDevice:
      try await device.control(.newDevice)
      return "A new device: its StoreKit cache is empty (no transactions, entitlements or unfinished ones) "
        + "until it syncs, by a restore or by the network coming back; the account keeps everything."
    case .setAvailable(let product, let available):
      try await device.control(.available(product, available))
      return
        "\(Text.productName(product)) is \(available ? "available" : "unavailable") in the App Store's answers."
    case .buyOutside(let product):
      let transaction = try await device.control(.buyOutside(product))
      return "Bought on another device: \(Self.describe(transaction)) is sent through updates."
    case .replay(let id):
      let transaction = try await device.control(.replay(id))
      return "Replayed \(Self.describe(transaction)) through updates."
    case .forge(let product):
      let forged = try await device.control(.forge(product))
      return
        "Sent a forged transaction \(forged.transactionId) (\(Self.name(forged.productId))) through updates."
    case .foreign(let productID):
      let transaction = try await device.control(.foreign(productID))
      return
        "Sent a signed transaction \(transaction.id) for \(transaction.productID.fromOutside) through updates."
    case .delayRestore:
      try await device.control(.delayRestore)
      return "The next restore's sync will wait for store continue; it reads entitlements after."
    case .continueRestore:
      try await device.control(.continueRestore)
      return "The restore continues."
    case .clear:
      try await device.control(.clear)
      let cleared =
        "The App Store account is cleared: no transactions, nothing pending (a fresh test account)"
      // A device out of step with the account keeps its StoreKit cache until it syncs.
      guard !(await device.storeSnapshot()).deviceInStep else { return cleared + "." }
      return cleared + "; this device cannot see it yet (offline, or not synced since it was new): its "
        + "StoreKit cache keeps what it had until it syncs."
    }
  }

  /// What an update the App Store sends does when the device cannot see the account now.
  static func heldNote(_ device: Device) async -> String {
    let store = await device.storeSnapshot()
    guard store.settings.offline || !store.deviceInStep else { return "" }
    return
      " This device cannot see it yet (\(store.settings.offline ? "offline" : "not synced")): it arrives when the device syncs."
  }

  /// `transaction 3 (charts)`.
  /// When the price a waiting purchase was confirmed at is not the product's price now (`store
  /// price` changed it meanwhile), the clause that says which one it was charged; empty otherwise.
  private static func confirmedPrice(_ transaction: AccountTransaction, on device: Device) async -> String {
    guard let charged = transaction.price, let item = device.catalogue.item(transaction.productID) else {
      return ""
    }
    let now = await device.storeSnapshot().settings.prices?[item.productID] ?? item.displayPrice
    guard now != charged else { return "" }
    return
      ", charged \(charged) \(transaction.currency ?? ""), the price when it was bought (it is \(now) now)"
  }

  private static func describe(_ transaction: AccountTransaction) -> String {
    "transaction \(transaction.id) (\(name(transaction.productID)))"
  }

  /// A product's short name, or the full ID of a product Quiet Places does not sell.
  private static func name(_ productID: String) -> String {
    ProductID(fullID: productID)?.rawValue ?? "\(productID.fromOutside)"
  }
}
