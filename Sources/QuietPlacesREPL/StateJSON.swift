import FoundationEssentials
import QuietPlacesGame
import QuietPlacesStore
import QuietPlacesUtilities

#if canImport(Glibc)
  import Glibc
#endif

/// The `state --json` contract of the REPL spec: one object on one line, keys sorted; `state --json
/// FIELD…` keeps only the fields named.
struct StateJSON: Encodable {
  struct Equipment: Encodable {
    var sails: Int
    var spyglass: Int
    var cargo: Int
  }
  struct Scouts: Encodable {
    var hired: Int
    var permanent: Int
    var effective: Int
  }
  struct Rates: Encodable {
    var travel: Double
    var scouts: Double
    var ordinary: Double
  }
  struct Countdowns: Encodable {
    var survey: Int
    var current: Int
  }
  struct Sail: Encodable {
    var selected: String
    var owned: [String]
  }

  var clock: String
  var open: Bool
  var seed: UInt64
  var discoveries: Double
  var postmarks: Int
  var knowledge: Int
  var generations: Int
  var route: Int
  var nextPlace: String
  var legRemaining: Double
  var speed: Double
  var currentRemaining: Double
  var equipment: Equipment
  var scouts: Scouts
  var rates: Rates
  var holdHours: Int
  var progress: Double
  var bearingsGain: Int
  var countdowns: Countdowns
  var stamped: [String]
  var visited: [String]
  var owned: [String]
  var sail: Sail
  var ledger: [UInt64]
  var unfinished: [UInt64]
  var storefront: String
  /// The changes to the configuration's balance the game plays under (`new --set`), `KEY=VALUE`
  /// each; empty under the configuration's own.
  var balanceChanges: [String]

  init(
    save: AppSave, open: Bool, now: Int64, unfinished: [UInt64], storefront: String, rules: Rules,
    balanceChanges: [String]
  ) {
    let game = save.game
    let rates = game.rates(rules)
    clock = Rules.formatInstant(now)
    self.open = open
    seed = game.seed
    discoveries = Self.stable(game.discoveries)
    postmarks = game.postmarks
    knowledge = game.knowledge
    generations = game.generations
    route = game.route
    nextPlace = rules.placeName(game.nextPlace)
    legRemaining = Self.stable(game.legRemaining)
    speed = Self.stable(game.speed(rules))
    currentRemaining = Self.stable(game.currentRemaining)
    equipment = Equipment(
      sails: game.equipment.sails, spyglass: game.equipment.spyglass, cargo: game.equipment.cargo)
    scouts = Scouts(
      hired: game.hiredScouts, permanent: game.permanentScouts(rules),
      effective: rates.effectiveScouts)
    self.rates = Rates(
      travel: Self.stable(rates.travel), scouts: Self.stable(rates.scouts),
      ordinary: Self.stable(rates.ordinary))
    holdHours = game.holdHours(rules)
    progress = Self.stable(game.progress)
    bearingsGain = game.bearingsGain(rules)
    countdowns = Countdowns(survey: game.surveyCountdown, current: game.currentCountdown)
    stamped = rules.allPlaces.filter(game.isStamped).map(rules.placeName)
    visited = rules.allPlaces.filter(game.hasVisited).map(rules.placeName)
    owned = game.owned.map(\.rawValue)
    sail = Sail(selected: game.sailColour.rawValue, owned: game.ownedColours.map(\.rawValue))
    ledger = save.ledger.ids
    self.unfinished = unfinished
    self.storefront = storefront
    self.balanceChanges = balanceChanges
  }

  /// Rounds to 12 significant digits, so the last bits of a platform's `pow` or `log` never show.
  static func stable(_ value: Double) -> Double {
    guard value.isFinite else { return value > 0 ? .greatestFiniteMagnitude : 0 }
    return Decimals.rounded(value, significant: 12)
  }

  /// One line of JSON with only the fields at `paths` (dotted, such as `equipment.sails`), nested
  /// and ordered as in the whole object; every field when `paths` is empty.
  func line(fields paths: [String]) throws(JSONFieldSelection.Problem) -> String {
    let whole = line()
    guard !paths.isEmpty, let object = try? JSONValue(parsing: whole) else { return whole }
    return try JSONFieldSelection(paths, in: object).applied(to: object).text
  }

  /// Every field path `state --json FIELD…` accepts, in the object's order (for Tab completion; a
  /// test checks it against the object itself).
  static let fieldPaths = [
    "balanceChanges", "bearingsGain", "clock", "countdowns", "countdowns.current", "countdowns.survey",
    "currentRemaining",
    "discoveries", "equipment", "equipment.cargo", "equipment.sails", "equipment.spyglass", "generations",
    "holdHours", "knowledge", "ledger", "legRemaining", "nextPlace", "open", "owned", "postmarks", "progress",
    "rates", "rates.ordinary", "rates.scouts", "rates.travel", "route", "sail", "sail.owned", "sail.selected",
    "scouts", "scouts.effective", "scouts.hired", "scouts.permanent", "seed", "speed", "stamped",
    "storefront",
    "unfinished", "visited",
  ]

  /// One line of JSON.
  func line() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "1.7976931348623157e308", negativeInfinity: "0", nan: "0")
    guard let data = try? encoder.encode(self), let text = String(data: data, encoding: .utf8) else {
      return "{}"
    }
    return text
  }
}
