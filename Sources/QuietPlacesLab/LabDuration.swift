import QuietPlacesUtilities

/// Durations as the lab reads and writes them, in the REPL's syntax: whole numbers with the units
/// `y` (365.25 days), `w`, `d`, `h`, `m`, `s`, largest first, each once (`90s`, `15m`, `8h`, `2d`,
/// `1h30m`, `10y`).
public enum LabDuration {
  /// The longest stretch the engine sails in one `advance`: 100 Julian years.
  public static let maximumSeconds: Int64 = 3_155_760_000

  private static let units: [(unit: Character, seconds: Int64)] = [
    ("y", 31_557_600), ("w", 604_800), ("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1),
  ]

  /// What a duration's text says.
  enum Reading: Equatable {
    /// This many seconds (possibly 0).
    case seconds(Int64)
    /// Not of the syntax: whole numbers each with a unit, the units from the largest down.
    case notADuration
    /// Longer than ``maximumSeconds``.
    case tooLong
  }

  /// Reads `text` as whole numbers each followed by a unit, `y` `w` `d` `h` `m` `s` in that order:
  /// `8h`, `1h30m`, `2d`.
  static func read(_ text: String) -> Reading {
    guard !text.isEmpty else { return .notADuration }
    // Amounts and the total stop growing just past the maximum, so nothing can overflow: at most
    // (maximumSeconds + 1) × 10 + 9, or (maximumSeconds + 1) × the seconds of a year.
    let cap = maximumSeconds + 1
    var total: Int64 = 0
    var amount: Int64?
    var next = 0
    for character in text {
      if let digit = character.wholeNumberValue, character.isASCII {
        amount = min((amount ?? 0) * 10 + Int64(digit), cap)
        continue
      }
      guard let value = amount, let index = units.firstIndex(where: { $0.unit == character }), index >= next
      else { return .notADuration }
      total = min(total + value * units[index].seconds, cap)
      amount = nil
      next = index + 1
    }
    guard amount == nil else { return .notADuration }
    return total > maximumSeconds ? .tooLong : .seconds(total)
  }

  /// The seconds `text` stands for (possibly 0), or `nil` when it is not a duration of that syntax or
  /// is longer than ``maximumSeconds``.
  public static func parse(_ text: String) -> Int64? {
    if case .seconds(let seconds) = read(text) { return seconds }
    return nil
  }

  /// Why a text is not a duration a run takes.
  public enum Problem: Sendable, Equatable {
    /// Zero.
    case noTime
    /// Longer than ``maximumSeconds``.
    case tooLong
    /// Not of the syntax.
    case notADuration
  }

  /// The seconds of a duration of at least 1 s, or the error that says what is wrong with `value`:
  /// `shown` is how the user wrote it (`for 200y`, `--limit 0s`, `time:2x`) and `example` shows right
  /// ones (`for 8h or for 2d`).
  public static func positive(_ value: String, shown: String, example: String) throws(LabError) -> Int64 {
    switch read(value) {
    case .seconds(let seconds) where seconds >= 1: return seconds
    case .seconds: throw .duration(.noTime, shown: shown, example: example)
    case .tooLong: throw .duration(.tooLong, shown: shown, example: example)
    case .notADuration:
      // Units in words (`2 years`, `8 hours`): the example is what was meant, in letters.
      if let typed = DurationWords.letters(for: value), case .seconds(let seconds) = read(typed),
        seconds >= 1,
        shown.hasSuffix(value)
      {
        throw .duration(.notADuration, shown: shown, example: String(shown.dropLast(value.count)) + typed)
      }
      throw .duration(.notADuration, shown: shown, example: example)
    }
  }

  /// `seconds` exactly, as `advance` reads it: `4d23h10m23s`, `15m`, `0s`.
  public static func typed(_ seconds: Int64) -> String {
    var rest = max(0, seconds)
    var text = ""
    for (unit, size) in units.dropFirst(2) where rest >= size {
      text += "\(rest / size)\(unit)"
      rest %= size
    }
    return text.isEmpty ? "0s" : text
  }

  /// `seconds` as at most two adjacent units (`y` is 365.25 days), rounding down: `3h 12m`, `2d 4h`.
  public static func short(_ seconds: Double) -> String {
    guard seconds.isFinite else { return "∞" }
    let whole = Int64(max(0, seconds.rounded(.down)))
    let sizes: [(String, Int64)] = [("y", 31_557_600), ("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)]
    guard let first = sizes.firstIndex(where: { whole >= $0.1 }) else { return "0s" }
    var text = "\(whole / sizes[first].1)\(sizes[first].0)"
    if first + 1 < sizes.count {
      let next = whole % sizes[first].1 / sizes[first + 1].1
      if next > 0 { text += " \(next)\(sizes[first + 1].0)" }
    }
    return text
  }

  /// The unit ``span(_:unit:)`` uses for spans up to `longest`: seconds below three minutes (which
  /// would read `0.0h`, and a difference of 2 to 6 s a point `−0.001h (−0.001h … −0.001h)`), hours
  /// below two days, days below two years, then years.
  public static func spanUnit(_ longest: Double) -> (name: String, seconds: Double) {
    longest > 0 && longest < 180
      ? ("s", 1)
      : longest < 172_800 ? ("h", 3_600) : longest < 63_115_200 ? ("d", 86_400) : ("y", 31_557_600)
  }

  /// A span in one unit with one decimal (`24.8h`, `11.3d`, `3.4y`), so a row of them compares at a
  /// glance; with `decimals` (1 to 3), that many.
  public static func span(_ seconds: Double, unit: (name: String, seconds: Double), decimals: Int = 1)
    -> String
  {
    guard seconds.isFinite else { return "∞" }
    let scale = [1, 10, 100, 1_000][min(max(decimals, 0), 3)]
    let scaled = Int((seconds / unit.seconds * Double(scale)).rounded())
    guard scale > 1 else { return "\(scaled)\(unit.name)" }
    // A negative span (a difference) is its magnitude after a minus sign: `-0.5h`, not `0.-5h`.
    let sign = scaled < 0 ? "-" : ""
    let magnitude = scaled.magnitude
    let fraction = String(magnitude % UInt(scale))
    let padding = String(repeating: "0", count: String(scale).count - 1 - fraction.count)
    return "\(sign)\(magnitude / UInt(scale)).\(padding)\(fraction)\(unit.name)"
  }
}
