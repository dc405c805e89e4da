import QuietPlacesUtilities

/// Durations in the REPL: printing seconds as `2h 30m`, and reading what users type after `advance`.
///
/// Printing uses the units `y` (a Julian year of 365.25 days, the year of ``maximumSeconds``), `d`,
/// `h`, `m` and `s`, and shows at most two adjacent units, rounding down: `90` is `1m 30s`, `7205` is
/// `2h` (the minutes are zero, the 5 s are dropped), `0` is `0s`.
///
/// Reading accepts whole numbers with the units `y` (365.25 days), `w`, `d`, `h`, `m`, `s`, largest
/// first, each once, with or without a space after a unit: `90s`, `45m`, `8h`, `2d`, `1w`, `1y`,
/// `1h30m`, `1h 30m`, `1d2h3m4s`. A number needs its unit right after it (`1 h` is refused). The total
/// must be at least one second and at most ``maximumSeconds``.
public enum DurationFormat {
  /// The longest duration a command accepts: 100 Julian years, 3,155,760,000 seconds.
  public static let maximumSeconds: Int64 = 3_155_760_000

  /// Why typed text is not an acceptable duration; `description` says what would be right.
  public enum ParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing was typed.
    case empty
    /// The text is not an amount with units at all (a sign, a letter first, a stray character).
    case notADuration(String)
    /// A fraction such as `1.5h`.
    case fraction(String)
    /// A number written with thousands separators, such as `1,000s`.
    case separator(String)
    /// A number without a unit, such as `90`.
    case missingUnit(String)
    /// A letter that is not one of the units.
    case unknownUnit(String, unit: Character)
    /// Units repeated or smaller before larger, such as `30m1h`.
    case unitsOutOfOrder(String)
    /// The amounts add up to zero.
    case zero(String)
    /// Longer than ``DurationFormat/maximumSeconds``.
    case beyondMaximum(String)

    /// The text refused, when there was any.
    public var text: String? {
      switch self {
      case .empty: nil
      case .notADuration(let text), .fraction(let text), .separator(let text), .missingUnit(let text),
        .unknownUnit(let text, _),
        .unitsOutOfOrder(let text), .zero(let text), .beyondMaximum(let text):
        text
      }
    }

