/// How a player plays: always online, or in cycles of ON online then OFF away.
public enum SessionModel: Sendable, Hashable {
  /// Never leaves.
  case always
  /// Plays `online` seconds, closes the app, stays away `offline` seconds, launches; repeats.
  case cycle(online: Int64, offline: Int64)

  /// `always` or `15m/8h`.
  public var name: String {
    switch self {
    case .always: "always"
    case .cycle(let on, let off): "\(LabDuration.typed(on))/\(LabDuration.typed(off))"
    }
  }

  /// Seconds of one online session, or `nil` when always online.
  public var online: Int64? {
    if case .cycle(let on, _) = self { return on }
    return nil
  }

  /// What an error says would be right.
  static let example = "write ON/OFF with both at least 1s, such as 15m/8h, or always"

  /// Reads `always` or `ON/OFF`.
  public static func parse(_ text: String) throws(LabError) -> SessionModel {
    if text.lowercased() == "always" { return .always }
    let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 2, let on = LabDuration.parse(parts[0]), let off = LabDuration.parse(parts[1]) else {
      throw .notASessionModel(text)
    }
    guard on >= 1 else { throw .sessionPartEmpty(text, online: true) }
    guard off >= 1 else { throw .sessionPartEmpty(text, online: false) }
    return .cycle(online: on, offline: off)
  }
}
