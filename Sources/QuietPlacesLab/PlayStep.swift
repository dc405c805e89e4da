import QuietPlacesGame
import QuietPlacesStore

/// One thing a strategy does; ``Autoplay`` yields them and whoever plays carries them out.
public enum PlayStep: Sendable, Hashable {
  /// Buy a product through the App Store.
  case buyProduct(ProductID)
  /// One level of equipment.
  case upgrade(Equipment)
  /// One scout.
  case hire
  /// The next route.
  case charter
  /// A crate of supplies for Postmarks.
  case supplies
  /// New Bearings or Passing the Atlas.
  case prestige(PrestigeLayer)
  /// This many seconds pass with the app open.
  case advance(Int64)
  /// The app closes, this many seconds pass, it launches.
  case away(Int64)
}

extension PlayStep {
  /// The phase of a run's profile that carrying it out belongs to.
  var phase: RunProfile.Phase {
    switch self {
    case .buyProduct: .purchases
    case .upgrade, .hire, .charter, .supplies, .prestige: .actions
    case .advance: .advance
    case .away: .away
    }
  }

  /// Whether it is played on the open app alone (a player's action or open sailing), so a run of
  /// such steps is played in one visit to the app (``Device/whileOpen(_:)``).
  var playsOnOpenApp: Bool {
    switch self {
    case .upgrade, .hire, .charter, .supplies, .prestige, .advance: true
    case .buyProduct, .away: false
    }
  }
}
