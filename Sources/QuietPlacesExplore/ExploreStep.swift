import QuietPlacesGame
import QuietPlacesREPL
import QuietPlacesStore

/// One command the explorer plays, its arguments kept as values so that a finding's steps can be
/// made simpler (shorter durations, smaller counts, earlier products) and still typed exactly as a
/// person types them.
enum ExploreStep: Sendable, Equatable {
  /// How many: a count, or `max`.
  enum Amount: Sendable, Equatable {
    case count(Int)
    case max
  }

  case new(seed: UInt64)
  case advance(Int64)
  case close
  case launch
  case away(Int64)
  case upgrade(Equipment, Amount)
  case hire(Amount)
  case charter
  case supplies
  case colour(SailColour)
  case bearings
  case atlas
  case freshVoyage
  case answer(Bool)
  case buy(ProductID)
  case restore
  case refund(ProductID)
  case refundID(UInt64)
  case store(StoreStep)
  case fault(FaultStep)
  case deleteApp
  case save
  case checkpoint(String)
  case rewind(String)
  case autoplay(Int64)
  /// A line that must be refused: a mistyped command, an argument out of range.
  case illegal(String)

  /// A control of the simulated App Store.
  enum StoreStep: Sendable, Equatable {
    case storefront(String)
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
    case unavailable(ProductID)
    case available(ProductID)
    case buyOutside(ProductID)
    case replay(UInt64)
    case forge(ProductID)
    case foreign(String)
    case delayRestore
    case continueRestore
    case clear
    /// `store error API` (on, with the default error) or `store error API off`.
    case storeKitError(String, on: Bool)
    case newDevice
  }

  /// An app fault.
  enum FaultStep: Sendable, Equatable {
    case saveFails(String)
    case crashBeforeSave
    case crashBeforeFinish
  }

  /// The line as a person types it.
  var line: String {
    switch self {
    case .new(let seed): "new --seed \(seed)"
    case .advance(let seconds): "advance \(DurationFormat.typed(seconds: seconds))"
    case .close: "close"
    case .launch: "launch"
    case .away(let seconds): "away \(DurationFormat.typed(seconds: seconds))"
    case .upgrade(let item, let amount): "upgrade \(item.rawValue)\(Self.words(amount))"
    case .hire(let amount): "hire\(Self.words(amount))"
    case .charter: "charter"
    case .supplies: "buy supplies"
    case .colour(let colour): "colour \(colour.rawValue)"
    case .bearings: "prestige"
    case .atlas: "prestige atlas"
    case .freshVoyage: "fresh-voyage"
    case .answer(let yes): yes ? "y" : "n"
    case .buy(let product): "buy \(product.rawValue)"
    case .restore: "restore"
    case .refund(let product): "refund \(product.rawValue)"
    case .refundID(let id): "refund \(id)"
    case .store(let control): "store " + control.words
    case .fault(let fault): "fault " + fault.words
    case .deleteApp: "delete-app"
    case .save: "save"
    case .checkpoint(let name): "checkpoint \(name)"
    case .rewind(let name): "rewind \(name)"
    case .autoplay(let seconds): "autoplay payback for \(DurationFormat.typed(seconds: seconds))"
    case .illegal(let line): line
    }
  }

  /// Which kind of step it is, as `--only`, `--without` and the coverage table name it.
  var kind: StepKind {
    switch self {
    case .new: .new
    case .advance: .advance
    case .close: .close
    case .launch: .launch
    case .away: .away
    case .upgrade: .upgrade
    case .hire: .hire
    case .charter: .charter
    case .supplies: .supplies
    case .colour: .colour
    case .bearings: .bearings
    case .atlas: .atlas
    case .freshVoyage: .freshVoyage
    case .answer(let yes): yes ? .yes : .no
    case .buy: .buy
    case .restore: .restore
    case .refund, .refundID: .refund
    case .store(let control): control.kind
    case .fault(let fault): fault.kind
    case .deleteApp: .deleteApp
    case .save: .save
    case .checkpoint: .checkpoint
    case .rewind: .rewind
    case .autoplay: .autoplay
    case .illegal: .illegal
    }
  }

  private static func words(_ amount: Amount) -> String {
    switch amount {
    case .count(1): ""
    case .count(let count): " \(count)"
    case .max: " max"
    }
  }

  /// Simpler forms of this step, simplest first: shorter durations, smaller counts, earlier
  /// products, the oldest waiting purchase, a lower ID.
  var simpler: [ExploreStep] {
    switch self {
    case .new(let seed): seed > 1 ? [.new(seed: 1)] : []
    case .advance(let seconds): Self.shorter(seconds).map(ExploreStep.advance)
    case .away(let seconds): Self.shorter(seconds).map(ExploreStep.away)
    case .autoplay(let seconds): Self.shorter(seconds).map(ExploreStep.autoplay)
    case .upgrade(let item, let amount):
      Self.smaller(amount).map { .upgrade(item, $0) }
        + Equipment.allCases.prefix { $0 != item }.map { .upgrade($0, amount) }
    case .hire(let amount): Self.smaller(amount).map(ExploreStep.hire)
    case .colour(let colour): SailColour.allCases.prefix { $0 != colour }.map(ExploreStep.colour)
    case .atlas: [.bearings]
    case .buy(let product): Self.earlier(product).map(ExploreStep.buy)
    case .refund(let product): Self.earlier(product).map(ExploreStep.refund)
    case .refundID(let id): Self.lower(id).map(ExploreStep.refundID)
    case .store(let control): control.simpler.map(ExploreStep.store)
    case .fault(.saveFails(let mode)): mode == "once" ? [] : [.fault(.saveFails("once"))]
    default: []
    }
  }

