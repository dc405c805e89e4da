import FoundationEssentials
import QuietPlacesUtilities

/// Keys a balance file holds that no balance number has.
///
/// `JSONDecoder` passes over a key it was not asked for, so a typo (`baseSpeedKnotz`) would leave the
/// number it meant at its old value without a word; a balance file is therefore read whole, and a key
/// the balance does not have is refused, with the nearest one at its level.
extension Balance {
  /// The first key of `document` (in member order, depth first) the balance has no number for, with
  /// the nearest key at the same level; `nil` when every key is known.
  func unknownKey(in document: JSONValue) -> (key: String, closest: String?)? {
    var known: Set<String> = []
    var open: Set<String> = []
    Self.collect(Mirror(reflecting: self), at: "", into: &known, open: &open)
    func search(_ value: JSONValue, _ path: String, _ shape: String) -> (key: String, closest: String?)? {
      switch value {
      case .object(let members):
        guard !open.contains(shape) else { return nil }
        for (key, item) in members {
          let childShape = shape.isEmpty ? key : "\(shape).\(key)"
          let childPath = path.isEmpty ? key : "\(path).\(key)"
          guard known.contains(childShape) else {
            let prefix = shape.isEmpty ? "" : shape + "."
            let siblings = known.filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains(".") }
              .map { String($0.dropFirst(prefix.count)) }.filter { !$0.contains("[") }.sorted()
            let closest = EditDistance.closest(
              to: key, in: siblings, within: EditDistance.tolerance(for: key))
            return (childPath, closest.map { prefix.isEmpty ? $0 : "\(path).\($0)" })
          }
          if let found = search(item, childPath, childShape) { return found }
        }
      case .array(let items):
        for (index, item) in items.enumerated() {
          if let found = search(item, "\(path)[\(index)]", "\(shape)[]") { return found }
        }
      default: break
      }
      return nil
    }
    return search(document, "", "")
  }

  /// The key shapes (`routes[].places[].reward`) of `mirror`'s value; a dictionary's shape is open
  /// (its keys are data, such as pack names).
  private static func collect(
    _ mirror: Mirror, at shape: String, into known: inout Set<String>, open: inout Set<String>
  ) {
    switch mirror.displayStyle {
    case .dictionary:
      open.insert(shape)
    case .collection:
      // Every element is of one type, with the same keys (no optional holds more than a number), so
      // the first element says them all: eight routes of five places are not reflected forty times.
      if let child = mirror.children.first {
        collect(Mirror(reflecting: child.value), at: "\(shape)[]", into: &known, open: &open)
      }
    case .optional:
      if let child = mirror.children.first {
        collect(Mirror(reflecting: child.value), at: shape, into: &known, open: &open)
      }
    case .struct:
      for child in mirror.children {
        guard let label = child.label else { continue }
        let childShape = shape.isEmpty ? label : "\(shape).\(label)"
        known.insert(childShape)
        collect(Mirror(reflecting: child.value), at: childShape, into: &known, open: &open)
      }
    default: break
    }
  }
}
