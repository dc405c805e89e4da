/// `autoplay STRATEGY [options] until MILESTONE,… | for DURATION`, read from the REPL's words.
public struct AutoplayRequest: Sendable, Equatable {
  /// The strategy with its options.
  public var strategy: Strategy
  /// Where it stops.
  public var goal: PlayGoal
  /// Where it stops, as written: `until bearings,atlas` or `for 8h`.
  public var stop: String

  /// The command's form.
  public static let usage =
    "autoplay payback|cheapest|idle [--bearings-at R|never] [--atlas on|off] [--supplies on|off] "
    + "[--sessions ON/OFF|always] [--owned LIST] [--limit DURATION] until MILESTONE,... | for DURATION"

  /// The options a strategy takes, for completion.
  public static let options = ["--bearings-at", "--atlas", "--supplies", "--sessions", "--owned", "--limit"]

  /// Reads the words after `autoplay`.
  public static func parse(_ words: [String]) throws(LabError) -> AutoplayRequest {
    var rest = words[...]
    guard let name = rest.popFirst() else {
      throw LabError("autoplay needs a strategy; write \(usage)")
    }
    var strategy = Strategy(kind: try StrategyKind.parse(name))
    var milestones: [Milestone]?
    var stop = ""
    var limit = PlayGoal.defaultLimit
    while let word = rest.popFirst() {
      guard let value = rest.popFirst() else {
        throw LabError("'\(word)' needs a value; write \(usage)")
      }
      switch word.lowercased() {
      case "--bearings-at": strategy.bearingsAt = try Strategy.parseBearingsAt(value)
      case "--atlas": strategy.atlas = try Strategy.parseSwitch(value, option: "--atlas")
      case "--supplies": strategy.supplies = try Strategy.parseSwitch(value, option: "--supplies")
      case "--sessions": strategy.sessions = try SessionModel.parse(value)
      case "--owned": strategy.owned = try Strategy.parseOwned(value)
      case "--limit":
        limit = try LabDuration.positive(
          value, shown: "--limit \(value)", example: "--limit 30d or --limit 1y")
      case "until", "for":
        guard milestones == nil else { throw LabError("give one of until or for, not both; write \(usage)") }
        if word.lowercased() == "until" {
          milestones = try Milestone.parseList(value)
          stop = "until " + (milestones ?? []).map(\.name).joined(separator: ",")
        } else {
          let seconds = try LabDuration.positive(value, shown: "for \(value)", example: "for 8h or for 2d")
          milestones = [.time(seconds)]
          stop = "for " + LabDuration.typed(seconds)
        }
      default:
        let choices = options + ["until", "for"]
        let suggestion = EditDistance.closest(to: word, in: choices).map { "; did you mean \($0)?" } ?? ""
        throw LabError("'\(word)' is not an option of autoplay\(suggestion)")
      }
    }
    guard let milestones else {
      throw LabError("autoplay needs where to stop: until MILESTONE (\(Milestone.forms)) or for DURATION")
    }
    return AutoplayRequest(
      strategy: strategy, goal: PlayGoal(milestones: milestones, limit: limit), stop: stop)
  }
}
