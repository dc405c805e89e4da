import QuietPlacesGame
import QuietPlacesLab

/// `prices [--sessions ON/OFF|always]`: everything buyable with Discoveries, with its payback.
///
/// Payback is Cookie Monster's rule, `max(0, cost − Discoveries) / ordinaryRate + cost / gain`; the
/// least payback is the best buy. Cargo adds hold, not rate: its payback is `—` unless a session model
/// is given, under which its gain is the extra offline credit per cycle.
struct PricesCommand: REPLCommand {
  static let name = "prices"
  static let usage = ["prices [--sessions ON/OFF|always]"]
  static let summary =
    "what Discoveries buy: cost, when affordable, ordinary rate gained and payback; the best buy"
  static let topic = HelpTopic.play

  /// The session model cargo is priced for.
  let sessions: SessionModel

  init(parsing arguments: [String]) throws(CommandError) {
    switch arguments.count {
    case 0: sessions = .always
    case 2 where arguments[0] == "--sessions":
      do {
        sessions = try SessionModel.parse(arguments[1])
      } catch {
        throw .lab(error)
      }
    default: throw Self.usageError()
    }
  }

  static func completion(after words: [String]) -> ArgumentCompletion {
    words.isEmpty ? .words(["--sessions"]) : words.count == 1 ? .words(["always", "15m/8h"]) : .none
  }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    guard let game = await session.device.game else { throw .appClosed(command: Self.name) }
    let rules = session.rules
    let prices = PriceList(game: game, rules: rules, sessions: sessions)
    var rows = [["", "cost", "when", "gain", "payback", ""]]
    for row in prices.rows {
      rows.append(Self.cells(row, game: game, rules: rules, best: row.item == prices.best))
    }
    let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    var lines = [
      "Prices at \(Text.number(prices.discoveries)) Discoveries; ordinary rate \(Text.precise(prices.ordinaryRate * 3600))/h"
        + (sessions == .always ? ":" : "; cargo for \(sessions.name) sessions:")
    ]
    for row in rows {
      let text = zip(row, widths).map { Text.padded($0, $1) }.joined(separator: "  ")
      lines.append("  " + String(text.reversed().drop(while: { $0 == " " }).reversed()))
    }
    lines.append("Postmarks \(Text.count(prices.postmarks)):")
    lines.append(
      "  supplies   \(prices.suppliesPrice) Postmarks  +\(Text.number(prices.suppliesDiscoveries)) Discoveries now"
    )
    for (colour, owned) in prices.colours {
      lines.append(
        "  " + Text.padded(colour.rawValue, 9) + "  " + (owned ? "owned" : "\(prices.colourPrice) Postmarks"))
    }
    return .info(lines)
  }

  /// One row's cells: item, cost, when, gain, payback, mark.
  static func cells(_ row: PriceRow, game: GameState, rules: Rules, best: Bool) -> [String] {
    let item: String
    switch row.item {
    case .sails, .spyglass, .cargo:
      item =
        row.cost == nil
        ? "\(row.item.rawValue) at its limit" : "\(row.item.rawValue) → level \(row.level + 1)"
    case .scout:
      item = "scout → \(row.level + 1) hired" + (row.pathfinder ? ", a pathfinder" : "")
    case .charter:
      item = row.cost == nil ? "charter: all routes chartered" : "charter → \(rules.routeName(row.level + 1))"
    }
    guard let cost = row.cost else { return [item, "—", "", "", "", ""] }
    // Durations to the nearest second: 25 / (8.3333/h) is 10,799.999… s, which is 3h.
    let when = row.affordable ? "now" : "in \(Text.duration(row.secondsToAfford.rounded()))"
    var gain = "+\(Text.precise(row.gain * 3600))/h"
    if row.item == .cargo {
      gain = row.gain > 0 ? gain + ", +\(row.holdHours)h hold" : "+\(row.holdHours)h hold"
    }
    let payback = row.payback.map { Text.duration($0.rounded()) } ?? "—"
    return [item, Text.number(cost), when, gain, payback, best ? "best buy" : ""]
  }
}
