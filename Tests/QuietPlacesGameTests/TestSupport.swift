import Foundation
import QuietPlacesGame
import QuietPlacesTestSupport
import Testing

/// The one sailing report of an `advance`, or a recorded issue.
func sailed(_ events: [GameEvent], sourceLocation: SourceLocation = #_sourceLocation) -> SailingReport {
  guard events.count == 1, case .sailed(let report) = events[0] else {
    Issue.record("expected one sailing report, got \(events)", sourceLocation: sourceLocation)
    return SailingReport()
  }
  return report
}

/// The absence report of a `launch`.
func launched(_ events: [GameEvent], sourceLocation: SourceLocation = #_sourceLocation) throws
  -> AbsenceReport
{
  guard events.count == 1, case .launched(let report) = events[0] else {
    throw LaunchReportMissing(events: events)
  }
  return report
}

/// A launch that did not report its absence.
struct LaunchReportMissing: Error {
  var events: [GameEvent]
}

/// A new game whose random events are pushed far away, so a test sees only what it sets up.
func quietGame(seed: UInt64 = 1) -> GameState {
  var game = newGame(seed: seed)
  game.surveyCountdown = 1_000_000
  game.currentCountdown = 1_000_000
  return game
}

/// The V1 speeds, legs and rewards of route 1 as the rule book writes them (table 3).
enum RouteOne {
  static let legs = [1.0, 1.2, 1.4, 1.2, 1.2]
  static let rewards = [8.0, 10, 12, 9, 11]
  /// 1.0 + 1.2 + 1.4 + 1.2 + 1.2 nm.
  static let loop = 6.0
  /// 8 + 10 + 12 + 9 + 11.
  static let loopReward = 50.0
}
