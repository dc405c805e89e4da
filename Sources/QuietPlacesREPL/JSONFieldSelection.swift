import QuietPlacesUtilities

/// Picks fields out of a JSON object by dotted paths (`postmarks`, `equipment.sails`), keeping the
/// object's nesting and key order: `postmarks equipment.sails` of the state gives
/// `{"equipment":{"sails":0},"postmarks":4}`.
public struct JSONFieldSelection: Sendable, Equatable {
  /// Why a path names no field; `description` is the sentence after `error: `.
  public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path as given.
    public var path: String
    /// The longest part of the path that does name a field, when the path goes inside a value
    /// that has no fields.
    public var notAnObject: (prefix: String, kind: String)?
    /// The nearest path that exists, if one is near enough.
    public var suggestion: String?
    /// The dotted path of the object where the path went wrong (empty for the top).
    public var parent: String = ""
    /// The fields that exist where the path went wrong.
    public var available: [String]

    public static func == (lhs: Problem, rhs: Problem) -> Bool {
      lhs.path == rhs.path && lhs.notAnObject?.prefix == rhs.notAnObject?.prefix
        && lhs.notAnObject?.kind == rhs.notAnObject?.kind && lhs.suggestion == rhs.suggestion
        && lhs.parent == rhs.parent && lhs.available == rhs.available
    }

    /// What a right path would be, to follow "'PATH' is not ".
    public var expectation: String {
      if let (prefix, kind) = notAnObject {
        return "a field of the state: '\(prefix)' is \(kind), which has no fields; write '\(prefix)'"
      }
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
      let list =
        parent.isEmpty
        ? " (state --json with no field shows them all)"
        : " (\(parent) has \(available.joined(separator: ", ")))"
      return "a field of the state\(hint)\(list)"
    }

    /// `'PATH' is not a field of the state; …`.
    public var description: String { "'\(path)' is not \(expectation)" }
  }

  /// The validated paths, each split at its dots.
  public let paths: [JSONKeyPath]

  /// Checks every path against `object`; throws for the first that names no field.
  public init(_ paths: [String], in object: JSONValue) throws(Problem) {
    var checked: [JSONKeyPath] = []
    for path in paths {
      let keys = JSONKeyPath(keys: path)
      let (depth, reached) = object.follow(keys)
      if depth < keys.segments.count {
        let prefix = keys.prefix(depth).description
        guard let members = reached.object else {
          throw Problem(
            path: path, notAnObject: (prefix, Self.kind(of: reached)), suggestion: nil, available: [])
        }
        throw Problem(
          path: path, notAnObject: nil, suggestion: Self.suggestion(for: path, in: object), parent: prefix,
          available: members.keys)
      }
      checked.append(keys)
    }
    self.paths = checked
  }

  /// `object` with only the selected fields, nested and ordered as in `object`.
  public func applied(to object: JSONValue) -> JSONValue {
    Self.select(paths, from: object)
  }

  private static func select(_ paths: [JSONKeyPath], from value: JSONValue) -> JSONValue {
    guard let members = value.object, !paths.contains(where: \.segments.isEmpty) else { return value }
    var kept = JSONObject()
    for member in members {
      let below = paths.filter { $0.segments.first == .key(member.key) }.map {
        JSONKeyPath(Array($0.segments.dropFirst()))
      }
      guard !below.isEmpty else { continue }
      kept[member.key] = select(below, from: member.value)
    }
    return .object(kept)
  }

  /// What kind of value this is, in words: `a number`, `an object`…
  static func kind(of value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool: "a true/false value"
    case .number: "a number"
    case .string: "a string"
    case .array: "a list"
    case .object: "an object"
    }
  }

  /// Every dotted path of `value`: each field, and inside objects each of theirs.
  public static func allPaths(of value: JSONValue) -> [String] {
    var paths: [String] = []
    value.forEachNode(intoArrays: false) { path, _ in
      if !path.segments.isEmpty { paths.append(path.description) }
    }
    return paths
  }

  /// The existing path nearest to `path`: for a bare name, the one field anywhere of that name;
  /// otherwise the closest by edit distance when at most a third of it differs.
  static func suggestion(for path: String, in object: JSONValue) -> String? {
    let candidates = allPaths(of: object)
    if !path.contains(".") {
      let sameName = candidates.filter { $0.split(separator: ".").last.map(String.init) == path }
      if sameName.count == 1 { return sameName[0] }
    }
    return EditDistance.closest(
      to: path, in: candidates, within: EditDistance.tolerance(for: path), ignoringCase: false)
  }
}
