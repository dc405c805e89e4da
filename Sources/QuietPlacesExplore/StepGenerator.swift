import FoundationEssentials
import QuietPlacesAppStore
import QuietPlacesDevice
import QuietPlacesGame
import QuietPlacesStore
import QuietPlacesUtilities

/// Draws the explorer's next step from the device as it stands, with the run's seeded generator:
/// a kind by its weight (a twentieth of it when the app's state does not fit), then arguments
/// from meaningful ranges — durations log-uniform from 1 s to 2 years, every product, the
/// transaction IDs the account holds (now and then one it does not), storefronts, counts, `max`.
struct StepGenerator {
  /// The revision of what the generator draws, written in an exploration's JSON Lines header:
  /// raised whenever the same seed would draw other steps (2: a bad form for every command among
  /// the illegal lines).
  static let revision = 2

  /// The longest duration drawn: two years of 365.25 days.
  static let longest: Double = 2 * 365.25 * 86_400

  /// What the generator reads of the device.
  struct View {
    var isOpen: Bool
    var asking: Bool
    var restoring: Bool
    var account: StoreAccount
    var checkpoints: [String]
  }

  /// The kinds it may draw, in the order of ``StepKind``.
  let kinds: [StepKind]

  init(kinds: [StepKind]) {
    self.kinds = kinds.filter { $0.weight > 0 }
  }

  /// The next step.
  func next(_ random: inout SplitMix64, _ view: View) -> ExploreStep {
    if view.asking, random.nextUniform() < 0.9 {
      return .answer(random.nextUniform() < 0.8)
    }
    let weights = kinds.map { $0.weight * (fits($0, view) ? 20 : 1) }
    var pick = Int(random.next() % UInt64(max(1, weights.reduce(0, +))))
    var chosen = kinds.first ?? .advance
    for (kind, weight) in zip(kinds, weights) {
      if pick < weight {
        chosen = kind
        break
      }
      pick -= weight
    }
    return arguments(for: chosen, &random, view)
  }

  /// Whether the step is legal as the device stands.
  private func fits(_ kind: StepKind, _ view: View) -> Bool {
    switch kind {
    case .continueRestore: return view.restoring
    case .approve, .decline: return !view.account.pendingApprovals.isEmpty
    case .resolve: return !view.account.interruptedPurchases.isEmpty
    case .rewind: return !view.checkpoints.isEmpty
    case .replay, .refund: return !view.account.transactions.isEmpty
    case .illegal: return false
    default: break
    }
    switch kind.need {
    case .open: return view.isOpen && !view.restoring
    case .closed: return !view.isOpen
    case .either: return true
    }
  }

