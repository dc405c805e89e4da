extension BidirectionalCollection where Element == String {
  /// The items as a sentence lists them: `a, b and c` with `and`, `a or b` with `or`, `a` alone, and
  /// nothing for no items.
  public func joinedAsList(_ conjunction: String) -> String {
    guard let last else { return "" }
    guard count > 1 else { return last }
    return dropLast().joined(separator: ", ") + " \(conjunction) " + last
  }
}
