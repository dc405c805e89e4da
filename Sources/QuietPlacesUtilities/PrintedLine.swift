/// What may reach a terminal: the last guard every printed line passes, whatever made it.
///
/// Text read from files and typed by a person can hold control characters (an escape sequence that
/// retitles the terminal, a bell, a carriage return that hides what came before) and can be of any
/// length, and can hold characters that print as nothing (a byte order mark pasted mid-line, a
/// zero-width space, an override that turns the rest of a line around). A printed line holds no
/// control character but the line break and no such invisible one (but the marks of direction a
/// price holds): each is shown escaped as `\u{1B}`, `\u{FEFF}`. No printed line is longer than ``maximumBytes``: a longer one is cut on a
/// character and ends with `… (1,234,567 more bytes)`, the count of what was left out.
public enum PrintedLine {
  /// The most bytes of UTF-8 one printed line holds, its cut mark included.
  public static let maximumBytes = 2_000

  /// The text as printed: every control character but the line break escaped, and every invisible
  /// one but a price's marks of direction (``isInvisible(_:)``), each line cut to
  /// ``maximumBytes``. With `keepingColour`, colour sequences (`ESC [ 31 m`, `ESC [ 0 m`: digits and
  /// semicolons then `m`) stay as they are, since a coloured terminal is asked for them; every other
  /// escape sequence is still escaped.
  public static func guarded(_ text: String, keepingColour: Bool = false) -> String {
    guard needsGuard(text, limit: maximumBytes, escaping: isHiddenOnALine) else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false)
      .map {
        bounded(Substring($0), limit: maximumBytes, keepingColour: keepingColour, escaping: isHiddenOnALine)
      }
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

  /// The text with every control character escaped (line breaks too) and every invisible one
  /// (``isInvisible(_:)``), cut to `limit` bytes with `… (N more bytes)`: a value read from outside,
  /// shown between quotes, shows all it holds (`'\u{FEFF}status'`, not `'status'`).
  public static func bounded(_ text: String, limit: Int = maximumBytes) -> String {
    guard needsGuard(text, limit: limit, escaping: isHiddenInAValue) || text.contains("\n") else {
      return text
    }
    return bounded(Substring(text), limit: limit, keepingColour: false, escaping: isHiddenInAValue)
  }

  /// Whether a scalar prints as nothing at all: a format character (a byte order mark, a zero-width
  /// space, a soft hyphen, a word joiner, the marks and overrides of text direction) or a line or
  /// paragraph separator. The zero-width joiner and non-joiner are not among them: they join the
  /// letters of several scripts and the emoji of a sequence, and show in what they join.
  public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    guard scalar.value >= 0xA0, scalar.value != 0x200C, scalar.value != 0x200D else { return false }
    switch scalar.properties.generalCategory {
    case .format, .lineSeparator, .paragraphSeparator: return true
    default: return false
    }
  }

  /// What a value from outside shows escaped: control characters and invisible ones.
  private static func isHiddenInAValue(_ scalar: Unicode.Scalar) -> Bool {
    isControl(scalar) || isInvisible(scalar)
  }

  /// The marks of direction that prices hold as CLDR writes them for some locales (left-to-right,
  /// right-to-left, Arabic letter): a printed line keeps them; a value from outside shows them.
  private static let directionMarks: Set<UInt32> = [0x200E, 0x200F, 0x061C]

  /// What every printed line shows escaped: control characters, and invisible ones but the marks of
  /// direction of a price.
  private static func isHiddenOnALine(_ scalar: Unicode.Scalar) -> Bool {
    isControl(scalar) || (isInvisible(scalar) && !directionMarks.contains(scalar.value))
  }

  /// Whether a scalar is a control character: C0 (U+0000–U+001F), DEL, and C1 (U+0080–U+009F),
  /// which some terminals read as the start of an escape sequence too.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// A control or invisible character as shown: `\u{1B}`, `\u{FEFF}`.
  public static func escaped(_ scalar: Unicode.Scalar) -> String {
    "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
  }

  /// The width of ``escaped(_:)``: `\\u{`, the hexadecimal digits, `}`.
  private static func escapedWidth(_ scalar: Unicode.Scalar) -> Int {
    4 + String(scalar.value, radix: 16).count
  }

  /// The cut mark for `count` bytes left out.
  static func cutMark(_ count: Int) -> String { "… (\(count.withThousandsSeparators) more bytes)" }

  private static func needsGuard(
    _ text: String, limit: Int, escaping: (Unicode.Scalar) -> Bool
  ) -> Bool {
    text.utf8.count > limit || text.unicodeScalars.contains(where: escaping)
  }

  /// One line: every piece (a scalar, an escape, a kept colour sequence) when they all fit, else as
  /// many as fit before the cut mark. Two passes over the scalars, so a line of any length costs no
  /// more memory than what is printed.
  private static func bounded(
    _ line: Substring, limit: Int, keepingColour: Bool, escaping isEscaped: (Unicode.Scalar) -> Bool
  ) -> String {
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
        } else if isEscaped(scalar) {
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
