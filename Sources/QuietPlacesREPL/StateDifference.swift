import FoundationEssentials
import QuietPlacesUtilities

/// The fields of two `state --json` lines that differ, one line each: `path: old → new`.
///
/// Objects are walked into (`equipment.sails`); arrays and plain values are compared whole. Strings
/// print without quotes, numbers as `state --json` writes them, lists as `[a, b]`; a field on one side
/// only shows `(none)` on the other.
enum StateDifference {
  /// Every leaf of a JSON line with its path, in the order of sorted keys.
  static func fields(_ line: String) -> [(path: String, value: JSONValue)] {
    guard let value = try? JSONValue(parsing: line) else { return [] }
    var fields: [(String, JSONValue)] = []
    value.forEachNode(sortingKeys: true, intoArrays: false) { path, node in
      if node.object == nil { fields.append((path.description, node)) }
    }
    return fields
  }

  /// `path: old → new` for each path whose value differs, in path order.
  static func lines(
    from before: [(path: String, value: JSONValue)], to after: [(path: String, value: JSONValue)]
  )
    -> [String]
  {
    let old = Dictionary(before.map { ($0.path, $0.value) }, uniquingKeysWith: { first, _ in first })
    let new = Dictionary(after.map { ($0.path, $0.value) }, uniquingKeysWith: { first, _ in first })
    return Set(old.keys).union(new.keys).sorted().compactMap { path in
      guard old[path] != new[path] else { return nil }
      return "\(path): \(old[path].map(text) ?? "(none)") → \(new[path].map(text) ?? "(none)")"
    }
  }

  /// A value as the difference prints it.
  static func text(_ value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool(let flag): flag ? "true" : "false"
    case .number(let text): text
    case .string(let string): string
    case .array(let items): "[" + items.map(text).joined(separator: ", ") + "]"
    case .object(let members):
      "{" + members.keys.sorted().map { "\($0): \(text(members[$0]!))" }.joined(separator: ", ") + "}"
    }
  }
}
