import QuietPlacesLab

extension PlayStep {
  /// The step as the ordinary commands a person types for it, in order: what `autoplay` runs and a
  /// recording of a lab run holds.
  public var commandLines: [String] {
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
