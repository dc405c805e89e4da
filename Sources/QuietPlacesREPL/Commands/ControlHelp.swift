/// A command whose first word picks one of several controls (`store`, `fault`): `help COMMAND SUB`
/// says what one does, when it takes effect, and gives an example.
protocol ControlHelp: REPLCommand {
  /// The control words, in order.
  static var controls: [String] { get }
  /// The help of one control, or `nil` if the word is none of them.
  static func help(for control: String) -> ControlHelpText?
}

/// What `help COMMAND SUB` prints.
struct ControlHelpText: Equatable {
  /// Its form, as usage writes it.
  var form: String
  /// What it does.
  var does: String
  /// When it takes effect.
  var when: String
  /// A short example, commands separated by ` · `.
  var example: String

  var lines: [String] {
    ["usage: \(form)", "  What it does: \(does)", "  When: \(when)", "  Example: \(example)"]
  }
}

extension StoreCommand: ControlHelp {
  static var controls: [String] { Control.words }

  static func help(for control: String) -> ControlHelpText? {
    guard let control = Control(rawValue: control.lowercased()) else { return nil }
    let (does, when, example): (String, String, String) =
      switch control {
      case .storefront:
        (
          "the App Store's storefront (any of the 175, by ISO 3166-1 alpha-3 code): the currency of displayPrice",
          "at once: the next shop and buy show the new prices", "store storefront JPN · shop"
        )
      case .locale:
        (
          "the device locale, as SKTestSession's: how CLDR writes prices, and which localization names come from",
          "at once: the next shop and buy show the new prices",
          "store storefront DEU · store locale de · shop"
        )
      case .price:
        (
          "changes a product's configured price, as editing it in Xcode's StoreKit editor during a session does",
          "at once: the next shop and buy show it", "store price charts 4900 · shop"
        )
      case .askToBuy:
        (
          "Ask to Buy: purchases return pending and grant nothing until store approve or store decline",
          "from the next purchase until turned off", "store ask-to-buy on · buy hold · store approve"
        )
      case .approve:
        (
          "approves a purchase waiting for Ask to Buy (the oldest, or ID); the transaction arrives through updates",
          "at once while the app is open; otherwise at the next launch",
          "store ask-to-buy on · buy charts · store approve"
        )
      case .decline:
        (
          "declines a purchase waiting for Ask to Buy (the oldest, or ID); nothing is charged or granted",
          "at once", "store ask-to-buy on · buy charts · store decline"
        )
      case .interrupted:
        (
          "purchases are interrupted (they need action outside the app) and grant nothing until store resolve",
          "from the next purchase until turned off", "store interrupted on · buy signal · store resolve"
        )
      case .resolve:
        (
          "completes an interrupted purchase (the oldest, or ID); the transaction arrives through updates",
          "at once while the app is open; otherwise at the next launch",
          "store interrupted on · buy signal · store resolve"
        )
      case .failPurchases:
        (
          "purchases fail with an error; nothing is charged or granted",
          "from the next purchase until turned off",
          "store fail-purchases on · buy marks100"
        )
      case .cancelNext:
        (
          "the next purchase sheet is cancelled by the user; nothing is charged or granted",
          "the next purchase only", "store cancel-next · buy hold"
        )
      case .offline:
        (
          "the App Store cannot be reached: no catalogue, no purchase, no sync (so no restore), and nothing from "
            + "the App Store reaches this device: refunds, approvals and purchases on other devices wait, and "
            + "unfinished transactions and current entitlements answer from the device's cache; owned purchases "
            + "keep working. Back online, the device syncs and what waited arrives through updates",
          "at once, until turned off",
          "store offline on · store buy-outside hold · away 10h · store offline off"
        )
      case .error:
        (
          "Xcode's StoreKit error settings (a .storekit file's _storeKitErrors, applied at the start of a new "
            + "account): load-products fails the catalogue, purchase fails every purchase with ERROR, "
            + "verification makes every transaction arrive unverified, app-store-sync fails restore; off "
            + "turns it off",
          "at once, until turned off",
          "store error purchase networkError · buy hold · store error purchase off"
        )
      case .newDevice:
        (
          "a new device on the same account: its StoreKit cache is empty (no transactions, no current "
            + "entitlements, nothing unfinished) until it syncs, by a restore or by the network coming back; "
            + "the account keeps everything. A launch before that sync reads no entitlements",
          "at once, until the device syncs", "buy hold · store new-device · restore"
        )
      case .unavailable:
        (
          "the product is missing from the App Store's answers: the shop shows no price and it cannot be bought",
          "at once, until store available PRODUCT", "store unavailable hold · shop"
        )
      case .available:
        ("the product is in the App Store's answers again", "at once", "store available hold · shop")
      case .buyOutside:
        (
          "a purchase made on another device; it arrives through updates",
          "at once while the app is open; otherwise at the next launch", "store buy-outside marks550"
        )
      case .replay:
        (
          "the App Store sends a transaction again; the ledger keeps it from being delivered twice. After "
            + "delete-app the ledger is gone with the save, so a replayed pack is delivered again (its "
            + "Postmarks a second time), as a reinstalled app would",
          "at once while the app is open; otherwise at the next launch", "buy marks100 · store replay 1"
        )
      case .forge:
        (
          "sends a transaction with a bad signature through updates; the app must reject it",
          "at once while the app is open; otherwise at the next launch", "store forge charts"
        )
      case .foreign:
        (
          "sends a correctly signed transaction for a product that is not the app's; the app must reject it",
          "at once while the app is open; otherwise at the next launch",
          "store foreign com.example.other.product"
        )
      case .delayRestore:
        (
          "the next restore's sync waits until store continue, then it reads current entitlements",
          "the next restore (never a launch)",
          "store delay-restore · restore · store buy-outside hold · store continue"
        )
      case .continueRestore:
        ("lets a delayed restore finish", "at once", "store delay-restore · restore · store continue")
      case .clear:
        (
          "forgets every transaction of the account (a fresh test account); settings and the signing key stay",
          "at once; the next launch or restore reconciles with the empty account", "store clear · restore"
        )
      }
    return ControlHelpText(form: control.form, does: does, when: when, example: example)
  }
}

extension FaultCommand: ControlHelp {
  static var controls: [String] { Kind.words }

  static func help(for control: String) -> ControlHelpText? {
    guard let kind = Kind(rawValue: control.lowercased()) else { return nil }
    let (does, when, example): (String, String, String) =
      switch kind {
      case .saveFails:
        (
          "writing the save fails and nothing partial is left on disk (once: the next write only; on: every write)",
          "the next save: an action, a delivery (which then waits unfinished for the next launch) or the close",
          "fault save-fails once · buy marks100 · away 1m"
        )
      case .crashBeforeSave:
        (
          "the app dies after the next verified transaction arrives, before it is delivered and saved",
          "the next transaction the app processes; the app is then closed and launch recovers",
          "fault crash-before-save · buy hold · launch"
        )
      case .crashBeforeFinish:
        (
          "the app dies after saving the next delivery, before finish(): the transaction stays unfinished",
          "the next delivery; the app is then closed and launch finishes it without delivering it twice",
          "fault crash-before-finish · buy hold · launch"
        )
      }
    return ControlHelpText(form: kind.form, does: does, when: when, example: example)
  }
}
