import QuietPlacesUtilities

/// The keys of a balance as `--set` and `--vary` reach them: a key is known when the balance has a
/// value there, or has none (`null`, such as the first route's charter cost) where other elements of
/// the same list have one; a value must be of the key's type and within what the balance can hold.
/// Suggestions for an unknown key come from the keys at the level where the path first leads
/// nowhere.
enum BalanceKeys {
  /// The largest whole number a balance holds: the game's counts stop at 10^15.
  static let largestWholeNumber = 1e15

  /// Checks that `setting` changes a key of `tree` that has a value, to a value of that value's type
  /// (a whole number where `wholeNumber` says the balance holds one), and returns the value to put
  /// there.
  static func check(
    _ setting: BalanceSetting, in tree: JSONValue, wholeNumber: (JSONKeyPath) -> Bool
  ) throws(LabError) -> JSONValue {
    guard let path = JSONKeyPath(parsing: setting.key) else { throw .notAKeyPath(setting.key) }
    let (depth, reached) = tree.follow(path)
    guard depth == path.segments.count else {
      let parent = path.prefix(path.segments.count - 1)
      if depth == parent.segments.count, tree.shapePaths.contains(path.shape) {
        throw .nullSetKey(setting.key)
      }
      throw .setting(setting, leadsNowhere(path, at: depth, from: reached))
    }
    switch reached {
    case .null: throw .nullSetKey(setting.key)
    case .object(let members):
      let inside = members.keys.sorted().map { "\(path.appending(.key($0)))" }
      throw .setting(setting, .holdsMore(inside, example: firstValue(under: path, in: reached)))
    case .array(let items):
      let inside = items.indices.map { "\(path.appending(.index($0)))" }
      throw .setting(setting, .holdsMore(inside, example: firstValue(under: path, in: reached)))
    case .bool:
      guard setting.value == "true" || setting.value == "false" else {
        throw .setting(setting, .type("true or false"))
      }
      return .bool(setting.value == "true")
    case .string:
      return .string(setting.value)
    case .number:
      return try number(setting, whole: wholeNumber(path))
    }
  }

  /// The path of the first value (neither object nor list) inside `value`, which is at `path`.
  static func firstValue(under path: JSONKeyPath, in value: JSONValue) -> String {
    var found: JSONKeyPath?
    value.forEachNode(sortingKeys: true) { inner, node in
      switch node {
      case .object, .array, .null: break
      default: if found == nil { found = inner }
      }
    }
    return JSONKeyPath(path.segments + (found?.segments ?? [])).description
  }

  /// The value of a number key as JSON: digits for a whole number, else Swift's shortest text.
  static func number(_ setting: BalanceSetting, whole: Bool) throws(LabError) -> JSONValue {
    let text = setting.value
    let written = text.lowercased()
    guard let value = Double(text), !written.contains("inf"), !written.contains("nan") else {
      throw .setting(setting, .type("a number"))
    }
    guard value.isFinite else {
      // Digits beyond what a Double holds (1e400).
      throw .setting(setting, .outOfRange("a number from -1.8e308 to 1.8e308"))
    }
    if whole {
      guard value == value.rounded() else { throw .setting(setting, .notWholeNumber) }
      guard value.magnitude <= largestWholeNumber else {
        throw .setting(setting, .outOfRange("a whole number from 0 to 1e15"))
      }
    }
    if value == value.rounded(), value.magnitude <= largestWholeNumber {
      return .number(String(Int64(value)))
    }
    return .number("\(value)")
  }

  /// Why `path` leads nowhere at step `depth`, from `reached` (the value its first `depth` steps
  /// lead to): the closest key at that level, or that level's keys, or the list's length.
  static func leadsNowhere(_ path: JSONKeyPath, at depth: Int, from reached: JSONValue)
    -> LabError.SettingProblem
  {
    let here = path.prefix(depth)
    let rest = Array(path.segments.dropFirst(depth + 1))
    func named(_ key: String) -> String { here.appending(.key(key)).description }
    switch (reached, path.segments[depth]) {
    case (.object(let members), .key(let key)):
      // Sorted: the encoder's order is not the same from one process to the next.
      let keys = members.keys.sorted()
      guard let closest = EditDistance.closest(to: key, in: keys, within: EditDistance.tolerance(for: key))
      else {
        return .unknownKey(closest: nil, keys: keys.map(named))
      }
      // The rest of the path, if it leads somewhere under the key meant, completes the suggestion.
      let meant = JSONKeyPath(here.segments + [.key(closest)] + rest)
      return .unknownKey(
        closest: reached[JSONKeyPath([.key(closest)] + rest)] != nil ? meant.description : named(closest),
        keys: [])
    case (.object(let members), .index):
      return .unknownKey(closest: nil, keys: members.keys.sorted().map(named))
    case (.array(let items), _):
      return .beyondList(here.description, count: items.count)
    default:
      return .insideValue(here.description)
    }
  }
}
