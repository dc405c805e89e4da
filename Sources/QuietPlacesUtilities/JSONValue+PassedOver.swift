/// The keys of a file that its reading passed over.
///
/// `Decodable` reads the keys its type declares and ignores the rest, so a key mistyped in a file
/// edited by hand (`"postmark": 500`) leaves the value it meant as it was, without a word. Written
/// back, what was read holds every key that was read; the file's keys it lacks were passed over.
extension JSONValue {
  /// The key paths of this document (a file as written) that `written` (what was read from it,
  /// written back) does not hold, depth first in member order, each with the nearest key that
  /// `written` has beside it; a key whose value is `null` is left out (an absent optional reads as
  /// null and is not written back).
  public func keysPassedOver(by written: JSONValue) -> [(path: String, closest: String?)] {
    var found: [(path: String, closest: String?)] = []
    func walk(_ value: JSONValue, _ back: JSONValue?, _ path: String) {
      switch value {
      case .object(let members):
        let backMembers = back?.object
        for (key, item) in members {
          let childPath = path.isEmpty ? key : "\(path).\(key)"
          if let backItem = backMembers?[key] {
            walk(item, backItem, childPath)
          } else if item != .null {
            let siblings = backMembers.map { Array($0.keys) } ?? []
            let closest = EditDistance.closest(
              to: key, in: siblings, within: EditDistance.tolerance(for: key))
            found.append((childPath, closest.map { path.isEmpty ? $0 : "\(path).\($0)" }))
          }
        }
      case .array(let items):
        guard case .array(let backItems)? = back else { return }
        for (index, item) in items.enumerated() where index < backItems.count {
          walk(item, backItems[index], "\(path)[\(index)]")
        }
      default: break
      }
    }
    walk(self, written, "")
    return found
  }
}
