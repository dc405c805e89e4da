import QuietPlacesGame
import QuietPlacesLab

/// `autoplay STRATEGY [options] until MILESTONE,… | for DURATION`: a strategy of the balance lab plays
/// from the current state, every decision an ordinary command run through this session (so a
/// recording holds those commands, not `autoplay`), then a summary.
struct AutoplayCommand: REPLCommand {
  static let name = "autoplay"
  static let usage = [AutoplayRequest.usage]
  static let summary =
    "a strategy (payback, cheapest, idle) plays as ordinary commands until a milestone or for a while"
  static let topic = HelpTopic.play
  static let isRecorded = false

  let request: AutoplayRequest

  init(parsing arguments: [String]) throws(CommandError) {
    do {
      request = try AutoplayRequest.parse(arguments)
    } catch {
      throw .lab(error)
    }
  }

  static func completion(after words: [String]) -> ArgumentCompletion {
    if words.isEmpty { return .words(StrategyKind.allCases.map(\.rawValue)) }
    switch words.last {
    case "--atlas", "--supplies": return .words(["on", "off"])
    case "--bearings-at": return .words(["0", "0.5", "never"])
    case "--sessions": return .words(["always", "15m/8h"])
    case "--owned": return .words(["none", "charts", "hold", "signal", "marks100", "marks550"])
    case "until": return .words(["bearings", "atlas", "route:", "knowledge:", "time:"])
    default: return .words(AutoplayRequest.options + ["until", "for"])
    }
  }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    guard session.device.isOpen else { throw .appClosed(command: Self.name) }
    let rules = session.rules
    let host = SessionPlayHost(session: session)
    let report: PlayReport
    do {
      report = try await Autoplay.run(request.strategy, goal: request.goal, host: host, rules: rules)
    } catch {
      throw .lab(error)
    }
    let strategy = ([request.strategy.kind.rawValue] + [request.strategy.optionText]).filter { !$0.isEmpty }
    let online =
      report.onlineSeconds == report.seconds ? "all online" : "\(Text.duration(report.onlineSeconds)) online"
    var lines = [
      "Autoplay \(strategy.joined(separator: " ")) \(request.stop): \(Text.duration(report.seconds)) simulated, \(online); \(Text.plural(report.decisions, "decision"))."
    ]
    var bought = Buyable.allCases.compactMap { item in report.bought[item].map { "\(item.rawValue) ×\($0)" } }
    if report.supplies > 0 { bought.append("supplies ×\(report.supplies)") }
    if !report.products.isEmpty {
      bought.insert(report.products.map(\.rawValue).joined(separator: ", "), at: 0)
    }
    lines.append(
      "  Bought: " + (bought.isEmpty ? "nothing" : bought.joined(separator: ", "))
        + " (\(Text.number(report.spent)) Discoveries spent).")
    lines.append(
      "  New Bearings ×\(report.bearings) · Passing the Atlas ×\(report.atlases) · away ×\(report.absences).")
    for outcome in report.outcomes {
      lines.append(
        outcome.reached
          ? "  \(outcome.milestone.name): reached after \(Text.duration(outcome.seconds)) (\(Text.duration(outcome.onlineSeconds)) online, \(Text.plural(outcome.decisions, "decision")))."
          : "  \(outcome.milestone.name): not reached within \(Text.duration(outcome.seconds)).")
    }
    let game = report.final
    lines.append(
      "  Now: Discoveries \(Text.number(game.discoveries)) · Knowledge \(Text.count(game.knowledge)) · Postmarks \(Text.count(game.postmarks)) · route \(game.route)."
    )
    return .info(lines)
  }
}

/// The session as a place a strategy plays: each step is run as the lines a person would type.
final class SessionPlayHost: PlayHost {
  let session: Session

  init(session: Session) {
    self.session = session
  }

  func game() async -> GameState? {
    await session.device.game
  }

  func perform(_ step: PlayStep) async throws(LabError) {
    for line in step.commands {
      let output = await session.execute(line)
      if let error = output.first(where: \.isError) {
        throw LabError("autoplay stopped at '\(line)': \(error.text)")
      }
    }
  }
}
