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

  /// What the user writes: `bearings`, `bearings:3`, `atlas`, `route:4`, `knowledge:100`, `time:30d`.
  public var name: String {
    switch self {
    case .bearings(let n): n == 1 ? "bearings" : "bearings:\(n)"
    case .atlas(let n): n == 1 ? "atlas" : "atlas:\(n)"
    case .route(let n): "route:\(n)"
    case .knowledge(let n): "knowledge:\(n)"
    case .time(let seconds): "time:\(LabDuration.typed(seconds))"
    }
  }

  /// The forms, for errors and usage.
  public static let forms = "bearings[:N], atlas[:N], route:N, knowledge:N or time:DURATION"

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
    case "route", "knowledge":
      guard argument != nil else {
        throw .milestoneNumberMissing(text, kind: kind)
      }
      return kind == "route" ? .route(try count()) : .knowledge(try count())
    case "time":
      guard let argument, !argument.isEmpty else {
        throw .milestoneDurationMissing(text)
      }
      return .time(try LabDuration.positive(argument, shown: text, example: "time:30d or time:12h"))
    default:
      throw .notAMilestone(text)
    }
  }

  /// Reads a comma-separated list, keeping the first of any repeated milestone.
  public static func parseList(_ text: String) throws(LabError) -> [Milestone] {
    var list: [Milestone] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let milestone = try parse(String(part))
      if !list.contains(milestone) { list.append(milestone) }
    }
    guard !list.isEmpty else { throw .noMilestone }
    return list
  }
}