  static func shorter(_ seconds: Int64) -> [Int64] {
    var candidates: [Int64] = [1]
    for unit: Int64 in [60, 3_600, 86_400] where seconds > unit {
      candidates.append(seconds / unit * unit)
    }
    if seconds > 2 { candidates.append(seconds / 2) }
    return candidates.filter { $0 < seconds && $0 >= 1 }.reduce(into: []) {
      if !$0.contains($1) { $0.append($1) }
    }
  }

  static func smaller(_ amount: Amount) -> [Amount] {
    switch amount {
    case .max: [.count(1)]
    case .count(let count): count > 1 ? [.count(1), .count(count / 2)].filter { $0 != amount } : []
    }
  }

  static func earlier(_ product: ProductID) -> [ProductID] {
    Array(ProductID.allCases.prefix { $0 != product })
  }

  static func lower(_ id: UInt64) -> [UInt64] {
    id > 1 ? [1, id - 1].reduce(into: []) { if !$0.contains($1) { $0.append($1) } } : []
  }
}

extension ExploreStep.StoreStep {
  /// The words after `store`.
  var words: String {
    switch self {
    case .storefront(let code): "storefront \(code)"
    case .locale(let locale): "locale \(locale)"
    case .price(let product, let price): "price \(product.rawValue) \(price)"
    case .askToBuy(let on): "ask-to-buy \(on ? "on" : "off")"
    case .approve(let id): "approve" + (id.map { " \($0)" } ?? "")
    case .decline(let id): "decline" + (id.map { " \($0)" } ?? "")
    case .interrupted(let on): "interrupted \(on ? "on" : "off")"
    case .resolve(let id): "resolve" + (id.map { " \($0)" } ?? "")
    case .failPurchases(let on): "fail-purchases \(on ? "on" : "off")"
    case .cancelNext: "cancel-next"
    case .offline(let on): "offline \(on ? "on" : "off")"
    case .unavailable(let product): "unavailable \(product.rawValue)"
    case .available(let product): "available \(product.rawValue)"
    case .buyOutside(let product): "buy-outside \(product.rawValue)"
    case .replay(let id): "replay \(id)"
    case .forge(let product): "forge \(product.rawValue)"
    case .foreign(let id): "foreign \(id)"
    case .delayRestore: "delay-restore"
    case .continueRestore: "continue"
    case .clear: "clear"
    case .storeKitError(let api, let on): "error \(api)" + (on ? "" : " off")
    case .newDevice: "new-device"
    }
  }

  var kind: StepKind {
    switch self {
    case .storefront: .storefront
    case .locale: .locale
    case .price: .price
    case .askToBuy: .askToBuy
    case .approve: .approve
    case .decline: .decline
    case .interrupted: .interrupted
    case .resolve: .resolve
    case .failPurchases: .failPurchases
    case .cancelNext: .cancelNext
    case .offline: .offline
    case .unavailable: .unavailable
    case .available: .available
    case .buyOutside: .buyOutside
    case .replay: .replay
    case .forge: .forge
    case .foreign: .foreign
    case .delayRestore: .delayRestore
    case .continueRestore: .continueRestore
    case .clear: .clear
    case .storeKitError: .storeKitError
    case .newDevice: .newDevice
    }
  }

  var simpler: [Self] {
    switch self {
    case .storefront(let code): code == "GBR" ? [] : [.storefront("GBR")]
    case .approve(let id): id == nil ? [] : [.approve(nil)]
    case .decline(let id): id == nil ? [] : [.decline(nil)]
    case .resolve(let id): id == nil ? [] : [.resolve(nil)]
    case .unavailable(let product): ExploreStep.earlier(product).map(Self.unavailable)
    case .available(let product): ExploreStep.earlier(product).map(Self.available)
    case .buyOutside(let product): ExploreStep.earlier(product).map(Self.buyOutside)
    case .forge(let product): ExploreStep.earlier(product).map(Self.forge)
    case .replay(let id): ExploreStep.lower(id).map(Self.replay)
    case .price(let product, let price): ExploreStep.earlier(product).map { .price($0, price) }
    default: []
    }
  }
}

extension ExploreStep.FaultStep {
  /// The words after `fault`.
  var words: String {
    switch self {
    case .saveFails(let mode): "save-fails \(mode)"
    case .crashBeforeSave: "crash-before-save"
    case .crashBeforeFinish: "crash-before-finish"
    }
  }

  var kind: StepKind {
    switch self {
    case .saveFails: .saveFails
    case .crashBeforeSave: .crashBeforeSave
    case .crashBeforeFinish: .crashBeforeFinish
    }
  }
}
