import QuietPlacesGame

/// Something bought with Discoveries, in the order ties go to.
public enum Buyable: String, Sendable, CaseIterable, Hashable, Comparable {
  case sails
  case spyglass
  case cargo
  case scout
  case charter

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

  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
