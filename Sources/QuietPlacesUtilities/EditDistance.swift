/// The Levenshtein distance, and the candidate closest to what a user typed, for the "did you
/// mean" of every error that names a command, a field, an option or a key.
public enum EditDistance {
  /// The fewest single-character insertions, deletions and substitutions that turn `a` into `b`.
  public static func between(_ a: String, _ b: String) -> Int {
    between(Array(a), Array(b), atMost: Int.max) ?? Int.max
  }

  /// The distance between `a` and `b`, or `nil` as soon as it must exceed `limit`.
  ///
  /// Unknown words are common input (every typo, every pasted line), so this stops early: the length
  /// difference is a lower bound, and so is the smallest entry of a finished row. Plain loops over
  /// two rows keep it cheap in debug builds too.
  public static func between(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int? {
    let m = a.count
    let n = b.count
    guard abs(m - n) <= limit else { return nil }
    guard m > 0, n > 0 else { return max(m, n) }
    var previous = [Int](repeating: 0, count: n + 1)
    var current = [Int](repeating: 0, count: n + 1)
    var j = 0
    while j <= n {
      previous[j] = j
      j += 1
    }
    var i = 1
    while i <= m {
      current[0] = i
      var rowMinimum = i
      let character = a[i - 1]
      j = 1
      while j <= n {
        var cost = previous[j - 1] + (character == b[j - 1] ? 0 : 1)
        if previous[j] + 1 < cost { cost = previous[j] + 1 }
        if current[j - 1] + 1 < cost { cost = current[j - 1] + 1 }
        current[j] = cost
        if cost < rowMinimum { rowMinimum = cost }
        j += 1
      }
      if rowMinimum > limit { return nil }
      swap(&previous, &current)
      i += 1
    }
    return previous[n] <= limit ? previous[n] : nil
  }

  /// How many edits a typo of `text` may have and still be suggested: a third of its length, at
  /// least 1.
  public static func tolerance(for text: String) -> Int { max(1, text.count / 3) }

  /// The candidate closest to `text`: the first at the smallest distance, and only one within
  /// `limit` edits when a limit is given; letter case counts unless `ignoringCase`.
  public static func closest(
    to text: String, in candidates: some Sequence<String>, within limit: Int? = nil, ignoringCase: Bool = true
  ) -> String? {
    let typed = Array(ignoringCase ? text.lowercased() : text)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let characters = Array(ignoringCase ? candidate.lowercased() : candidate)
      guard let distance = between(typed, characters, atMost: limit ?? Int.max),
        distance < best?.distance ?? Int.max
      else { continue }
      best = (candidate, distance)
    }
    return best?.candidate
  }
}
