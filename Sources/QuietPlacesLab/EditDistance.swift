/// The Levenshtein distance, for suggesting the key or word a user meant.
public enum EditDistance {
  static func between(_ a: String, _ b: String) -> Int {
    let x = Array(a)
    let y = Array(b)
    guard !x.isEmpty else { return y.count }
    guard !y.isEmpty else { return x.count }
    var previous = Array(0...y.count)
    var current = previous
    for i in 1...x.count {
      current[0] = i
      for j in 1...y.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[y.count]
  }

  /// The candidate closest to `text` (the first of equals).
  public static func closest(to text: String, in candidates: [String]) -> String? {
    var best: (String, Int)?
    for candidate in candidates {
      let distance = between(text.lowercased(), candidate.lowercased())
      if distance < best?.1 ?? Int.max { best = (candidate, distance) }
    }
    return best?.0
  }
}