    /// One sentence: what was wrong, and what would be right.
    public var description: String {
      let examples = "such as 90s, 45m, 8h, 2d, 1y or 1h 30m"
      // Units in words (`2 hours`, `8H`): written back in letters.
      switch self {
      case .notADuration(let text), .unknownUnit(let text, _):
        if let typed = DurationFormat.lettersFor(text) {
          return "'\(text.fromOutside)' is not a duration as written; the units are s, m, h, d, w and y, "
            + "each right after its number: write \(typed)"
        }
      default: break
      }
      switch self {
      case .empty:
        return "a duration is missing; write a positive amount \(examples)"
      case .notADuration(let text):
        return "'\(text.fromOutside)' is not a duration; write a positive amount \(examples)"
      case .fraction(let text):
        return
          "'\(text.fromOutside)' has a fraction; write whole numbers of smaller units, such as 1h30m for 1.5h"
      case .separator(let text):
        return "'\(text.fromOutside)' has a thousands separator; write the number without one, such as "
          + "\(text.filter { $0 != "," }.fromOutside)"
      case .missingUnit(let text):
        return "'\(text.fromOutside)' ends without a unit; add s, m, h, d, w or y, such as \(text)m"
      case .unknownUnit(let text, let unit):
        return
          "'\(String(unit).fromOutside)' in '\(text.fromOutside)' is not a unit; use s, m, h, d, w or y, \(examples)"
      case .unitsOutOfOrder(let text):
        return
          "'\(text.fromOutside)' repeats a unit or puts a smaller one first; write each unit once, largest first, "
          + "such as 1h30m"
      case .zero(let text):
        return "'\(text.fromOutside)' is no time at all; write at least 1s"
      case .beyondMaximum(let text):
        return
          "'\(text.fromOutside)' is beyond the maximum of 100 years; write a shorter duration, such as 100y or 36500d"
      }
    }
  }

  /// Units for reading, largest first.
  private static let inputUnits: [(unit: Character, seconds: Int64)] = [
    ("y", 31_557_600), ("w", 604_800), ("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1),
  ]

  /// Units for printing, largest first.
  private static let outputUnits: [(unit: String, seconds: UInt64)] = [
    ("y", 31_557_600), ("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1),
  ]

  /// `seconds` as at most two adjacent units, rounding down: `2h 30m`, `45m`, `1m 30s`, `3d 4h`, `0s`.
  public static func string(seconds: Int64) -> String {
    let magnitude = seconds.magnitude
    guard let first = outputUnits.firstIndex(where: { magnitude >= $0.seconds }) else { return "0s" }
    let (unit, size) = outputUnits[first]
    var text = "\(magnitude / size)\(unit)"
    if first + 1 < outputUnits.count {
      let (nextUnit, nextSize) = outputUnits[first + 1]
      let next = magnitude % size / nextSize
      if next > 0 { text += " \(next)\(nextUnit)" }
    }
    return seconds < 0 ? "-" + text : text
  }

  /// `seconds` exactly, every non-zero unit: `6d 21h 18m`, `3h 7m 5s`, `1y 3d`. For the time a
  /// command says it sailed or credited, which a reader adds up and compares with the clock.
  public static func exact(seconds: Int64) -> String {
    var rest = seconds.magnitude
    var parts: [String] = []
    for (unit, size) in outputUnits where rest >= size {
      parts.append("\(rest / size)\(unit)")
      rest %= size
    }
    let text = parts.isEmpty ? "0s" : parts.joined(separator: " ")
    return seconds < 0 ? "-" + text : text
  }

  /// `seconds` exactly, every non-zero unit from days down, as `advance` reads it: `4d23h10m23s`,
  /// `5m58s`, `6m`, `0s`. For waits that a user may want to repeat with `advance`.
  public static func typed(seconds: Int64) -> String {
    var rest = seconds.magnitude
    var text = ""
    for (unit, size) in inputUnits.dropFirst(2) where rest >= UInt64(size) {
      text += "\(rest / UInt64(size))\(unit)"
      rest %= UInt64(size)
    }
    if text.isEmpty { text = "0s" }
    return seconds < 0 ? "-" + text : text
  }

  /// The duration `text` means when its units are written as words, abbreviations or capitals
  /// (``DurationWords``), when that reads as a duration here: `2 hours` → `2h`.
  static func lettersFor(_ text: String) -> String? {
    guard let typed = DurationWords.letters(for: text), (try? parse(typed)) != nil else { return nil }
    return typed
  }

  /// Whether every comma in `text` stands between digits and before exactly three of them, as in
  /// `1,000s` or `1,000,000s` (and not `1,5h`).
  static func hasThousandsSeparators(_ text: String) -> Bool {
    let characters = Array(text)
    func isDigit(_ index: Int) -> Bool {
      characters.indices.contains(index) && characters[index].isASCII && characters[index].isNumber
    }
    for (index, character) in characters.enumerated() where character == "," {
      guard isDigit(index - 1), isDigit(index + 1), isDigit(index + 2), isDigit(index + 3),
        !isDigit(index + 4)
      else { return false }
    }
    return true
  }

  /// The number of seconds `text` stands for, such as 5400 for `1h30m`.
  public static func parse(_ text: String) throws(ParseError) -> Int64 {
    guard !text.isEmpty else { throw .empty }
    var total: Int64 = 0
    var amount: Int64?
    var overflow = false
    var nextAllowedUnit = 0  // index into inputUnits: units must come in descending order
    var afterUnit = false  // a space may follow a unit, and only a unit
    for character in text {
      if character == " " || character == "\t" {
        // A space only after a unit: `1h 30m`, never inside a part (`1 h`) or before the first.
        guard afterUnit else { throw .notADuration(text) }
        continue
      }
      afterUnit = false
      if let digit = character.wholeNumberValue, character.isASCII {
        let (times10, o1) = (amount ?? 0).multipliedReportingOverflow(by: 10)
        let (sum, o2) = times10.addingReportingOverflow(Int64(digit))
        overflow = overflow || o1 || o2
        amount = sum
        continue
      }
      if character == "." || character == "," {
        guard amount != nil else { throw .notADuration(text) }
        // `1,000s`: groups of three digits after each comma are a thousands separator, not a fraction.
        if character == ",", Self.hasThousandsSeparators(text) { throw .separator(text) }
        throw .fraction(text)
      }
      guard character.isLetter else { throw .notADuration(text) }
      guard let value = amount else { throw .notADuration(text) }
      guard let index = inputUnits.firstIndex(where: { $0.unit == character }) else {
        throw .unknownUnit(text, unit: character)
      }
      guard index >= nextAllowedUnit else { throw .unitsOutOfOrder(text) }
      let (seconds, o3) = value.multipliedReportingOverflow(by: inputUnits[index].seconds)
      let (sum, o4) = total.addingReportingOverflow(seconds)
      overflow = overflow || o3 || o4
      total = sum
      amount = nil
      afterUnit = true
      nextAllowedUnit = index + 1
    }
    if let amount {
      // Nothing with any unit is no time at all: `0` is not told to become `0m`, refused next.
      if amount == 0 && total == 0 && !overflow { throw .zero(text) }
      throw .missingUnit(text)
    }
    if overflow || total > maximumSeconds { throw .beyondMaximum(text) }
    if total == 0 { throw .zero(text) }
    return total
  }
}
