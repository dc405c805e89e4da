/// What may reach a terminal: the last guard every printed line passes, whatever made it.
///
/// Text read from files and typed by a person can hold control characters (an escape sequence that
/// retitles the terminal, a bell, a carriage return that hides what came before) and can be of any
/// length. A printed line holds no control character but the line break: each other one is shown
/// escaped as `\u{1B}`. No printed line is longer than ``maximumBytes``: a longer one is cut on a
/// character and ends with `… (1,234,567 more bytes)`, the count of what was left out.
public enum PrintedLine {
  /// The most bytes of UTF-8 one printed line holds, its cut mark included.
  public static let maximumBytes = 2_000

  /// The text as printed: every control character but the line break escaped, each line cut to
  /// ``maximumBytes``. With `keepingColour`, colour sequences (`ESC [ 31 m`, `ESC [ 0 m`: digits and
  /// semicolons then `m`) stay as they are, since a coloured terminal is asked for them; every other
  /// escape sequence is still escaped.
  public static func guarded(_ text: String, keepingColour: Bool = false) -> String {
    guard needsGuard(text, limit: maximumBytes) else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { bounded(Substring($0), limit: maximumBytes, keepingColour: keepingColour) }
      .joined(separator: "\n")
  }

  /// One JSON record on one line, as printed: it is never cut (its strings are bounded where they
  /// are made), and a control character that reached it (JSON quoting escapes only those below
  /// U+0020) is written as a JSON escape, `\u007f`, which means the same inside a string.
  public static func record(_ json: String) -> String {
    guard json.unicodeScalars.contains(where: isControl) else { return json }
    var result = ""
    for scalar in json.unicodeScalars {
      if isControl(scalar) {
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The text with every control character escaped (line breaks too), cut to `limit` bytes with
  /// `… (N more bytes)`.
  public static func bounded(_ text: String, limit: Int = maximumBytes) -> String {
    guard needsGuard(text, limit: limit) || text.contains("\n") else { return text }
    return bounded(Substring(text), limit: limit, keepingColour: false)
  }

  /// Whether a scalar is a control character: C0 (U+0000–U+001F), DEL, and C1 (U+0080–U+009F),
  /// which some terminals read as the start of an escape sequence too.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// A control character as shown: `\u{1B}`.
  public static func escaped(_ scalar: Unicode.Scalar) -> String {
    "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
  }

  /// The width of ``escaped(_:)``: `\\u{`, the hexadecimal digits, `}`.
  private static func escapedWidth(_ scalar: Unicode.Scalar) -> Int {
    4 + (scalar.value < 0x10 ? 1 : 2)
  }

  /// The cut mark for `count` bytes left out.
  static func cutMark(_ count: Int) -> String { "… (\(count.withThousandsSeparators) more bytes)" }

  private static func needsGuard(_ text: String, limit: Int) -> Bool {
    text.utf8.count > limit || text.unicodeScalars.contains(where: isControl)
  }

  /// One line: every piece (a scalar, an escape, a kept colour sequence) when they all fit, else as
  /// many as fit before the cut mark. Two passes over the scalars, so a line of any length costs no
  /// more memory than what is printed.
  private static func bounded(_ line: Substring, limit: Int, keepingColour: Bool) -> String {
    let scalars = line.unicodeScalars
    /// Calls `body` with each piece (its scalars, and whether it is one control character to
    /// escape) and its printed width, until it answers false.
    func forEachPiece(_ body: (Range<Substring.UnicodeScalarView.Index>, Bool, Int) -> Bool) {
      var index = scalars.startIndex
      while index < scalars.endIndex {
        let scalar = scalars[index]
        let next = scalars.index(after: index)
        let go: Bool
        if keepingColour, scalar == "\u{1B}", let end = colourSequenceEnd(scalars, from: index) {
          go = body(index..<end, false, scalars[index..<end].count)
          index = end
        } else if isControl(scalar) {
          go = body(index..<next, true, escapedWidth(scalar))
          index = next
        } else {
          go = body(index..<next, false, UTF8.width(scalar))
          index = next
        }
        guard go else { return }
      }
    }
    func append(_ range: Range<Substring.UnicodeScalarView.Index>, escaping: Bool, to text: inout String) {
      if escaping {
        text += escaped(scalars[range.lowerBound])
      } else {
        text.unicodeScalars.append(contentsOf: scalars[range])
      }
    }
    var total = 0
    forEachPiece { _, _, width in
      total += width
      return true
    }
    var kept = ""
    guard total > limit else {
      forEachPiece { range, escaping, _ in
        append(range, escaping: escaping, to: &kept)
        return true
      }
      return kept
    }
    // The mark's count is at most `total`, so reserving its width for `total` always leaves room.
    // A cut coloured line ends with the reset, so the colour stops with the line.
    let reset = keepingColour ? "\u{1B}[0m" : ""
    let budget = max(0, limit - cutMark(total).utf8.count - reset.utf8.count)
    var keptBytes = 0
    forEachPiece { range, escaping, width in
      guard keptBytes + width <= budget else { return false }
      append(range, escaping: escaping, to: &kept)
      keptBytes += width
      return true
    }
    return kept + cutMark(total - keptBytes) + reset
  }

  /// Where a colour sequence starting at `start` (`ESC [`, digits and semicolons, `m`) ends, if one
  /// does.
  private static func colourSequenceEnd(
    _ scalars: Substring.UnicodeScalarView, from start: Substring.UnicodeScalarView.Index
  ) -> Substring.UnicodeScalarView.Index? {
    var index = scalars.index(after: start)
    guard index < scalars.endIndex, scalars[index] == "[" else { return nil }
    index = scalars.index(after: index)
    var length = 0
    while index < scalars.endIndex, length < 12, scalars[index] == ";" || ("0"..."9").contains(scalars[index])
    {
      index = scalars.index(after: index)
      length += 1
    }
    guard index < scalars.endIndex, scalars[index] == "m" else { return nil }
    return scalars.index(after: index)
  }
}
