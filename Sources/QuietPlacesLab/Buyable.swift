import QuietPlacesGame

extension Buyable {
  /// The step that buys one.
  public var step: PlayStep {
    switch self {
    case .sails: .upgrade(.sails)
    case .spyglass: .upgrade(.spyglass)
    case .cargo: .upgrade(.cargo)
    case .scout: .hire
    case .charter: .charter
    }
  }
}