  private func arguments(for kind: StepKind, _ random: inout SplitMix64, _ view: View) -> ExploreStep {
    func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
    func chance(_ p: Double) -> Bool { random.nextUniform() < p }
    func duration(from shortest: Double, to longest: Double) -> Int64 {
      let (low, high) = (PortableMath.log(shortest), PortableMath.log(longest))
      return Int64(PortableMath.exp(low + random.nextUniform() * (high - low)).rounded(.down))
    }
    func amount() -> ExploreStep.Amount {
      let u = random.nextUniform()
      if u < 0.7 { return .count(1) }
      if u < 0.85 { return .count(2 + Int(random.next() % 9)) }
      return .max
    }
    let product = pick(ProductID.allCases)
    let ids = view.account.transactions.map(\.id)
    func someID(_ known: [UInt64]) -> UInt64 {
      known.isEmpty || chance(0.1) ? 1 + random.next() % (view.account.nextTransactionID + 3) : pick(known)
    }
    func waiting(_ known: [UInt64]) -> UInt64? {
      let u = random.nextUniform()
      if u < 0.5 { return nil }
      return u < 0.9 && !known.isEmpty ? pick(known) : someID([])
    }
    let settings = view.account.settings
    switch kind {
    case .buy: return .buy(product)
    case .restore: return .restore
    case .refund: return chance(0.6) ? .refund(product) : .refundID(someID(ids))
    case .storefront:
      return .store(.storefront(pick(["GBR", "USA", "JPN", "DEU", "FRA", "KOR", "EGY", "XYZ"])))
    case .locale: return .store(.locale(pick(["en_GB", "en_US", "ja", "de", "fr", "ar_EG", "xx_YY"])))
    case .price: return .store(.price(product, pick(["0.99", "4.99", "1200", "0", "abc"])))
    case .askToBuy: return .store(.askToBuy(chance(0.8) ? !settings.askToBuy : settings.askToBuy))
    case .approve: return .store(.approve(waiting(view.account.pendingApprovals.map(\.id))))
    case .decline: return .store(.decline(waiting(view.account.pendingApprovals.map(\.id))))
    case .interrupted: return .store(.interrupted(chance(0.8) ? !settings.interrupted : settings.interrupted))
    case .resolve: return .store(.resolve(waiting(view.account.interruptedPurchases.map(\.id))))
    case .failPurchases:
      return .store(.failPurchases(chance(0.8) ? !settings.failPurchases : settings.failPurchases))
    case .cancelNext: return .store(.cancelNext)
    case .offline: return .store(.offline(chance(0.8) ? !settings.offline : settings.offline))
    case .unavailable: return .store(.unavailable(product))
    case .available: return .store(.available(product))
    case .buyOutside: return .store(.buyOutside(product))
    case .replay: return .store(.replay(someID(ids)))
    case .forge: return .store(.forge(product))
    case .foreign:
      return .store(.foreign(pick(["gold", "com.example.other.charts", "com.gallaxgames.quietplaces.gold"])))
    case .delayRestore: return .store(.delayRestore)
    case .continueRestore: return .store(.continueRestore)
    case .clear: return .store(.clear)
    case .storeKitError:
      return .store(
        .storeKitError(
          pick(["load-products", "purchase", "verification", "app-store-sync"]), on: chance(0.6)))
    case .newDevice: return .store(.newDevice)
    case .saveFails: return .fault(.saveFails(pick(["once", "once", "on", "off", "off"])))
    case .crashBeforeSave: return .fault(.crashBeforeSave)
    case .crashBeforeFinish: return .fault(.crashBeforeFinish)
    case .launch: return .launch
    case .close: return .close
    case .away: return .away(duration(from: 1, to: Self.longest))
    case .deleteApp: return .deleteApp
    case .advance: return .advance(duration(from: 1, to: Self.longest))
    case .upgrade: return .upgrade(pick(Equipment.allCases), amount())
    case .hire: return .hire(amount())
    case .charter: return .charter
    case .supplies: return .supplies
    case .colour: return .colour(pick(SailColour.allCases))
    case .bearings: return .bearings
    case .atlas: return .atlas
    case .freshVoyage: return .freshVoyage
    case .save: return .save
    case .checkpoint: return .checkpoint(pick(["a", "b", "c"]))
    case .rewind: return .rewind(view.checkpoints.isEmpty || chance(0.1) ? "nowhere" : pick(view.checkpoints))
    case .new: return .new(seed: 1 + random.next() % 1_000)
    case .autoplay: return .autoplay(duration(from: 60, to: 86_400))
    // While a question waits, `y` or `n` would answer it: not an illegal line then.
    case .illegal:
      return .illegal(
        pick(view.asking ? Self.illegalLines.filter { $0 != "y" && $0 != "n" } : Self.illegalLines))
    case .yes: return .answer(true)
    case .no: return .answer(false)
    }
  }

  /// Lines the REPL must refuse with one `error:` line, changing nothing, whether the app is open or
  /// closed (typed while a question waits, any of them but `y` and `n` cancels it instead). Each
  /// command the generator draws only in its legal forms has a bad form here (a control with an
  /// argument it does not take, a product that is not one), so that every command's refusal is
  /// reached.
  static let illegalLines = [
    "buy gold", "advance 0s", "advance 101y", "advance 90", "upgrade sails 0", "upgrade rudder", "hire -1",
    "hire 1000001", "colour pink", "store replay 99999", "store approve 99999", "refund 99999", "refund gold",
    "store storefront XYZ", "fault save-fails maybe", "rewind nowhere", "frobnicate", "y", "store", "fault",
    "new --seed x", "away", "load", "prestige sideways", "store ask-to-buy maybe", "upgrade cargo 5",
    "store interrupted maybe", "store fail-purchases maybe", "store cancel-next now", "store offline maybe",
    "store unavailable gold", "store available gold", "store forge gold", "store foreign",
    "store delay-restore now", "store clear all", "store error nonsense on", "store new-device now",
    "fault crash-before-save now", "fault crash-before-finish now", "delete-app now", "n",
  ]
}
