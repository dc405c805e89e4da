import QuietPlacesGame
import QuietPlacesStore
import QuietPlacesUtilities

#if canImport(Glibc)
  import Glibc
#endif

/// How events and values read on screen: one place for every sentence the REPL prints about the game.
enum Text {
  /// `2026-01-05 09:06:00`, the simulated clock (always UTC).
  static func instant(_ seconds: Int64) -> String {
    // `2026-01-05T09:00:00Z` read as `2026-01-05 09:00:00`, in one pass over its ASCII.
    String(
      decoding: Rules.formatInstant(seconds).utf8.compactMap { byte in
        byte == UInt8(ascii: "T") ? UInt8(ascii: " ") : byte == UInt8(ascii: "Z") ? nil : byte
      }, as: UTF8.self)
  }

  /// A Discoveries amount.
  static func number(_ value: Double) -> String { NumberFormat.readable(value) }

  /// A rate or multiplier: five significant digits below 1,000 (`0.023148`, `1.2544`), so small
  /// rates do not round to a misleading `0.02`; like ``number(_:)`` from 1,000 on.
  static func precise(_ value: Double) -> String {
    guard value.isFinite, value.magnitude < 1000 else { return number(value) }
    return Decimals.significant(value, digits: 5)
  }

  /// `text` followed by spaces up to `width` characters.
  static func padded(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }

  /// A whole count with separators.
  static func count(_ value: Int) -> String { NumberFormat.grouped(value) }

  /// `1 arrival`, `3 arrivals`.
  static func plural(_ count: Int, _ noun: String, _ plural: String? = nil) -> String {
    "\(NumberFormat.grouped(count)) \(count == 1 ? noun : plural ?? noun + "s")"
  }

  /// `A, B and C`, or the first few and how many more.
  static func list(_ names: [String], limit: Int = 5) -> String {
    var shown = Array(names.prefix(limit))
    if names.count > limit { shown.append("\(names.count - limit) more") }
    return shown.joinedAsList("and")
  }

  /// A duration such as `2h 30m`.
  static func duration(_ seconds: Int64) -> String { DurationFormat.string(seconds: seconds) }

  /// A duration to the second (`3h 7m 5s`): what a command sailed, credited or let pass.
  static func exactDuration(_ seconds: Int64) -> String { DurationFormat.exact(seconds: seconds) }

  /// A duration of fractional seconds, rounded down to whole seconds, where an instant within a
  /// microsecond of the next second is that second (the engine's tolerance for sums of leg times:
  /// 1727.9999999999968 is 28m 48s, as `state --json` shows it). A duration no clock holds (beyond
  /// `Int64.max` seconds, 292 billion years, or infinite: a wait at a rate of a balance with tiny
  /// numbers, a current a balance makes last 1e300 s) is `∞`, as ``number(_:)`` writes infinity.
  static func duration(_ seconds: Double) -> String {
    let whole = max(0, (seconds + 1e-6).rounded(.down))
    guard whole < Double(Int64.max) else { return "∞" }
    return duration(Int64(whole))
  }

  /// What a stretch of sailing produced.
  static func sailing(_ report: SailingReport, rules: Rules) -> [String] {
    var lines = [
      "\(plural(report.arrivals, "arrival")), +\(number(report.discoveries)) Discoveries."
    ]
    var parts: [String] = []
    if report.arrivalDiscoveries > 0 { parts.append("arrivals \(number(report.arrivalDiscoveries))") }
    if report.bonusDiscoveries > 0 { parts.append("first visits \(number(report.bonusDiscoveries))") }
    if report.surveyDiscoveries > 0 { parts.append("surveys \(number(report.surveyDiscoveries))") }
    if report.scoutDiscoveries > 0 { parts.append("scouts \(number(report.scoutDiscoveries))") }
    if parts.count > 1 { lines.append("  from " + parts.joined(separator: ", ")) }
    if !report.firstVisits.isEmpty {
      lines.append("  First visits this voyage: \(list(report.firstVisits.map(rules.placeName))).")
    }
    if !report.stamps.isEmpty {
      lines.append(
        "  Postmark stamps: \(list(report.stamps.map(rules.placeName))) (+\(count(report.postmarks)) Postmarks)."
      )
    }
    if report.surveys > 0 {
      lines.append("  Exceptional surveys: \(count(report.surveys)) (+\(count(report.knowledge)) Knowledge).")
    }
    if report.currents > 0 {
      lines.append(
        "  Currents: \(count(report.currents)) started\(report.currentRunningAtEnd ? "; one is running" : "")."
      )
    }
    return lines
  }

  /// Where the ship is and what is held, in one line.
  static func position(_ game: GameState, rules: Rules) -> String {
    "Discoveries \(number(game.discoveries)) · Postmarks \(count(game.postmarks)) · "
      + "heading for \(rules.placeName(game.nextPlace)), \(distance(game.legRemaining)) nm left."
  }

  /// Nautical miles with two decimals at most.
  static func distance(_ miles: Double) -> String {
    let hundredths = (miles * 100).rounded()
    let whole = Int(hundredths) / 100
    let fraction = Int(hundredths) % 100
    return fraction == 0
      ? "\(whole).0"
      : "\(whole).\(fraction < 10 ? "0\(fraction)" : fraction % 10 == 0 ? "\(fraction / 10)" : "\(fraction)")"
  }

