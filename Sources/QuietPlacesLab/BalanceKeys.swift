import QuietPlacesUtilities

/// The keys of a balance as `--set` and `--vary` reach them: a key is known when the balance has a
/// value there, or has none (`null`, such as the first route's charter cost) where other elements of
/// the same list have one; a value must be of the key's type. Suggestions for an unknown key come from
/// the keys at the same level.
enum BalanceKeys {
  /// Checks that `setting` changes a key of `tree` that has a value, to a value of that value's type.
  static func check(_ setting: BalanceSetting, in tree: JSONValue) throws(LabError) {
    guard let path = JSONKeyPath(parsing: setting.key) else { throw .notAKeyPath(setting.key) }
    guard let current = tree[path] else {
      let parent = path.prefix(path.segments.count - 1)
      if tree[parent] != nil, tree.shapePaths.contains(path.shape) { throw .nullSetKey(setting.key) }
      throw .unknownSetKey(setting.key, closest: closest(to: path, in: tree.leafPaths))
    }
    switch (current, JSONValue.literal(setting.value)) {
    case (.null, _): throw .nullSetKey(setting.key)
    case (.object, _), (.array, _):
      throw .unknownSetKey(setting.key, closest: closest(to: path, in: tree.leafPaths))
    case (.number, .number), (.bool, .bool), (.string, _): return
    case (.number, _): throw .setValueType(setting.key, value: setting.value, type: "a number")
    case (.bool, _): throw .setValueType(setting.key, value: setting.value, type: "true or false")
    }
  }

  /// The known path closest to `path` among those at its level (the same parent), or among all of the
  /// same depth when its parent has none.
  static func closest(to path: JSONKeyPath, in paths: [String]) -> String? {
    let depth = path.segments.count
    let parent = path.prefix(depth - 1).description
    let parsed = paths.compactMap { text in JSONKeyPath(parsing: text).map { (text, $0) } }
    let siblings = parsed.filter {
      $0.1.segments.count == depth && $0.1.prefix(depth - 1).description == parent
    }
    let sameDepth = parsed.filter { $0.1.segments.count == depth }
    let candidates = !siblings.isEmpty ? siblings : !sameDepth.isEmpty ? sameDepth : parsed
    return EditDistance.closest(to: path.description, in: candidates.map(\.0))
  }
}
