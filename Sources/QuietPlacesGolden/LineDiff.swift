/// A line diff (Myers' O((N+M)·D) algorithm) and its rendering as a unified diff.
public enum LineDiff {
  /// One step of the edit script that turns the old lines into the new ones.
  public enum Edit: Sendable, Equatable {
    /// `old[old]` and `new[new]` are the same line.
    case same(old: Int, new: Int)
    /// `old[old]` is removed.
    case delete(old: Int)
    /// `new[new]` is inserted before `old[before]` (`before == old.count` appends).
    case insert(new: Int, before: Int)
  }

  /// The shortest edit script from `old` to `new`, in order.
  public static func edits(from old: [String], to new: [String]) -> [Edit] {
    // Lines become small integers so the inner loop compares integers, not strings.
    var ids: [String: Int] = [:]
    func id(_ line: String) -> Int {
      if let known = ids[line] { return known }
      ids[line] = ids.count
      return ids.count - 1
    }
    let a = old.map(id)
    let b = new.map(id)

    // A common prefix and suffix are unchanged; only the middle needs the search.
    var prefix = 0
    while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < a.count - prefix && suffix < b.count - prefix
      && a[a.count - 1 - suffix] == b[b.count - 1 - suffix]
    {
      suffix += 1
    }
    var result: [Edit] = (0..<prefix).map { .same(old: $0, new: $0) }
    let middle = myers(Array(a[prefix..<(a.count - suffix)]), Array(b[prefix..<(b.count - suffix)]))
    for edit in middle {
      switch edit {
      case .same(let x, let y): result.append(.same(old: x + prefix, new: y + prefix))
      case .delete(let x): result.append(.delete(old: x + prefix))
      case .insert(let y, let x): result.append(.insert(new: y + prefix, before: x + prefix))
      }
    }
    for offset in 0..<suffix {
      result.append(.same(old: a.count - suffix + offset, new: b.count - suffix + offset))
    }
    return result
  }

  /// A unified diff of `old` and `new` with `context` lines around each change, or no lines when
  /// they are equal.
  ///
  /// - Parameters:
  ///   - oldHeader: the text after `--- `.
  ///   - newHeader: the text after `+++ `.
  ///   - label: given the 0-based index in `old` where a hunk's first change is (for an insertion,
  ///     the line before it, or 0), returns a label written after the hunk's `@@ … @@` range.
  public static func unified(
    old: [String], new: [String], oldHeader: String, newHeader: String, context: Int = 3,
    label: (Int) -> String? = { _ in nil }
  ) -> [String] {
    let edits = edits(from: old, to: new)
    let changes = edits.indices.filter { if case .same = edits[$0] { false } else { true } }
    guard let firstChange = changes.first else { return [] }

    // Where each edit starts in old and new, for hunk ranges.
    var positions: [(old: Int, new: Int)] = []
    var oldPosition = 0
    var newPosition = 0
    for edit in edits {
      positions.append((oldPosition, newPosition))
      switch edit {
      case .same:
        oldPosition += 1
        newPosition += 1
      case .delete: oldPosition += 1
      case .insert: newPosition += 1
      }
    }

    // Changes closer than twice the context share a hunk.
    var groups: [ClosedRange<Int>] = []
    var groupStart = firstChange
    var previous = firstChange
    for change in changes.dropFirst() {
      if change - previous - 1 > 2 * context {
        groups.append(groupStart...previous)
        groupStart = change
      }
      previous = change
    }
    groups.append(groupStart...previous)

    var output = ["--- \(oldHeader)", "+++ \(newHeader)"]
    for group in groups {
      let range = max(0, group.lowerBound - context)...min(edits.count - 1, group.upperBound + context)
      var body: [String] = []
      var oldCount = 0
      var newCount = 0
      for index in range {
        switch edits[index] {
        case .same(let x, _):
          body.append(" " + old[x])
          oldCount += 1
          newCount += 1
        case .delete(let x):
          body.append("-" + old[x])
          oldCount += 1
        case .insert(let y, _):
          body.append("+" + new[y])
          newCount += 1
        }
      }
      let anchor: Int
      switch edits[group.lowerBound] {
      case .delete(let x): anchor = x
      case .insert(_, let before): anchor = max(0, before - 1)
      case .same(let x, _): anchor = x
      }
      let start = positions[range.lowerBound]
      let oldRange = rangeText(start: start.old, count: oldCount)
      let newRange = rangeText(start: start.new, count: newCount)
      var header = "@@ -\(oldRange) +\(newRange) @@"
      if let text = label(anchor) { header += " " + text }
      output.append(header)
      output += body
    }
    return output
  }

  /// A hunk range as GNU diff writes it: `start,count`, `,1` left out, and an empty range named by the
  /// line before it.
  private static func rangeText(start: Int, count: Int) -> String {
    switch count {
    case 0: return "\(start),0"
    case 1: return "\(start + 1)"
    default: return "\(start + 1),\(count)"
    }
  }

  /// The most edits the search looks for between the common prefix and suffix. Its trace grows
  /// with the square of the edits (2,000 keep about 4 million numbers; a script whose 200,000
  /// expected lines all differ would need 40 billion), so a middle that differs by more is shown
  /// replaced whole: every old line removed, then every new line added.
  public static let maximumEdits = 2_000

  /// Myers' greedy forward search, keeping each round's frontier to walk back the path.
  private static func myers(_ a: [Int], _ b: [Int]) -> [Edit] {
    let n = a.count
    let m = b.count
    if n == 0 { return (0..<m).map { .insert(new: $0, before: 0) } }
    if m == 0 { return (0..<n).map { .delete(old: $0) } }
    let offset = n + m
    var frontier = [Int](repeating: 0, count: 2 * offset + 2)
    // trace[d] holds frontier[offset - d ... offset + d] as it was before round d.
    var trace: [[Int]] = []
    var found = false
    search: for d in 0...min(offset, maximumEdits) {
      trace.append(Array(frontier[(offset - d)...(offset + d)]))
      for k in stride(from: -d, through: d, by: 2) {
        var x: Int
        if k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]) {
          x = frontier[offset + k + 1]
        } else {
          x = frontier[offset + k - 1] + 1
        }
        var y = x - k
        while x < n && y < m && a[x] == b[y] {
          x += 1
          y += 1
        }
        frontier[offset + k] = x
        if x >= n && y >= m {
          found = true
          break search
        }
      }
    }
    guard found else {
      return (0..<n).map { .delete(old: $0) } + (0..<m).map { .insert(new: $0, before: n) }
    }

    var reversed: [Edit] = []
    var x = n
    var y = m
    for d in stride(from: trace.count - 1, through: 0, by: -1) {
      let row = trace[d]
      func value(_ k: Int) -> Int { row[k + d] }
      let k = x - y
      let previousK = (k == -d || (k != d && value(k - 1) < value(k + 1))) ? k + 1 : k - 1
      let previousX = d == 0 ? 0 : value(previousK)
      let previousY = d == 0 ? 0 : previousX - previousK
      while x > previousX && y > previousY {
        reversed.append(.same(old: x - 1, new: y - 1))
        x -= 1
        y -= 1
      }
      if d > 0 {
        if x == previousX {
          reversed.append(.insert(new: y - 1, before: x))
        } else {
          reversed.append(.delete(old: x - 1))
        }
      }
      x = previousX
      y = previousY
    }
    return reversed.reversed()
  }
}
