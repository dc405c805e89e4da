import QuietPlacesUtilities

/// The kinds of step the explorer plays, named as the REPL's commands are (`store approve`,
/// `fault crash-before-save`), each drawn with a documented weight.
///
/// The weights favour the money paths: purchases, the App Store's controls, refunds, restores,
/// faults and the app's life (launch, close, away, delete-app) make up about 60% of the draws;
/// sailing and play about 33%; saves, checkpoints, rewinds, new games and autoplay 4%; lines that
/// must be refused 3%. A step whose app state does not fit (a purchase while the app is closed, a
/// launch while it is open) is drawn at a twentieth of its weight, so illegal steps of every kind
/// happen too. While a question waits, the next step answers it nine times in ten (`y` four times
/// in five).
enum StepKind: String, CaseIterable, Sendable {
  case buy
  case restore
  case refund
  case storefront = "store storefront"
  case locale = "store locale"
  case price = "store price"
  case askToBuy = "store ask-to-buy"
  case approve = "store approve"
  case decline = "store decline"
  case interrupted = "store interrupted"
  case resolve = "store resolve"
  case failPurchases = "store fail-purchases"
  case cancelNext = "store cancel-next"
  case offline = "store offline"
  case unavailable = "store unavailable"
  case available = "store available"
  case buyOutside = "store buy-outside"
  case replay = "store replay"
  case forge = "store forge"
  case foreign = "store foreign"
  case delayRestore = "store delay-restore"
  case continueRestore = "store continue"
  case clear = "store clear"
  case storeKitError = "store error"
  case newDevice = "store new-device"
  case saveFails = "fault save-fails"
  case crashBeforeSave = "fault crash-before-save"
  case crashBeforeFinish = "fault crash-before-finish"
  case launch
  case close
  case away
  case deleteApp = "delete-app"
  case advance
  case upgrade
  case hire
  case charter
  case supplies = "buy supplies"
  case colour
  case bearings = "prestige"
  case atlas = "prestige atlas"
  case freshVoyage = "fresh-voyage"
  case save
  case checkpoint
  case rewind
  case new
  case autoplay
  case illegal
  case yes = "y"
  case no = "n"

  /// What the app must be for the step to be legal.
  enum Need {
    case open
    case closed
    case either
  }

  /// How often it is drawn, against the others' weights (they sum to 1,000).
  var weight: Int {
    switch self {
    case .buy: 120
    case .restore: 25
    case .refund: 40
    case .storefront: 7
    case .locale: 4
    case .price: 4
    case .askToBuy: 15
    case .approve: 24
    case .decline: 9
    case .interrupted: 15
    case .resolve: 24
    case .failPurchases: 11
    case .cancelNext: 9
    case .offline: 15
    case .unavailable: 11
    case .available: 11
    case .buyOutside: 27
    case .replay: 30
    case .forge: 11
    case .foreign: 7
    case .delayRestore: 10
    case .continueRestore: 12
    case .clear: 3
    case .storeKitError: 6
    case .newDevice: 5
    case .saveFails: 24
    case .crashBeforeSave: 17
    case .crashBeforeFinish: 17
    case .launch: 34
    case .close: 24
    case .away: 34
    case .deleteApp: 6
    case .advance: 124
    case .upgrade: 75
    case .hire: 32
    case .charter: 15
    case .supplies: 30
    case .colour: 20
    case .bearings: 14
    case .atlas: 5
    case .freshVoyage: 4
    case .save: 12
    case .checkpoint: 8
    case .rewind: 8
    case .new: 3
    case .autoplay: 9
    case .illegal: 30
    case .yes, .no: 0
    }
  }

  /// What the app must be for the step to be legal.
  var need: Need {
    switch self {
    case .buy, .restore, .close, .away, .upgrade, .hire, .charter, .supplies, .colour, .bearings, .atlas,
      .freshVoyage, .save, .autoplay:
      .open
    case .launch: .closed
    default: .either
    }
  }

  /// The row of the coverage table an illegal line is counted in: the command it names, among
  /// `kinds` (the kinds an exploration plays, whose rows its table prints) and `y` and `n`, the
  /// longest that fits (`store replay 99999` is `store replay`, `buy gold` is `buy`); `nil` for a
  /// line that names none of them (an unknown command, `store` or `fault` alone), which the
  /// `illegal` row counts.
  static func named(byIllegalLine line: String, among kinds: [StepKind]) -> StepKind? {
    let text = line.trimmingWhitespace.lowercased()
    return (kinds + [.yes, .no])
      .filter { $0 != .illegal && (text == $0.rawValue || text.hasPrefix($0.rawValue + " ")) }
      .max { $0.rawValue.count < $1.rawValue.count }
  }

  /// The kinds a name given to `--only` or `--without` stands for: the kind itself, and every kind
  /// it is the first word of (`store` for every control, `buy` for `buy` and `buy supplies`);
  /// `nil` when it names none.
  static func named(_ name: String) -> [StepKind]? {
    let text = name.trimmingWhitespace.lowercased()
    let kinds = allCases.filter { $0.rawValue == text || $0.rawValue.hasPrefix(text + " ") }
    return kinds.isEmpty ? nil : kinds
  }
}
