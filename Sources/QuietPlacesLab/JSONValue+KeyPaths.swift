import FoundationEssentials
import QuietPlacesUtilities

/// A JSON document read by key path, so the lab can read `balance.json`, change one value and hand
/// the result back to the balance loader (which validates it).
extension JSONValue {
  /// Every leaf's path (`equipment.sails.priceGrowth`, `routes[1].charterCost`), in key order.
  var leafPaths: [String] {
    var paths: [String] = []
    forEachNode(sortingKeys: true) { path, node in
      switch node {
      case .object, .array: break
      default: paths.append(path.description)
      }
    }
    return paths
  }

  /// Every path, leaves and inner nodes, with array indices written `[]`: the document's shape.
  var shapePaths: Set<String> {
    var paths = Set<String>()
    forEachNode { path, _ in
      if !path.segments.isEmpty { paths.insert(path.shape) }
    }
    return paths
  }

  /// A typed value: a number (written as `Decimal` writes it), `true`/`false`, `null`, else a string.
  static func literal(_ text: String) -> JSONValue {
    if let number = Double(text), number.isFinite, let decimal = Decimal(string: "\(number)") {
      return .number("\(decimal)")
    }
    switch text {
    case "true": return .bool(true)
    case "false": return .bool(false)
    case "null": return .null
    default: return .string(text)
    }
  }
}
