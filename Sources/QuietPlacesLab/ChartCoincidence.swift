/// Which curves of a chart would be drawn on top of each other, so the legend can say so.
enum ChartCoincidence {
  /// For each curve (its page y at the same x positions), the other curves that stay within
  /// `tolerance` pixels of it everywhere.
  static func partners(_ curves: [[Double]], tolerance: Double = 1.5) -> [[Int]] {
    var partners = Array(repeating: [Int](), count: curves.count)
    for a in curves.indices {
      for b in curves.indices where b > a && curves[a].count == curves[b].count && !curves[a].isEmpty {
        if zip(curves[a], curves[b]).allSatisfy({ abs($0 - $1) <= tolerance }) {
          partners[a].append(b)
          partners[b].append(a)
        }
      }
    }
    return partners
  }

  /// `same as 'B'` (or `same as 'B' and 'C'`) for a curve with partners; empty otherwise.
  static func note(_ partners: [Int], names: [String], what: String) -> String {
    guard !partners.isEmpty else { return "" }
    return "\(what) coincides with " + partners.map { "'\(names[$0])'" }.joinedAsList("and")
  }
}
