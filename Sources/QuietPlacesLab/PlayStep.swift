import QuietPlacesGame
import QuietPlacesStore

/// One thing a strategy does, as the ordinary REPL commands that do it.
public enum PlayStep: Sendable, Hashable {
  /// `buy PRODUCT` through the App Store.
  case buyProduct(ProductID)
  /// `upgrade sails|spyglass|cargo` (one level).
  case upgrade(Equipment)
  /// `hire` (one scout).
  case hire
  /// `charter`.
  case charter
  /// `buy supplies`, answered `y`.
  case supplies
  /// `prestige` or `prestige atlas`.
  case prestige(PrestigeLayer)
  /// `advance DURATION` with the app open.
  case advance(Int64)
  /// `away DURATION`: close, the time passes, launch.
  case away(Int64)

  /// The command lines, in order, as typed in the REPL.
  public var commands: [String] {
    switch self {
    case .buyProduct(let id): ["buy \(id.rawValue)"]
    case .upgrade(let item): ["upgrade \(item.rawValue)"]
    case .hire: ["hire"]
    case .charter: ["charter"]
    case .supplies: ["buy supplies", "y"]
    case .prestige(.bearings): ["prestige"]
    case .prestige(.atlas): ["prestige atlas"]
    case .advance(let seconds): ["advance \(LabDuration.typed(seconds))"]
    case .away(let seconds): ["away \(LabDuration.typed(seconds))"]
    }
  }
}

/// Where a strategy plays: a game it can read and a way to run ordinary commands on it.
///
/// The lab's own ``LabDevice`` (a fresh app and simulated App Store) is one; the REPL gives its
/// session as another, so `autoplay` runs every step as the command a person would type.
public protocol PlayHost: AnyObject {
  /// The game as the open app has it, or `nil` while the app is closed.
  func game() async -> GameState?
  /// Runs a step; throws if the app refused any of its commands.
  func perform(_ step: PlayStep) async throws(LabError)
}