  /// What a launch credited for the absence.
  static func absence(_ report: AbsenceReport, at now: Int64, rules: Rules) -> [String] {
    var lines = ["Launched at \(instant(now)) after \(exactDuration(report.absence)) away."]
    if report.credited == 0 {
      lines.append("Hold \(report.holdHours)h: nothing to credit.")
      return lines
    }
    let capped = report.credited < report.absence ? " (the hold is full)" : ""
    lines.append("Hold \(report.holdHours)h: credited \(exactDuration(report.credited)) of sailing\(capped):")
    lines += sailing(report.sailing, rules: rules).map { "  " + $0 }
    return lines
  }

  /// A product's name for messages.
  static func productName(_ product: ProductID) -> String {
    switch product {
    case .marks100: "100 Postmarks"
    case .marks550: "550 Postmarks"
    case .charts: "Luminous charts"
    case .hold: "Deep hold"
    case .signal: "Companion signal"
    }
  }

  /// A permanent purchase's name.
  static func permanentName(_ permanent: PermanentPurchase) -> String { productName(ProductID(permanent)) }

  /// What the delivery pipeline or reconciliation did.
  static func storeEvent(_ event: StoreEvent, rules: Rules) -> String {
    func via(_ source: DeliverySource) -> String {
      switch source {
      case .purchase: "purchase"
      case .updates: "updates"
      case .unfinished: "unfinished at launch"
      case .entitlements: "current entitlements"
      }
    }
    switch event {
    case .delivered(let id, let product, let source):
      let what =
        product.pack.map { "+\(rules.postmarks(in: $0)) Postmarks" } ?? "\(productName(product)) unlocked"
      return
        "Transaction \(id) (\(product.rawValue), via \(via(source))): delivered, \(what); saved, then finished."
    case .alreadyDelivered(let id, let product, let source):
      return
        "Transaction \(id) (\(product.rawValue), via \(via(source))): already in the ledger; finished, not delivered again."
    case .ownedAgain(let id, let product, let source):
      return
        "Transaction \(id) (\(product.rawValue), via \(via(source))): already in the ledger, and not owned now; \(productName(product)) unlocked again; saved, then finished."
    case .rejectedUnverified(let id, let productID, let reason, let source):
      let name = id.map { "Transaction \($0)" } ?? "A transaction"
      let product = productID.map { " (\($0.fromOutside))" } ?? ""
      return "\(name)\(product), via \(via(source)): rejected, \(reason.reason); not delivered, not finished."
    case .rejectedUnrecognised(let id, let productID, let bundleID, let source):
      return
        "Transaction \(id) (\(productID.fromOutside), bundle \(bundleID.fromOutside), via \(via(source))): rejected, not a Quiet Places product; not delivered, not finished."
    case .revoked(let id, let product, let removed, let source):
      let what = removed ? "\(productName(product)) removed" : "\(productName(product)) was not owned"
      return
        "Transaction \(id) (\(product.rawValue), via \(via(source))): refunded; \(what); saved, then finished."
    case .revokedConsumable(let id, let product, .delivered, let source):
      return
        "Transaction \(id) (\(product.rawValue), via \(via(source))): refunded; Postmarks are not taken back (Apple handles the refund); finished."
    case .revokedConsumable(let id, let product, .refunded, let source):
      return
        "Transaction \(id) (\(product.rawValue), via \(via(source))): its refund is already recorded; finished again, nothing changed."
    case .revokedConsumable(let id, let product, .absent, let source):
      return
        "Transaction \(id) (\(product.rawValue), via \(via(source))): refunded; never delivered on this device, so it granted no Postmarks here; finished."
    case .saveFailed(let id, let product, .entitlements):
      return
        "Transaction \(id) (\(product.rawValue), via current entitlements): the save failed; not restored now, the next launch or restore tries again."
    case .saveFailed(let id, let product, let source):
      return
        "Transaction \(id) (\(product.rawValue), via \(via(source))): the save failed; nothing delivered, left unfinished for the next launch."
    case .revocationNotSaved(let id, let product, let source) where product.permanent == nil:
      return
        "Transaction \(id) (\(product.rawValue), via \(via(source))): refunded, but the save failed; Postmarks are not taken back (Apple handles the refund), and the refund waits unfinished for the next launch."
    case .revocationNotSaved(let id, let product, let source):
      return
        "Transaction \(id) (\(product.rawValue), via \(via(source))): refunded, but the save failed; \(productName(product)) stays until the next launch removes it (the refund waits unfinished)."
    case .heldForLaunch(let id, let product, let source):
      return
        "Transaction \(id) (\(product.rawValue), via \(via(source))): waits for the next launch after a failed save."
    case .reconciled(let granted, let removed):
      var parts: [String] = []
      if !granted.isEmpty { parts.append("restored \(list(granted.map(permanentName)))") }
      if !removed.isEmpty { parts.append("removed \(list(removed.map(permanentName)))") }
      return "Entitlements: " + parts.joined(separator: "; ") + "; saved."
    case .revokedDuringRead(let id, let product):
      return
        "Entitlements: \(productName(product)) was refunded (transaction \(id)) after this read began; not restored."
    case .reconciliationNotSaved:
      return "Entitlements: the save failed; ownership stays as it was."
    }
  }

  /// What a crash at an armed fault looks like.
  static func crash(_ crash: AppCrash) -> [String] {
    [
      "The app crashed \(crash.point.rawValue) (transaction \(crash.transaction)); it is closed. launch recovers."
    ]
  }
}
