import QuietPlacesUtilities

/// A JSON document read by key path, so the lab can read `balance.json`, change one value and hand
/// the result back to the balance loader (which validates it).
extension JSONValue {
  /// Every path, leaves and inner nodes, with array indices written `[]`: the document's shape.
  var shapePaths: Set<String> {
    var paths = Set<String>()
    forEachNode { path, _ in
      if !path.segments.isEmpty { paths.insert(path.shape) }
    }
    return paths
  }
}
