import QuietPlacesGame

/// A point of play a run waits for; the run stops when every milestone it waits for is reached.
public enum Milestone: Sendable, Hashable {
  /// The N-th New Bearings is taken.
  case bearings(Int)
  /// The N-th Passing of the Atlas.
  case atlas(Int)
  /// Route N is chartered.
  case route(Int)
  /// Knowledge held reaches N.
  case knowledge(Int)
  /// This many simulated seconds have passed (always reached).
  case time(Int64)
  /// Postmarks held reach N.
  case postmarks(Int)
  /// The sail colour is owned, or the Postmarks held pay for it.
  case colour(SailColour)
  /// N crates of supplies have been bought.
  case supplies(Int)
  /// N Discoveries have been spent on equipment, scouts and charters.
  case spent(Double)
  /// The first wait with nothing affordable that lasts longer than this many online seconds (a pacing
  /// wall; an absence after which still nothing is affordable does not end it); its time is when that
  /// wait began.
  case idle(Int64)

  /// What the user writes: `bearings`, `bearings:3`, `atlas`, `route:4`, `knowledge:100`, `time:30d`.
  public var name: String {
    switch self {
    case .bearings(let n): n == 1 ? "bearings" : "bearings:\(n)"
    case .atlas(let n): n == 1 ? "atlas" : "atlas:\(n)"
    case .route(let n): "route:\(n)"
    case .knowledge(let n): "knowledge:\(n)"
    case .time(let seconds): "time:\(LabDuration.typed(seconds))"
    case .postmarks(let n): "postmarks:\(n)"
    case .colour(let colour): "colour:\(colour.rawValue)"
    case .supplies(let n): "supplies:\(n)"
    case .spent(let amount): "spent:\(SweepOutput.number(amount))"
    case .idle(let seconds): "idle:\(LabDuration.typed(seconds))"
    }
  }

  /// The forms, for errors and usage.
  public static let forms =
    "bearings[:N], atlas[:N], route:N, knowledge:N, time:DURATION, postmarks:N, colour:NAME, supplies:N, "
    + "spent:N or idle:DURATION"

  /// Reads one milestone.
  public static func parse(_ text: String) throws(LabError) -> Milestone {
    let parts = text.lowercased().split(separator: ":", maxSplits: 1).map(String.init)
    let kind = parts.first ?? ""
    let argument = parts.count > 1 ? parts[1] : nil
    func count() throws(LabError) -> Int {
      guard let argument else { return 1 }
      guard let n = Int(argument), n >= 1, n <= 1_000_000 else {
        throw .milestoneCount(text, kind: kind)
      }
      return n
    }
    switch kind {
    case "bearings": return .bearings(try count())
    case "atlas": return .atlas(try count())
    case "route", "knowledge", "postmarks", "supplies":
      guard argument != nil else {
        throw .milestoneNumberMissing(text, kind: kind)
      }
      switch kind {
      case "route":
        let route = try count()
        guard route >= 2 else { throw .routeOne(text) }
        return .route(route)
      case "knowledge": return .knowledge(try count())
      case "postmarks": return .postmarks(try count())
      default: return .supplies(try count())
      }
    case "spent":
      guard let argument else { throw .milestoneNumberMissing(text, kind: kind) }
      guard let amount = Double(argument), amount.isFinite, amount >= 1, amount <= 1e15 else {
        throw .milestoneAmount(text)
      }
      return .spent(amount)
    case "colour", "color":
      guard let argument, let colour = SailColour(rawValue: argument) else { throw .notAColour(text) }
      return .colour(colour)
    case "idle":
      guard let argument, !argument.isEmpty else {
        throw .milestoneDurationMissing(text)
      }
      return .idle(try LabDuration.positive(argument, shown: text, example: "idle:1h or idle:8h"))
    case "time":
      guard let argument, !argument.isEmpty else {
        throw .milestoneDurationMissing(text)
      }
      return .time(try LabDuration.positive(argument, shown: text, example: "time:30d or time:12h"))
    default:
      throw .notAMilestone(text)
    }
  }

  /// Reads a comma-separated list of milestones.
  ///
  /// A milestone given twice (`bearings,bearings:1`, `time:1h,time:60m`) is refused rather than
  /// dropped: the second was most likely meant to be another.
  public static func parseList(_ text: String) throws(LabError) -> [Milestone] {
    var list: [(milestone: Milestone, written: String)] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let milestone = try parse(String(part))
      if let earlier = list.first(where: { $0.milestone == milestone }) {
        throw .repeatedMilestone(String(part), earlier: earlier.written)
      }
      list.append((milestone, String(part)))
    }
    guard !list.isEmpty else { throw .noMilestone }
    return list.map(\.milestone)
  }
}
