extension JSONValue {
  /// The value at `path`, or `nil` when the path leads nowhere.
  public subscript(path: JSONKeyPath) -> JSONValue? {
    let (depth, value) = follow(path)
    return depth == path.segments.count ? value : nil
  }

  /// Follows `path` as far as it leads: how many steps it took, and the value reached. Fewer steps
  /// than the path has means the next step leads nowhere from that value (a key the object lacks,
  /// an index past the array's end, or any step into a value that is neither).
  public func follow(_ path: JSONKeyPath) -> (depth: Int, value: JSONValue) {
    var value = self
    for (depth, segment) in path.segments.enumerated() {
      let next: JSONValue?
      switch (segment, value) {
      case (.key(let key), .object(let members)): next = members[key]
      case (.index(let index), .array(let items)): next = items.indices.contains(index) ? items[index] : nil
      default: next = nil
      }
      guard let next else { return (depth, value) }
      value = next
    }
    return (path.segments.count, value)
  }

  /// Calls `body` with this value (at the empty path) and every value inside it, each before the
  /// values inside it: objects' members in their order, or sorted by key, and arrays' elements in
  /// order unless `intoArrays` is false (an array is then visited but not entered).
  public func forEachNode(
    sortingKeys: Bool = false, intoArrays: Bool = true, _ body: (JSONKeyPath, JSONValue) -> Void
  ) {
    func visit(_ value: JSONValue, _ path: JSONKeyPath) {
      body(path, value)
      switch value {
      case .object(let members):
        for key in sortingKeys ? members.keys.sorted() : members.keys {
          visit(members[key]!, path.appending(.key(key)))
        }
      case .array(let items) where intoArrays:
        for (index, item) in items.enumerated() { visit(item, path.appending(.index(index))) }
      default: break
      }
    }
    visit(self, JSONKeyPath())
  }

  /// This value with the leaf (a value that is neither an object nor an array) at `path` replaced
  /// by `value`; `nil` when no leaf is there.
  public func replacingLeaf(at path: JSONKeyPath, with value: JSONValue) -> JSONValue? {
    replacing(at: path.segments[...], with: value, leafOnly: true)
  }

  /// This value with the value at `path`, whatever it is, replaced by `value`; `nil` when the path
  /// leads nowhere.
  public func replacing(at path: JSONKeyPath, with value: JSONValue) -> JSONValue? {
    replacing(at: path.segments[...], with: value, leafOnly: false)
  }

  private func replacing(
    at segments: ArraySlice<JSONKeyPath.Segment>, with value: JSONValue, leafOnly: Bool
  ) -> JSONValue? {
    guard let first = segments.first else {
      switch self {
      case .object, .array: return leafOnly ? nil : value
      default: return value
      }
    }
    switch (self, first) {
    case (.object(var members), .key(let key)):
      guard let child = members[key]?.replacing(at: segments.dropFirst(), with: value, leafOnly: leafOnly)
      else { return nil }
      members[key] = child
      return .object(members)
    case (.array(var items), .index(let index)):
      guard items.indices.contains(index),
        let child = items[index].replacing(at: segments.dropFirst(), with: value, leafOnly: leafOnly)
      else { return nil }
      items[index] = child
      return .array(items)
    default:
      return nil
    }
  }
}
