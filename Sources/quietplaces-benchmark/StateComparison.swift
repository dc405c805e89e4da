import QuietPlacesGame

/// Whether two states agree as the performance targets ask: numbers to a relative 1e-9, everything
/// else exactly.
struct StateComparison {
  /// The largest relative difference among the numbers.
  var largestRelativeDifference = 0.0
  /// What differs beyond the tolerance.
  var differences: [String] = []

  /// Whether the states agree.
  var agrees: Bool { differences.isEmpty }

  /// Whether the states are bit for bit equal.
  var exact: Bool { agrees && largestRelativeDifference == 0 }

  init(_ a: GameState, _ b: GameState) {
    number("discoveries", a.discoveries, b.discoveries)
    number("legRemaining", a.legRemaining, b.legRemaining)
    number("currentRemaining", a.currentRemaining, b.currentRemaining)
    number("progress", a.progress, b.progress)
    number("lifetime.discoveriesEarned", a.lifetime.discoveriesEarned, b.lifetime.discoveriesEarned)
    // With the numbers made equal, every other field (integers, flags, the generator) must be equal.
    var copy = b
    copy.discoveries = a.discoveries
    copy.legRemaining = a.legRemaining
    copy.currentRemaining = a.currentRemaining
    copy.progress = a.progress
    copy.lifetime.discoveriesEarned = a.lifetime.discoveriesEarned
    if copy != a { differences.append("a field other than the numbers differs") }
  }

  private mutating func number(_ name: String, _ a: Double, _ b: Double) {
    guard a != b else { return }
    let relative = abs(a - b) / max(abs(a), abs(b))
    largestRelativeDifference = max(largestRelativeDifference, relative)
    if !(relative <= 1e-9) { differences.append("\(name): \(a) vs \(b)") }
  }

  /// `identical`, `equal within 1e-9 (largest …)`, or what differs.
  var summary: String {
    if exact { return "identical" }
    if agrees {
      return "equal within 1e-9 (largest relative difference \(Format.scientific(largestRelativeDifference)))"
    }
    return "DIFFERENT: " + differences.joined(separator: "; ")
  }
}
